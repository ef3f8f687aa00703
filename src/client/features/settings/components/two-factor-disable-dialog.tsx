import { ShieldOff } from 'lucide-react';
import { useId } from 'react';
import { disableTwoFactorBody, securityMessages } from '../../../../contracts/account-security';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { fieldMessage, setServerIssues, useContractForm } from '../../../lib/form-issues';
import { PasswordInput } from '../../auth/components/password-input';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { FormAlert } from './form-alert';

export const TWO_FACTOR_NOT_TURNED_OFF =
  'Two-factor authentication could not be turned off. Please try again.';

type Field = 'password' | 'code';

interface TwoFactorDisableDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The workspace requires two-factor: turning it off brings the prompt back. */
  requiredByWorkspace: boolean;
}

/** Privacy & Security › Turn off two-factor: the password and a current code (or a backup code). */
export function TwoFactorDisableDialog({
  open,
  onOpenChange,
  requiredByWorkspace,
}: TwoFactorDisableDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DisableForm requiredByWorkspace={requiredByWorkspace} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function DisableForm({ requiredByWorkspace, onDone }: { requiredByWorkspace: boolean; onDone: () => void }) {
  const id = useId();
  const inputId = (field: Field) => `${id}-${field}`;
  const disable = useDisableTwoFactor();
  const form = useContractForm(disableTwoFactorBody, {
    defaultValues: { password: '', code: '' },
    shouldFocusError: false,
  });
  const errors = form.formState.errors;
  const formError = errors.root?.message;

  const submit = form.handleSubmit((body) => {
    if (disable.isPending) return;
    disable.mutate(body, {
      onSuccess: () => {
        toast({
          title: 'Two-factor authentication is off',
          description: 'Signing in asks only for your password again.',
        });
        onDone();
      },
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        const message = failureMessage(failure, TWO_FACTOR_NOT_TURNED_OFF);
        if (message === securityMessages.wrongPassword) {
          form.setError('password', { type: 'server', message });
        } else if (message === securityMessages.twoFactorWrongCode) {
          form.setError('code', { type: 'server', message });
        } else if (setServerIssues(failure, form.setError, ['password', 'code']) === 0) {
          form.setError('root', { message });
        }
      },
    });
  });

  const passwordError = fieldMessage(errors.password);
  const codeError = fieldMessage(errors.code);
  const codeHint = 'The 6 digits your app shows now, or one of your backup codes.';

  return (
    <form onSubmit={submit} noValidate aria-busy={disable.isPending} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Turn off two-factor authentication</DialogTitle>
        <DialogDescription>
          Signing in will ask only for your password. Your backup codes stop working.
          {requiredByWorkspace
            ? ' Your workspace requires two-factor sign-in, so you will be asked to set it up again.'
            : ''}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <FormField id={inputId('password')} label="Your password" error={passwordError}>
          <PasswordInput
            id={inputId('password')}
            autoComplete="current-password"
            maxLength={128}
            autoFocus
            {...form.field('password')}
            aria-invalid={Boolean(passwordError) || undefined}
            aria-describedby={describedBy(inputId('password'), { hint: false, error: passwordError })}
          />
        </FormField>
        <FormField id={inputId('code')} label="Code" hint={codeHint} error={codeError}>
          <Input
            id={inputId('code')}
            autoComplete="one-time-code"
            maxLength={20}
            spellCheck={false}
            {...form.field('code')}
            aria-invalid={Boolean(codeError) || undefined}
            aria-describedby={describedBy(inputId('code'), { error: codeError })}
            className="max-w-56 font-mono"
          />
        </FormField>
      </div>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <DialogActions
        pending={disable.isPending}
        variant="destructive"
        icon={ShieldOff}
        label="Turn off"
        pendingLabel="Turning off..."
      />
    </form>
  );
}
