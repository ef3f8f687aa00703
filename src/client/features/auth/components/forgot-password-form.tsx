import { ArrowLeft, Loader2, MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { failureMessage } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';

const NOT_SENT = 'The link could not be sent. Please try again in a moment.';

/**
 * The Sign In tab's 'Forgot password?' step: one address, and the server's answer, which is the
 * same whether or not an account uses it (nobody learns who has one here).
 */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const ready = email.trim().length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || forgot.isPending) return;
    setError(null);
    forgot.mutate(
      { email: email.trim() },
      {
        onSuccess: (answer) => setSent(answer.message),
        onError: (failure) => setError(failureMessage(failure, NOT_SENT)),
      },
    );
  };

  const back = (
    <Button variant="ghost" className="w-full" onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      Back to Sign In
    </Button>
  );

  if (sent) {
    return (
      <div className="grid gap-4">
        <p
          role="status"
          className="flex items-start gap-2.5 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900"
        >
          <MailCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
          <span>{sent}</span>
        </p>
        {back}
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-busy={forgot.isPending}>
      <div className="grid gap-2">
        <Label htmlFor="forgot-email">Email</Label>
        <Input
          id="forgot-email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="you@business.com"
        />
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={!ready || forgot.isPending}>
        {forgot.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Send reset link
      </Button>
      {back}
    </form>
  );
}
