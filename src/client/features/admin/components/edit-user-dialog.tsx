import { useState } from 'react';
import { type AdminUser, adminMessages, updateAdminUserBody } from '../../../../contracts/admin';
import { toast } from '../../../components/ui/use-toast';
import { fieldMessage, useContractForm } from '../../../lib/form-issues';
import { useAuthMethods } from '../../auth/api/get-auth-methods';
import { fullName } from '../admin-display';
import { useUpdateAdminUser } from '../api/update-admin-user';
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
  TextField,
} from './user-form-fields';

/** The fields a refused save's issues can land on. */
const editFields = [...identityFields, 'stripeCustomerId', 'stripeSubscriptionId'] as const;

interface EditUserDialogProps {
  /** The user being edited; null closes the dialog. */
  user: AdminUser | null;
  onClose: () => void;
}

/** Edit User (spec §2): the whole user, sent back whole (PUT /api/admin/users/{id}). */
export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const update = useUpdateAdminUser();
  return (
    <UserFormDialog open={user !== null} pending={update.isPending} onClose={onClose}>
      {user ? <EditUserForm key={user.id} user={user} update={update} onDone={onClose} /> : null}
    </UserFormDialog>
  );
}

function EditUserForm({
  user,
  update,
  onDone,
}: {
  user: AdminUser;
  update: ReturnType<typeof useUpdateAdminUser>;
  onDone: () => void;
}) {
  const form = useContractForm(updateAdminUserBody, {
    defaultValues: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      hasAccessCode: user.hasAccessCode,
      subscriptionPlan: user.subscriptionPlan,
      subscriptionStatus: user.subscriptionStatus,
      isActive: user.isActive,
      stripeCustomerId: user.stripeCustomerId ?? '',
      stripeSubscriptionId: user.stripeSubscriptionId ?? '',
    },
  });
  const values = form.watch();
  const errors = form.formState.errors;
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const codesOff = useAuthMethods().data?.accessCodes === false;

  const save = form.handleSubmit((body) => {
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: (saved) => {
          toast({ title: 'User Updated', description: `${fullName(saved)}’s information was saved.` });
          // A code this save issued is shown this once, in the dialog.
          if (saved.accessCode) setIssued({ name: fullName(saved), accessCode: saved.accessCode });
          else onDone();
        },
        onError: formFailureHandler(form.setError, editFields, {
          title: 'Update Failed',
          description: 'Failed to update user information. Please try again.',
        }),
      },
    );
  });
  // The built-in operator account cannot be deactivated (the server refuses it too).
  const lockActive = user.isSystem;
  // Turning a code on needs codes on; turning one off is always allowed.
  const codeLockedReason = user.isSystem
    ? adminMessages.systemUserCode
    : codesOff && !user.hasAccessCode
      ? adminMessages.accessCodesOff
      : null;

  return (
    <UserForm
      title="Edit User"
      description={`${fullName(user)} · ID ${user.id}`}
      descriptionClassName="[overflow-wrap:anywhere]"
      required={values}
      save={save}
      pending={update.isPending}
      label="Save Changes"
      pendingLabel="Saving..."
      rootError={errors.root?.message}
      issued={issued}
      onDone={onDone}
    >
      <IdentityFields idPrefix="edit-user" field={form.field} errors={errors} />
      <AccessCodeCheckbox
        id="edit-user-access-code"
        checked={Boolean(values.hasAccessCode)}
        onChange={(checked) => form.setField('hasAccessCode', checked)}
        disabledReason={codeLockedReason}
        note={
          user.hasAccessCode
            ? 'Unticking takes the code away. For a new code, use Regenerate in the table.'
            : 'Ticking issues a 4-character code, shown once after saving.'
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PlanSelect id="edit-user-plan" {...form.field('subscriptionPlan')} />
        <StatusSelect id="edit-user-status" {...form.field('subscriptionStatus')} />
      </div>
      <p className="-mt-2 text-xs text-slate-500">{adminMessages.planOverrideNote}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="edit-user-stripe-customer"
          label="Stripe Customer ID"
          {...form.field('stripeCustomerId')}
          error={fieldMessage(errors.stripeCustomerId)}
          placeholder="cus_..."
          autoComplete="off"
        />
        <TextField
          id="edit-user-stripe-subscription"
          label="Stripe Subscription ID"
          {...form.field('stripeSubscriptionId')}
          error={fieldMessage(errors.stripeSubscriptionId)}
          placeholder="sub_..."
          autoComplete="off"
        />
      </div>
      <ActiveCheckbox
        id="edit-user-active"
        checked={values.isActive}
        onChange={(checked) => form.setField('isActive', checked)}
        disabled={lockActive}
        note={
          lockActive
            ? adminMessages.systemUser
            : 'An inactive user is signed out everywhere and cannot sign in; their scheduled posts are paused.'
        }
      />
    </UserForm>
  );
}
