import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { useSignUp } from '../api/sign-up';
import { useCompleteLogin } from '../use-complete-login';
import { PasswordInput } from './password-input';

const emptyForm = { firstName: '', lastName: '', email: '', password: '' };

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const [form, setForm] = useState(emptyForm);
  const signUp = useSignUp();
  const completeLogin = useCompleteLogin();
  const ready = Object.values(form).every((value) => value.length > 0);

  const field = (name: keyof typeof emptyForm) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || signUp.isPending) return;
    signUp.mutate(form, {
      onSuccess: (outcome) => {
        if (outcome.ok) {
          setForm(emptyForm);
          onSuccess();
          completeLogin(outcome.user, 'signup');
        } else {
          toast({ title: 'Sign Up Failed', description: outcome.message, variant: 'destructive' });
        }
      },
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="signup-first-name">First Name</Label>
          <Input id="signup-first-name" autoComplete="given-name" {...field('firstName')} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="signup-last-name">Last Name</Label>
          <Input id="signup-last-name" autoComplete="family-name" {...field('lastName')} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="signup-email">Email</Label>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          placeholder="you@business.com"
          {...field('email')}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="signup-password">Password</Label>
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          aria-describedby="signup-password-hint"
          {...field('password')}
        />
        <p id="signup-password-hint" className="text-xs text-slate-500">
          At least 8 characters.
        </p>
      </div>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={!ready || signUp.isPending}>
        {signUp.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Create Account
      </Button>
    </form>
  );
}
