import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, MailWarning, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { securityMessages } from '../../../../contracts/security-messages';
import { failureMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
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
  const [answer, setAnswer] = useState<{ ok: boolean; message: string; confirmPath?: string } | null>(null);
  if (!user || user.emailVerified) return null;

  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (notice) =>
        setAnswer({ ok: true, message: notice.message, confirmPath: pathOf(notice.confirmUrl) }),
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
      className="mb-6 flex flex-col gap-1.5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
    >
      <div className="flex min-w-0 items-start gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="min-w-0">
          <p>
            <strong className="font-semibold">Confirm your email address.</strong> We sent a link to{' '}
            <span className="font-medium [overflow-wrap:anywhere]">{user.email}</span>.{' '}
            <span className="text-amber-900/90">Inviting people and the weekly report wait until then.</span>
          </p>
          {answer ? (
            <p
              role={answer.ok ? 'status' : 'alert'}
              className={cn('mt-1 font-medium', answer.ok ? 'text-emerald-800' : 'text-red-800')}
            >
              {answer.message}
              {answer.confirmPath ? (
                <>
                  {' '}
                  <Link
                    href={answer.confirmPath}
                    className="rounded font-semibold text-amber-900 underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:outline-none"
                  >
                    Confirm now
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        onClick={send}
        disabled={resend.isPending}
        className="ml-6 inline-flex shrink-0 items-center gap-1.5 self-start rounded-md font-semibold text-amber-900 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:outline-none disabled:opacity-60 sm:ml-0 sm:self-auto"
      >
        {resend.isPending ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Send className="size-4" aria-hidden="true" />
        )}
        Resend link
      </button>
    </section>
  );
}

/**
 * The sandbox's confirmation link (a server without email) as a path of this app: opened here,
 * whatever origin APP_URL names.
 */
function pathOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { pathname, search } = new URL(url, window.location.origin);
    return `${pathname}${search}`;
  } catch {
    return undefined;
  }
}
