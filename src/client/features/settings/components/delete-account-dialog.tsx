import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { accountMessages } from '../../../../contracts/settings';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import {
  failureCode,
  failureIssues,
  failureMessage,
  failureReason,
  isUnauthorized,
} from '../../../lib/api-client';
import { useDeleteAccount } from '../api/delete-account';

export const ACCOUNT_NOT_DELETED = 'Your account could not be deleted. Please try again.';

interface DeleteAccountDialogProps {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Danger Zone › Delete Account: what goes, then the user's email typed to confirm. */
export function DeleteAccountDialog({ email, open, onOpenChange }: DeleteAccountDialogProps) {
  const [inputError, setInputError] = useState<string | null>(null);
  /**
   * Why the server refused (a 409 with a reason): e.g. a workspace you own still has other members.
   * A 409 without one (things changed mid-way) is an ordinary failure: trying again may work.
   */
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteAccount();

  const submit = (typed: string) => {
    setRefusal(null);
    remove.mutate(typed, {
      onSuccess: () =>
        toast({
          title: accountMessages.accountDeleted,
          description: 'Your account and its data have been deleted. Thank you for using Kitepost.',
        }),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        const message = failureMessage(error, ACCOUNT_NOT_DELETED);
        const reason = failureCode(error) === 'conflict' ? (failureReason(error) ?? null) : null;
        if (reason) {
          // Spec §8: deletion that cannot be self-served; the dialog keeps the reason in view.
          toast({ ...accountMessages.deletionUnavailable, variant: 'destructive' });
          setRefusal(reason);
          return;
        }
        if (failureIssues(error).length > 0 || message === accountMessages.confirmEmailMismatch) {
          setInputError(message);
          return;
        }
        toast({ title: 'Account Not Deleted', description: message, variant: 'destructive' });
      },
    });
  };

  return (
    <ConfirmDialog
      open={open}
      className="max-w-lg"
      title="Delete your account?"
      description="This cannot be undone. Deleting your account removes:"
      typed={{
        label: 'Type your email to confirm',
        hint: `Your account's email is ${email}.`,
        type: 'email',
        matches: (typed) => sameEmail(typed, email),
        error: inputError,
        onChange: () => setInputError(null),
      }}
      error={refusal}
      confirmLabel="Delete my account"
      pendingLabel="Deleting..."
      confirmIcon={Trash2}
      keepLabel="Cancel"
      pending={remove.isPending}
      onConfirm={submit}
      onClose={() => {
        // What the last attempt said belongs to that attempt, not to the next opening.
        setInputError(null);
        setRefusal(null);
        onOpenChange(false);
      }}
    >
      <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700">
        <li>your profile, settings and every session you have open;</li>
        <li>
          each workspace where you are the only member, with its posts, connected social accounts and media;
        </li>
        <li>your membership of other workspaces. The posts you wrote there stay with that team.</li>
      </ul>
      <p className="text-sm text-slate-600">
        The paid plan of a workspace deleted with you is cancelled at once. If you own a workspace that has
        other members, transfer its ownership or remove them first.
      </p>
    </ConfirmDialog>
  );
}

/** The same comparison the contract makes (trimmed, lowercase), so the button and server agree. */
function sameEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}
