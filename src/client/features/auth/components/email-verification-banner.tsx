import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, MailWarning, Send } from 'lucide-react';
import { useState } from 'react';
import { securityMessages } from '../../../../contracts/security-messages';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';
import { currentUserQueryKey, useAuth } from '../api/get-current-user';
import { useResendVerification } from '../api/resend-verification';

const NOT_SENT = 'The link could not be sent. Please try again in a moment.';

/**
 * The app shell's line for an address not confirmed yet (issue 23): which address the link went
 * to, what waits until it is confirmed (decision 056: inviting people, the weekly report), and a
 * way to send the link again. Gone once the session user's `emailVerified` is true.
 */
export function EmailVerificationBanner() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const resend = useResendVerification();
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  if (!user || user.emailVerified) return null;

  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (notice) => setAnswer({ ok: true, message: notice.message }),
      onError: (error) => {
        const message = failureMessage(error, NOT_SENT);
        setAnswer({ ok: false, message });
        // Confirmed in another tab or browser meanwhile: the session user says so once asked.
        if (message === securityMessages.alreadyVerified) {
          void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        }
      },
    });

  return (
    <section
      aria-label="Email confirmation"
      data-testid="email-verification-banner"
      className="mb-6 flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
    >
      <div className="flex min-w-0 items-start gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="min-w-0">
          <p>
            <strong className="font-semibold">Confirm your email address.</strong> We sent a link to{' '}
            <span className="font-medium break-all">{user.email}</span>.
          </p>
          <p className="mt-0.5 text-amber-900/90">
            Until then you cannot invite people, and the weekly report is not sent.
          </p>
          {answer ? (
            <p
              role={answer.ok ? 'status' : 'alert'}
              className={answer.ok ? 'mt-1 font-medium text-emerald-800' : 'mt-1 font-medium text-red-800'}
            >
              {answer.message}
            </p>
          ) : null}
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start border-amber-300 bg-white sm:self-auto"
        onClick={send}
        disabled={resend.isPending}
      >
        {resend.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        Resend link
      </Button>
    </section>
  );
}
