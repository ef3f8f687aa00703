import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { useSignIn } from '../api/sign-in';
import { useCompleteLogin } from '../use-complete-login';
import { PasswordInput } from './password-input';

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const completeLogin = useCompleteLogin();
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
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="you@business.com"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="signin-password">Password</Label>
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
    </form>
  );
}
