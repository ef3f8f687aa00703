import { ArrowLeft, Loader2, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { securityMessages } from '../../../../contracts/security-messages';
import { Button } from '../../../components/ui/button';
import { DialogDescription, DialogHeader, DialogIcon, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useTwoFactorSignIn } from '../api/two-factor-sign-in';
import { useCompleteLogin } from '../use-complete-login';

/** A backup code as the server hands them out, e.g. 'aB3dE-fG7hI'. */
const BACKUP_CODE_MAX = 20;

/**
 * The Sign In tab's second step when the account has two-factor on: the 6-digit code from the
 * authenticator app (or one of the backup codes), and whether to skip the code on this browser
 * for 30 days. Completes the sign-in exactly like a password that needed nothing more.
 */
export function TwoFactorForm({ onSuccess, onBack }: { onSuccess: () => void; onBack: () => void }) {
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const twoFactor = useTwoFactorSignIn();
  const completeLogin = useCompleteLogin();
  const ready = backup ? code.trim().length >= 6 : /^\d{6}$/.test(code);
  // The 10-minute step ran out: the password must be typed again.
  const expired = error === securityMessages.twoFactorExpired;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || twoFactor.isPending) return;
    setError(null);
    twoFactor.mutate(
      { code: code.trim(), trustDevice },
      {
        onSuccess: (outcome) => {
          if (outcome.ok) {
            onSuccess();
            completeLogin(outcome.user, 'login');
          } else {
            setError(outcome.message);
            setCode('');
          }
        },
      },
    );
  };

  // Switching between the app's code and a backup code puts the cursor in the new field.
  const field = useRef<HTMLInputElement>(null);
  const switched = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the kind of code changes only
  useEffect(() => {
    if (switched.current) field.current?.focus();
  }, [backup]);

  const switchKind = () => {
    switched.current = true;
    setBackup((current) => !current);
    setCode('');
    setError(null);
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-busy={twoFactor.isPending}>
      <DialogHeader className="mb-1">
        <DialogIcon icon={ShieldCheck} className="bg-indigo-50 text-indigo-600" />
        <DialogTitle>Two-factor authentication</DialogTitle>
        <DialogDescription>
          {backup ? 'Enter one of your backup codes.' : securityMessages.twoFactorRequired}
        </DialogDescription>
      </DialogHeader>
      {backup ? (
        <div className="grid gap-2">
          <Label htmlFor="two-factor-backup-code">Backup code</Label>
          <Input
            key="backup"
            ref={field}
            id="two-factor-backup-code"
            name="backupCode"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={BACKUP_CODE_MAX}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder="xxxxx-xxxxx"
            aria-describedby="two-factor-backup-hint"
            className="font-mono"
          />
          <p id="two-factor-backup-hint" className="text-xs text-slate-500">
            One of the codes you saved when you turned on two-factor. Each works once.
          </p>
        </div>
      ) : (
        <div className="grid gap-2">
          <Label htmlFor="two-factor-code">Authentication code</Label>
          <Input
            key="app"
            ref={field}
            id="two-factor-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            // Digits only: a code pasted as '123 456' still fits.
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            placeholder="123456"
            className="h-12 text-center font-mono text-lg tracking-[0.4em]"
          />
        </div>
      )}
      <label className="flex cursor-pointer items-center gap-2.5 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.target.checked)}
          className="size-4 shrink-0 accent-indigo-600"
        />
        Trust this browser for 30 days
      </label>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {expired ? null : (
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={!ready || twoFactor.isPending}>
          {twoFactor.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Verify
        </Button>
      )}
      <div className="flex flex-col-reverse items-stretch gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Button variant={expired ? 'default' : 'ghost'} size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back to Sign In
        </Button>
        {expired ? null : (
          <Button variant="link" size="sm" onClick={switchKind}>
            {backup ? 'Use the code from your app' : 'Use a backup code instead'}
          </Button>
        )}
      </div>
    </form>
  );
}
