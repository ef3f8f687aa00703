import { KeyRound, LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { accountMessages, changePasswordBody } from '../../../../contracts/settings';
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
import { failureIssues, failureMessage, isUnauthorized } from '../../../lib/api-client';
import { PasswordInput } from '../../auth/components/password-input';
import { useChangePassword } from '../api/change-password';
import { errorsByField, type FieldErrors, schemaIssues } from '../form-issues';
import { describedBy, FormField } from './form-field';

export const PASSWORD_NOT_CHANGED = 'Your password could not be changed. Please try again.';
export const PASSWORDS_DIFFER = 'The two new passwords are not the same.';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Privacy & Security › Change password: current, new twice, and whether to sign out elsewhere. */
export function ChangePasswordDialog({ open, onOpenChange }: ChangePasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Unmounted when closed: the passwords typed are forgotten with the dialog. */}
        <ChangePasswordForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const inputId = (field: Field) => `${id}-${field}`;
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  // On by default: whoever changes a password because of a doubt wants the other sessions gone.
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  /** A refusal that belongs to no field (too many attempts, a lost connection). */
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setFormError(null);
    const parsed = changePasswordBody.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
      signOutOtherSessions: signOutOthers,
    });
    const found: FieldErrors<Field> = parsed.success ? {} : errorsByField<Field>(schemaIssues(parsed.error));
    if (!values.confirmPassword) found.confirmPassword = 'Required';
    else if (!found.newPassword && values.confirmPassword !== values.newPassword) {
      found.confirmPassword = PASSWORDS_DIFFER;
    }
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    change.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: accountMessages.passwordChanged,
          description: parsed.data.signOutOtherSessions
            ? 'Your other devices were signed out. Use the new password next time you sign in.'
            : 'Use the new password next time you sign in.',
        });
        onDone();
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        const message = failureMessage(error, PASSWORD_NOT_CHANGED);
        if (message === accountMessages.wrongPassword) {
          setErrors({ currentPassword: message });
          return;
        }
        const fieldErrors = errorsByField<Field>(failureIssues(error));
        if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
        else setFormError(message);
      },
    });
  };

  const passwordField = (field: Field, label: string, autoComplete: string, hint?: string) => (
    <FormField id={inputId(field)} label={label} hint={hint} error={errors[field]}>
      <PasswordInput
        id={inputId(field)}
        value={values[field]}
        autoComplete={autoComplete}
        maxLength={128}
        onChange={(event) => set(field, event.target.value)}
        aria-invalid={Boolean(errors[field]) || undefined}
        aria-describedby={describedBy(inputId(field), { hint: Boolean(hint), error: errors[field] })}
      />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate aria-busy={change.isPending} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Change password</DialogTitle>
        <DialogDescription>Enter your current password, then the new one twice.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        {passwordField('currentPassword', 'Current password', 'current-password')}
        {passwordField('newPassword', 'New password', 'new-password', 'At least 8 characters.')}
        {passwordField('confirmPassword', 'Confirm new password', 'new-password')}
        <label className="flex cursor-pointer items-start gap-2.5 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={signOutOthers}
            onChange={(event) => setSignOutOthers(event.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-indigo-600"
          />
          <span>
            Sign out of other devices
            <span className="block text-xs text-slate-500">
              Everywhere else you're signed in will need the new password. This browser stays signed in.
            </span>
          </span>
        </label>
      </div>
      {formError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {formError}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={change.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <KeyRound aria-hidden="true" />
          )}
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </DialogFooter>
    </form>
  );
}
