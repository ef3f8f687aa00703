import { ShieldCheck, Smartphone } from 'lucide-react';
import { useId, useState } from 'react';
import { securityMessages, verifyTwoFactorBody } from '../../../../contracts/account-security';
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
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { groupSecret, secretOfTotpUri } from '../two-factor-display';
import { BackupCodesView } from './backup-codes-view';
import { FormAlert } from './form-alert';
import { PasswordStepForm } from './password-step-form';
import { TotpQrCode } from './totp-qr-code';

export const TWO_FACTOR_NOT_STARTED = 'Two-factor authentication could not be set up. Please try again.';
export const TWO_FACTOR_STILL_OFF = {
  title: 'Two-factor authentication is still off',
  description: 'You did not confirm a code, so nothing changed. Start again whenever you like.',
};
export const TWO_FACTOR_ON = {
  title: 'Two-factor authentication is on',
  description: 'From now on, signing in asks for a code from your authenticator app.',
};

type Step =
  | { kind: 'password' }
  | { kind: 'scan'; totpURI: string; backupCodes: string[] }
  | { kind: 'codes'; backupCodes: string[] };

interface TwoFactorSetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}

/**
 * Settings › Privacy & Security › Turn on two-factor: the password, then the QR code (or the key
 * typed by hand) and a first code from the app, then the backup codes, shown once. Two-factor is
 * on only once the code is accepted; closing the dialog before that leaves it off, and says so.
 */
export function TwoFactorSetupDialog({ open, onOpenChange, email }: TwoFactorSetupDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const enable = useEnableTwoFactor();

  // Every way out (Cancel, the close button, Escape) comes here, so each says where things stand.
  const close = () => {
    if (step.kind === 'scan') toast(TWO_FACTOR_STILL_OFF);
    if (step.kind === 'codes') toast(TWO_FACTOR_ON);
    setStep({ kind: 'password' });
    enable.reset();
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        className="max-w-lg"
        // Past the password, a stray click beside the dialog must not throw the setup (or the
        // backup codes, on screen only once) away; Escape must not lose the codes either.
        onInteractOutside={(event) => {
          if (step.kind !== 'password') event.preventDefault();
        }}
        onEscapeKeyDown={(event) => {
          if (step.kind === 'codes') event.preventDefault();
        }}
      >
        {step.kind === 'password' ? (
          <PasswordStepForm
            title="Turn on two-factor authentication"
            description="Signing in will ask for a code from an app on your phone as well as your password. First, confirm your password."
            label="Continue"
            pendingLabel="Checking..."
            icon={ShieldCheck}
            pending={enable.isPending}
            fallback={TWO_FACTOR_NOT_STARTED}
            onSubmit={async (password) => {
              const answer = await enable.mutateAsync({ password });
              setStep({ kind: 'scan', ...answer });
            }}
          />
        ) : step.kind === 'scan' ? (
          <ScanStep
            totpURI={step.totpURI}
            onVerified={() => setStep({ kind: 'codes', backupCodes: step.backupCodes })}
          />
        ) : (
          <div className="grid gap-5">
            <DialogHeader>
              <DialogTitle>Two-factor authentication is on</DialogTitle>
              <DialogDescription>
                If you ever lose your phone, a backup code signs you in instead of the app's code.
              </DialogDescription>
            </DialogHeader>
            <BackupCodesView codes={step.backupCodes} email={email} onDone={close} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ScanStep({ totpURI, onVerified }: { totpURI: string; onVerified: () => void }) {
  const id = `${useId()}-code`;
  const secret = secretOfTotpUri(totpURI);
  const verify = useVerifyTwoFactor();
  const form = useContractForm(verifyTwoFactorBody, { defaultValues: { code: '' }, shouldFocusError: false });
  const error = fieldMessage(form.formState.errors.code);
  const formError = form.formState.errors.root?.message;

  const submit = form.handleSubmit((body) => {
    if (verify.isPending) return;
    verify.mutate(body, {
      onSuccess: onVerified,
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        const message = failureMessage(failure, TWO_FACTOR_NOT_STARTED);
        if (message === securityMessages.twoFactorWrongCode) {
          form.setError('code', { type: 'server', message });
        } else if (setServerIssues(failure, form.setError, ['code']) === 0) {
          form.setError('root', { message });
        }
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={verify.isPending} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Scan the QR code</DialogTitle>
        <DialogDescription>
          Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...) and scan
          this code, or type the key into the app.
        </DialogDescription>
      </DialogHeader>
      <div className="grid items-center gap-4 sm:grid-cols-[auto_minmax(0,1fr)]">
        <div className="justify-self-center">
          <TotpQrCode uri={totpURI} />
        </div>
        {secret ? (
          <div className="grid gap-1.5">
            <p className="text-xs font-medium text-slate-600">Can't scan it? Enter this key:</p>
            <p
              data-testid="totp-secret"
              className="rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm tracking-wider text-slate-900 select-all [overflow-wrap:anywhere]"
            >
              {groupSecret(secret)}
            </p>
            <p className="text-xs text-slate-500">Time-based, 6 digits, every 30 seconds.</p>
          </div>
        ) : null}
      </div>
      <FormField
        id={id}
        label="6-digit code from the app"
        hint="Two-factor turns on only once this code is accepted. Cancel leaves it off."
        error={error}
      >
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          placeholder="123456"
          {...form.field('code')}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy(id, { error })}
          className="max-w-40 font-mono tracking-[0.3em]"
        />
      </FormField>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <DialogActions
        pending={verify.isPending}
        icon={Smartphone}
        label="Turn on"
        pendingLabel="Checking..."
      />
    </form>
  );
}
