import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { securityMessages, twoFactorPasswordBody } from '../../../../contracts/account-security';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { PasswordInput } from '../../auth/components/password-input';
import { FormAlert } from './form-alert';

interface PasswordStepFormProps {
  title: string;
  description: ReactNode;
  label: string;
  pendingLabel: string;
  icon: LucideIcon;
  pending: boolean;
  /** Resolves when the server accepted it; a refusal rejects with the ApiError. */
  onSubmit: (password: string) => Promise<unknown>;
  /** The message when the refusal says nothing better. */
  fallback: string;
  children?: ReactNode;
}

/**
 * The first step of turning two-factor on and of making new backup codes: the password proves it
 * is the account's owner at this keyboard. A wrong password shows under the field.
 */
export function PasswordStepForm({
  title,
  description,
  label,
  pendingLabel,
  icon,
  pending,
  onSubmit,
  fallback,
  children,
}: PasswordStepFormProps) {
  const id = `${useId()}-password`;
  const form = useContractForm(twoFactorPasswordBody, {
    defaultValues: { password: '' },
    shouldFocusError: false,
  });
  const error = fieldMessage(form.formState.errors.password);
  const formError = form.formState.errors.root?.message;

  const submit = form.handleSubmit(async ({ password }) => {
    if (pending) return;
    try {
      await onSubmit(password);
    } catch (failure) {
      if (isUnauthorized(failure)) return;
      const message = failureMessage(failure, fallback);
      if (message === securityMessages.wrongPassword) {
        form.setError('password', { type: 'server', message });
      } else if (setServerIssues(failure, form.setError, ['password']) === 0) {
        form.setError('root', { message });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <FormField id={id} label="Your password" error={error}>
        <PasswordInput
          id={id}
          autoComplete="current-password"
          maxLength={128}
          autoFocus
          {...form.field('password')}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy(id, { hint: false, error })}
        />
      </FormField>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <DialogActions pending={pending} icon={icon} label={label} pendingLabel={pendingLabel} />
    </form>
  );
}
