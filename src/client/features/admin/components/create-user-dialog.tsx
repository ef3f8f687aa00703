import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { PlanId, SubscriptionStatus } from '../../../../contracts/plans';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, failureStatus, isUnauthorized } from '../../../lib/api-client';
import { useCreateAdminUser } from '../api/create-admin-user';
import { ActiveCheckbox, FormError, PlanSelect, StatusSelect, TextField } from './user-form-fields';

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
  const [serverError, setServerError] = useState<string | null>(null);

  const canSubmit = email.trim() !== '' && firstName.trim() !== '' && !create.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setServerError(null);
    create.mutate(
      { email, firstName, lastName, subscriptionPlan: plan, subscriptionStatus: status, isActive },
      {
        onSuccess: (user) => {
          toast({
            title: 'User Created',
            description: `${user.email} can sign in with access code ${user.accessCode}.`,
          });
          onDone();
        },
        onError: (error) => {
          if (isUnauthorized(error)) return;
          const status = failureStatus(error);
          if (status === 400 || status === 409) setServerError(failureMessage(error, ''));
          toast({
            title: 'Creation Failed',
            description: 'Failed to create user. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>Create New User</DialogTitle>
        <DialogDescription>
          The user gets a workspace and a unique access code to sign in with.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <TextField
          id="create-user-email"
          label="Email"
          type="email"
          value={email}
          onChange={setEmail}
          required
          autoComplete="off"
          placeholder="name@company.com"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="create-user-first-name"
            label="First Name"
            value={firstName}
            onChange={setFirstName}
            required
            autoComplete="off"
            maxLength={100}
          />
          <TextField
            id="create-user-last-name"
            label="Last Name"
            value={lastName}
            onChange={setLastName}
            autoComplete="off"
            maxLength={100}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <PlanSelect id="create-user-plan" value={plan} onChange={setPlan} />
          <StatusSelect id="create-user-status" value={status} onChange={setStatus} />
        </div>
        <ActiveCheckbox id="create-user-active" checked={isActive} onChange={setIsActive} />
        <FormError message={serverError} />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={create.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!canSubmit}>
          {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {create.isPending ? 'Creating...' : 'Create User'}
        </Button>
      </DialogFooter>
    </form>
  );
}
