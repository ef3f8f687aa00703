import { CircleAlert, LoaderCircle, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { accountMessages } from '../../../../contracts/settings';
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
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import {
  ApiError,
  failureIssues,
  failureMessage,
  failureStatus,
  isUnauthorized,
} from '../../../lib/api-client';
import { useDeleteAccount } from '../api/delete-account';
import { describedBy, FormField } from './form-field';

export const ACCOUNT_NOT_DELETED = 'Your account could not be deleted. Please try again.';

interface DeleteAccountDialogProps {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Danger Zone › Delete Account: what goes, then the user's email typed to confirm. */
export function DeleteAccountDialog({ email, open, onOpenChange }: DeleteAccountDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DeleteAccountForm email={email} />
      </DialogContent>
    </Dialog>
  );
}

/** The 409's `reason` (the server's why, under the spec's fixed message), when it gave one. */
function refusalReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const reason = (error.body as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' && reason.length > 0 ? reason : null;
}

/** The same comparison the contract makes (trimmed, lowercase), so the button and server agree. */
function sameEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

function DeleteAccountForm({ email }: { email: string }) {
  const id = useId();
  const inputId = `${id}-confirm`;
  const [typed, setTyped] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  /** Why the server refused (409): e.g. a workspace you own still has other members. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const confirmed = sameEmail(typed, email);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!confirmed) {
      setInputError(accountMessages.confirmEmailMismatch);
      return;
    }
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
        if (failureStatus(error) === 409) {
          // Spec §8: deletion that cannot be self-served; the dialog keeps the reason in view.
          toast({ ...accountMessages.deletionUnavailable, variant: 'destructive' });
          setRefusal(refusalReason(error) ?? message);
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
    <form onSubmit={submit} noValidate aria-busy={remove.isPending} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>This cannot be undone. Deleting your account removes:</DialogDescription>
      </DialogHeader>
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
      {refusal ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{refusal}</p>
        </div>
      ) : null}
      <FormField
        id={inputId}
        label="Type your email to confirm"
        hint={`Your account's email is ${email}.`}
        error={inputError ?? undefined}
      >
        <Input
          id={inputId}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setInputError(null);
          }}
          aria-invalid={Boolean(inputError) || undefined}
          aria-describedby={describedBy(inputId, { error: inputError ?? undefined })}
        />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={remove.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
          {remove.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </DialogFooter>
    </form>
  );
}
