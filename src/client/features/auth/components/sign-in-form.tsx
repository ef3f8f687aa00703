import { Fingerprint, Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { useSignIn } from '../api/sign-in';
import { useCompleteLogin } from '../use-complete-login';
import { usePasskeySignIn } from '../use-passkey-sign-in';
import { PasswordInput } from './password-input';

interface SignInFormProps {
  onSuccess: () => void;
  /** 'Forgot password?': the dialog asks for the address to send a reset link to (this one, if typed). */
  onForgotPassword: (email: string) => void;
  /** The password was right and the account asks for a code from an authenticator app. */
  onTwoFactor: () => void;
}

export function SignInForm({ onSuccess, onForgotPassword, onTwoFactor }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const completeLogin = useCompleteLogin();
  const passkey = usePasskeySignIn(onSuccess);
  const ready = email.length > 0 && password.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || signIn.isPending) return;
    signIn.mutate(
      { email, password },
      {
        onSuccess: (outcome) => {
          if (outcome.ok) {
            setEmail('');
            setPassword('');
            onSuccess();
            completeLogin(outcome.user, 'login');
          } else if (outcome.reason === 'two-factor') {
            setPassword('');
            onTwoFactor();
          } else {
            // The dialog stays open so the user can correct the details.
            toast({ title: 'Login Failed', description: outcome.message, variant: 'destructive' });
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="signin-email">Email</Label>
        <Input
          id="signin-email"
          name="email"
          type="email"
          // `webauthn` last: the browser offers the passkeys saved for this site among the
          // suggestions (conditional UI, use-passkey-sign-in.ts).
          autoComplete="username webauthn"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="you@business.com"
        />
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor="signin-password">Password</Label>
          <button
            type="button"
            onClick={() => onForgotPassword(email)}
            className="rounded text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            Forgot password?
          </button>
        </div>
        <PasswordInput
          id="signin-password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={!ready || signIn.isPending}>
        {signIn.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Sign In
      </Button>
      {passkey.supported ? (
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          onClick={() => void passkey.start()}
          disabled={passkey.pending}
        >
          {passkey.pending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Fingerprint aria-hidden="true" />
          )}
          Sign in with a passkey
        </Button>
      ) : null}
    </form>
  );
}
