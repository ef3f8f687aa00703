import { useState } from 'react';
import { adminMessages, createAdminUserBody } from '../../../../contracts/admin';
import { toast } from '../../../components/ui/use-toast';
import { useContractForm } from '../../../lib/form-issues';
import { useAuthMethods } from '../../auth/api/get-auth-methods';
import { fullName } from '../admin-display';
import { useCreateAdminUser } from '../api/create-admin-user';
import type { IssuedCode } from './issued-access-code';
import { UserForm, UserFormDialog } from './user-form-dialog';
import {
  AccessCodeCheckbox,
  ActiveCheckbox,
  formFailureHandler,
  IdentityFields,
  identityFields,
  PlanSelect,
  StatusSelect,
} from './user-form-fields';

interface CreateUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create New User (spec §2, §5): email and first name required, last name not. */
export function CreateUserDialog({ open, onOpenChange }: CreateUserDialogProps) {
  const create = useCreateAdminUser();
  return (
    <UserFormDialog open={open} pending={create.isPending} onClose={() => onOpenChange(false)}>
      {/* Mounted per opening, so every opening starts from an empty form. */}
      {open ? <CreateUserForm create={create} onDone={() => onOpenChange(false)} /> : null}
    </UserFormDialog>
  );
}

function CreateUserForm({
  create,
  onDone,
}: {
  create: ReturnType<typeof useCreateAdminUser>;
  onDone: () => void;
}) {
  const form = useContractForm(createAdminUserBody, {
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      // Spec §9: a new user is on the free plan, active, and their account is active.
      subscriptionPlan: 'free',
      subscriptionStatus: 'active',
      isActive: true,
      // Off by default: a code is a second way in, given only on purpose.
      hasAccessCode: false,
    },
  });
  const values = form.watch();
  const errors = form.formState.errors;
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const codesOff = useAuthMethods().data?.accessCodes === false;

  const save = form.handleSubmit((body) => {
    create.mutate(
      { ...body, hasAccessCode: body.hasAccessCode && !codesOff },
      {
        onSuccess: (user) => {
          toast({ title: 'User Created', description: `${user.email} was created.` });
          // The code is shown this once, in the dialog, until the admin closes it.
          if (user.accessCode) setIssued({ name: fullName(user), accessCode: user.accessCode });
          else onDone();
        },
        onError: formFailureHandler(form.setError, identityFields, {
          title: 'Creation Failed',
          description: 'Failed to create user. Please try again.',
        }),
      },
    );
  });

  return (
    <UserForm
      title="Create New User"
      description="The user gets a workspace, and an access code to sign in with if you choose."
      required={values}
      save={save}
      pending={create.isPending}
      label="Create User"
      pendingLabel="Creating..."
      rootError={errors.root?.message}
      issued={issued}
      onDone={onDone}
    >
      <IdentityFields
        idPrefix="create-user"
        field={form.field}
        errors={errors}
        emailPlaceholder="name@company.com"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PlanSelect id="create-user-plan" {...form.field('subscriptionPlan')} />
        <StatusSelect id="create-user-status" {...form.field('subscriptionStatus')} />
      </div>
      <ActiveCheckbox
        id="create-user-active"
        checked={values.isActive ?? true}
        onChange={(checked) => form.setField('isActive', checked)}
      />
      <AccessCodeCheckbox
        id="create-user-access-code"
        checked={Boolean(values.hasAccessCode) && !codesOff}
        onChange={(checked) => form.setField('hasAccessCode', checked)}
        disabledReason={codesOff ? adminMessages.accessCodesOff : null}
        note="The 4-character code is shown once, after the user is created."
      />
    </UserForm>
  );
}
