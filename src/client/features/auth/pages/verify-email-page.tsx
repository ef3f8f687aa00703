import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, LayoutDashboard, LogIn, MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { securityMessages } from '../../../../contracts/security-messages';
import { paths, signInPath } from '../../../app/paths';
import { CenteredCardPage } from '../../../components/centered-card-page';
import { FullPageMessage } from '../../../components/full-page-message';
import { buttonClasses } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { currentUserQueryKey, useAuth } from '../api/get-current-user';
import { useVerifyEmail } from '../api/verify-email';

const NOT_CONFIRMED = 'Your email address could not be confirmed. Please try again in a moment.';

/**
 * /verify-email?token=…, the link the confirmation email carries: confirms on load, signed in or
 * not, and says how it went. Like the reset page it loads nothing from another origin.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Confirm your email — Kitepost');
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  if (!token) return <Result ok={false} message={securityMessages.verifyLinkInvalid} />;
  return <VerifyToken token={token} />;
}

function VerifyToken({ token }: { token: string }) {
  const verify = useVerifyEmail(token);
  const queryClient = useQueryClient();
  const confirmed = verify.isSuccess;

  // The banner and Settings read the address's state from the session user: ask again.
  useEffect(() => {
    if (confirmed) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [confirmed, queryClient]);

  if (verify.isPending) return <FullPageMessage message="Confirming your email address..." />;
  if (verify.isError) return <Result ok={false} message={failureMessage(verify.error, NOT_CONFIRMED)} />;
  return <Result ok message={verify.data.message} />;
}

function Result({ ok, message }: { ok: boolean; message: string }) {
  const { user, isLoading } = useAuth();
  const signedIn = Boolean(user);
  return (
    <CenteredCardPage
      icon={ok ? MailCheck : CircleAlert}
      tone={ok ? 'brand' : 'danger'}
      title={ok ? 'Email confirmed' : 'This link does not work'}
    >
      <p role={ok ? 'status' : 'alert'} className="mt-3 text-pretty text-slate-600">
        {message}
      </p>
      {isLoading ? null : signedIn ? (
        <Link href={paths.dashboard} className={buttonClasses('default', 'lg', 'mt-8 w-full')}>
          <LayoutDashboard aria-hidden="true" />
          Go to your dashboard
        </Link>
      ) : (
        <Link href={signInPath} className={buttonClasses('default', 'lg', 'mt-8 w-full')}>
          <LogIn aria-hidden="true" />
          Sign in
        </Link>
      )}
    </CenteredCardPage>
  );
}
