import { type FormEvent, useState } from 'react';
import { adminMessages } from '../../../../contracts/admin';
import type { PlanId, SubscriptionStatus } from '../../../../contracts/plans';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { useAuthMethods } from '../../auth/api/get-auth-methods';
import { fullName } from '../admin-display';
import { useCreateAdminUser } from '../api/create-admin-user';
import { IssuedAccessCode, type IssuedCode } from './issued-access-code';
import {
  AccessCodeCheckbox,
  ActiveCheckbox,
  FormActions,
  FormError,
  formFailureHandler,
  IdentityFields,
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && create.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-lg">
        {/* Mounted per opening, so every opening starts from an empty form. */}
        {open ? <CreateUserForm create={create} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateUserForm({
  create,
  onDone,
}: {
  create: ReturnType<typeof useCreateAdminUser>;
  onDone: () => void;
}) {
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  // Spec §9: a new user is on the free plan, active, and their account is active.
  const [plan, setPlan] = useState<PlanId>('free');
  const [status, setStatus] = useState<SubscriptionStatus>('active');
  const [isActive, setIsActive] = useState(true);
  // Off by default: a code is a second way in, given only on purpose.
  const [hasAccessCode, setHasAccessCode] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const codesOff = useAuthMethods().data?.accessCodes === false;

  const canSubmit = email.trim() !== '' && firstName.trim() !== '' && !create.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setServerError(null);
    create.mutate(
      {
        email,
        firstName,
        lastName,
        subscriptionPlan: plan,
        subscriptionStatus: status,
        isActive,
        hasAccessCode: hasAccessCode && !codesOff,
      },
      {
        onSuccess: (user) => {
          toast({ title: 'User Created', description: `${user.email} was created.` });
          // The code is shown this once, in the dialog, until the admin closes it.
          if (user.accessCode) setIssued({ name: fullName(user), accessCode: user.accessCode });
          else onDone();
        },
        onError: formFailureHandler(setServerError, {
          title: 'Creation Failed',
          description: 'Failed to create user. Please try again.',
        }),
      },
    );
  };

  if (issued) return <IssuedAccessCode issued={issued} onDone={onDone} />;

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>Create New User</DialogTitle>
        <DialogDescription>
          The user gets a workspace, and an access code to sign in with if you choose.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <IdentityFields
          idPrefix="create-user"
          email={email}
          firstName={firstName}
          lastName={lastName}
          onEmailChange={setEmail}
          onFirstNameChange={setFirstName}
          onLastNameChange={setLastName}
          emailPlaceholder="name@company.com"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PlanSelect id="create-user-plan" value={plan} onChange={setPlan} />
          <StatusSelect id="create-user-status" value={status} onChange={setStatus} />
        </div>
        <ActiveCheckbox id="create-user-active" checked={isActive} onChange={setIsActive} />
        <AccessCodeCheckbox
          id="create-user-access-code"
          checked={hasAccessCode && !codesOff}
          onChange={setHasAccessCode}
          disabledReason={codesOff ? adminMessages.accessCodesOff : null}
          note="The 4-character code is shown once, after the user is created."
        />
        <FormError message={serverError} />
      </div>
      <FormActions
        pending={create.isPending}
        canSubmit={canSubmit}
        label="Create User"
        pendingLabel="Creating..."
      />
    </form>
  );
}
