import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { z } from 'zod';
import { accountMessages, changePasswordBody } from '../../../../contracts/settings';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { PasswordInput } from '../../auth/components/password-input';
import { useChangePassword } from '../api/change-password';

export const PASSWORD_NOT_CHANGED = 'Your password could not be changed. Please try again.';
export const PASSWORDS_DIFFER = 'The two new passwords are not the same.';

/**
 * The contract's body, and the new password typed twice: the second copy is the client's own
 * check (the server never sees it), compared only once the new password itself is acceptable.
 */
const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string().min(1, 'Required') })
  .superRefine((values, context) => {
    const newPasswordOk = changePasswordBody.shape.newPassword.safeParse(values.newPassword).success;
    if (values.confirmPassword && newPasswordOk && values.confirmPassword !== values.newPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DIFFER });
    }
  });

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const fields: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];

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
  const form = useContractForm(changePasswordForm, {
    // Sign-out on by default: whoever changes a password because of a doubt wants the other sessions gone.
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', signOutOtherSessions: true },
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  /** A refusal that belongs to no field (too many attempts, a lost connection). */
  const formError = errors.root?.message;
  const change = useChangePassword();

  const submit = form.handleSubmit(({ confirmPassword: _typedTwice, ...body }) => {
    if (change.isPending) return;
    change.mutate(body, {
      onSuccess: () => {
        toast({
          title: accountMessages.passwordChanged,
          description: body.signOutOtherSessions
            ? 'Your other devices were signed out. Use the new password next time you sign in.'
            : 'Use the new password next time you sign in.',
        });
        onDone();
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        const message = failureMessage(error, PASSWORD_NOT_CHANGED);
        if (message === accountMessages.wrongPassword) {
          form.setError('currentPassword', { type: 'server', message });
          return;
        }
        if (setServerIssues(error, form.setError, fields) === 0) form.setError('root', { message });
      },
    });
  });

  const passwordField = (field: Field, label: string, autoComplete: string, hint?: string) => {
    const error = fieldMessage(errors[field]);
    return (
      <FormField id={inputId(field)} label={label} hint={hint} error={error}>
        <PasswordInput
          id={inputId(field)}
          autoComplete={autoComplete}
          maxLength={128}
          {...form.field(field)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy(inputId(field), { hint: Boolean(hint), error })}
        />
      </FormField>
    );
  };

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
            {...form.register('signOutOtherSessions')}
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
      <DialogActions
        pending={change.isPending}
        icon={KeyRound}
        label="Change password"
        pendingLabel="Changing..."
      />
    </form>
  );
}
