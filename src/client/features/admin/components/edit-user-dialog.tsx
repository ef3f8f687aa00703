import { type FormEvent, useState } from 'react';
import { type AdminUser, adminMessages } from '../../../../contracts/admin';
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
import { useUpdateAdminUser } from '../api/update-admin-user';
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
  TextField,
} from './user-form-fields';

interface EditUserDialogProps {
  /** The user being edited; null closes the dialog. */
  user: AdminUser | null;
  onClose: () => void;
}

/** Edit User (spec §2): the whole user, sent back whole (PUT /api/admin/users/{id}). */
export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const update = useUpdateAdminUser();
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(next) => {
        if (!next && !update.isPending) onClose();
      }}
    >
      <DialogContent className="max-w-lg">
        {user ? <EditUserForm key={user.id} user={user} update={update} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
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
  const [email, setEmail] = useState(user.email);
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [hasAccessCode, setHasAccessCode] = useState(user.hasAccessCode);
  const [plan, setPlan] = useState<PlanId>(user.subscriptionPlan);
  const [status, setStatus] = useState<SubscriptionStatus>(user.subscriptionStatus);
  const [isActive, setIsActive] = useState(user.isActive);
  const [stripeCustomerId, setStripeCustomerId] = useState(user.stripeCustomerId ?? '');
  const [stripeSubscriptionId, setStripeSubscriptionId] = useState(user.stripeSubscriptionId ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const codesOff = useAuthMethods().data?.accessCodes === false;

  const canSubmit = email.trim() !== '' && firstName.trim() !== '' && !update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setServerError(null);
    update.mutate(
      {
        id: user.id,
        body: {
          email,
          firstName,
          lastName,
          hasAccessCode,
          subscriptionPlan: plan,
          subscriptionStatus: status,
          isActive,
          stripeCustomerId,
          stripeSubscriptionId,
        },
      },
      {
        onSuccess: (saved) => {
          toast({ title: 'User Updated', description: `${fullName(saved)}’s information was saved.` });
          // A code this save issued is shown this once, in the dialog.
          if (saved.accessCode) setIssued({ name: fullName(saved), accessCode: saved.accessCode });
          else onDone();
        },
        onError: formFailureHandler(setServerError, {
          title: 'Update Failed',
          description: 'Failed to update user information. Please try again.',
        }),
      },
    );
  };

  // The built-in operator account cannot be deactivated (the server refuses it too).
  const lockActive = user.isSystem;
  // Turning a code on needs codes on; turning one off is always allowed.
  const codeLockedReason = user.isSystem
    ? adminMessages.systemUserCode
    : codesOff && !user.hasAccessCode
      ? adminMessages.accessCodesOff
      : null;

  if (issued) return <IssuedAccessCode issued={issued} onDone={onDone} />;

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>Edit User</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          {fullName(user)} · ID {user.id}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <IdentityFields
          idPrefix="edit-user"
          email={email}
          firstName={firstName}
          lastName={lastName}
          onEmailChange={setEmail}
          onFirstNameChange={setFirstName}
          onLastNameChange={setLastName}
        />
        <AccessCodeCheckbox
          id="edit-user-access-code"
          checked={hasAccessCode}
          onChange={setHasAccessCode}
          disabledReason={codeLockedReason}
          note={
            user.hasAccessCode
              ? 'Unticking takes the code away. For a new code, use Regenerate in the table.'
              : 'Ticking issues a 4-character code, shown once after saving.'
          }
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PlanSelect id="edit-user-plan" value={plan} onChange={setPlan} />
          <StatusSelect id="edit-user-status" value={status} onChange={setStatus} />
        </div>
        <p className="-mt-2 text-xs text-slate-500">{adminMessages.planOverrideNote}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="edit-user-stripe-customer"
            label="Stripe Customer ID"
            value={stripeCustomerId}
            onChange={setStripeCustomerId}
            placeholder="cus_..."
            autoComplete="off"
          />
          <TextField
            id="edit-user-stripe-subscription"
            label="Stripe Subscription ID"
            value={stripeSubscriptionId}
            onChange={setStripeSubscriptionId}
            placeholder="sub_..."
            autoComplete="off"
          />
        </div>
        <ActiveCheckbox
          id="edit-user-active"
          checked={isActive}
          onChange={setIsActive}
          disabled={lockActive}
          note={
            lockActive
              ? adminMessages.systemUser
              : 'An inactive user is signed out everywhere and cannot sign in; their scheduled posts are paused.'
          }
        />
        <FormError message={serverError} />
      </div>
      <FormActions
        pending={update.isPending}
        canSubmit={canSubmit}
        label="Save Changes"
        pendingLabel="Saving..."
      />
    </form>
  );
}
