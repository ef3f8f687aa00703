import {
  CircleAlert,
  Hourglass,
  LinkIcon,
  LoaderCircle,
  LogIn,
  MailCheck,
  UserPlus,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { SessionUser } from '../../../contracts/auth';
import type { ErrorCode } from '../../../contracts/error-codes';
import { type InvitationPreview, roleDescriptions, roleLabels, teamMessages } from '../../../contracts/team';
import { invitationPath, paths } from '../../app/paths';
import { CenteredCardPage } from '../../components/centered-card-page';
import { FullPageMessage } from '../../components/full-page-message';
import { Button, buttonClasses, wrapsOnNarrowScreens } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { failureCode, failureMessage, isUnauthorized } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/api/get-current-user';
import { AuthDialog, type AuthTab } from '../auth/components/auth-dialog';
import { rememberReturnPath } from '../auth/return-path';
import { expiresInLabel, roleWithArticle, withArticle } from '../team/team-display';
import { useAcceptInvitation } from './api/accept-invitation';
import { useInvitation } from './api/get-invitation';

/**
 * /invite/:token, the link an invitation email carries. Public: a visitor sees who invited them
 * to what, then signs in or creates an account and lands back here to accept.
 */
export function InvitationPage() {
  const { token = '' } = useParams<{ token: string }>();
  useDocumentTitle('Invitation — Kitepost');
  const { user, isLoading } = useAuth();
  const invitation = useInvitation(token);

  if (invitation.isPending || isLoading) return <FullPageMessage message="Loading..." />;
  if (invitation.isError) {
    if (isNotFound(failureCode(invitation.error))) {
      return (
        <ClosedInvitation
          title="Invitation not found"
          message={teamMessages.invitationNotFound}
          signedIn={!!user}
        />
      );
    }
    return (
      <ClosedInvitation
        title="Invitation could not be loaded"
        message={failureMessage(invitation.error, 'Please try again in a moment.')}
        signedIn={!!user}
      />
    );
  }
  const preview = invitation.data;
  if (preview.status === 'expired') {
    return (
      <ClosedInvitation
        title="Invitation expired"
        message={teamMessages.invitationExpired}
        signedIn={!!user}
        icon="expired"
      />
    );
  }
  if (preview.status === 'revoked') {
    return (
      <ClosedInvitation
        title="Invitation revoked"
        message={teamMessages.invitationRevoked}
        signedIn={!!user}
      />
    );
  }
  if (preview.status === 'accepted') {
    return (
      <ClosedInvitation
        title="Invitation already used"
        message={teamMessages.invitationAccepted}
        signedIn={!!user}
        icon="used"
      />
    );
  }
  return <PendingInvitation token={token} preview={preview} user={user} />;
}

function PendingInvitation({
  token,
  preview,
  user,
}: {
  token: string;
  preview: InvitationPreview;
  user: SessionUser | null;
}) {
  const [authTab, setAuthTab] = useState<AuthTab | null>(null);
  const accept = useAcceptInvitation();
  const [, navigate] = useLocation();
  const role = withArticle(roleLabels[preview.role]);

  const openAuth = (tab: AuthTab) => {
    // After signing in or signing up, useCompleteLogin opens this page again.
    rememberReturnPath(invitationPath(token));
    setAuthTab(tab);
  };

  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: ({ user: joined }) => {
        toast({
          title: `Welcome to ${joined.workspace.name}`,
          description: `You are ${roleWithArticle(joined.workspace.role)} here, and it is now the workspace you work in.`,
        });
        navigate(paths.dashboard);
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          title: 'Could Not Join',
          description: failureMessage(error, 'Please try again in a moment.'),
          variant: 'destructive',
        });
      },
    });

  return (
    <CenteredCardPage
      icon={Users}
      tone="brand"
      eyebrow="Invitation"
      title={`Join ${preview.workspaceName}`}
      after={
        <AuthDialog
          open={authTab !== null}
          onOpenChange={(open) => !open && setAuthTab(null)}
          tab={authTab ?? 'signin'}
          onTabChange={setAuthTab}
          signUpIntro={{
            title: `Create your account to join ${preview.workspaceName}`,
            description:
              'Free, no credit card. You join as invited and also get a workspace of your own, with a 7-day trial.',
          }}
        />
      }
    >
      <p className="mt-3 text-pretty text-slate-600">
        <span className="font-semibold text-slate-900">{preview.invitedByName ?? 'A teammate'}</span> invited
        you to join <span className="font-semibold text-slate-900">{preview.workspaceName}</span> on Kitepost
        as {role}.
      </p>
      <div className="mt-6 rounded-2xl bg-slate-50 p-4 text-left">
        <p className="text-sm font-semibold text-slate-900">{roleLabels[preview.role]}</p>
        <p className="mt-1 text-sm text-slate-600">{roleDescriptions[preview.role]}</p>
      </div>
      <p className="mt-4 text-xs text-slate-500">
        Sent to <span className="font-medium break-all text-slate-700">{preview.email}</span> ·{' '}
        <time dateTime={preview.expiresAt}>{expiresInLabel(preview.expiresAt)}</time>
      </p>

      {user ? (
        <div className="mt-8 grid gap-3">
          <Button size="lg" className={wrapsOnNarrowScreens} onClick={onAccept} disabled={accept.isPending}>
            {accept.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <MailCheck aria-hidden="true" />
            )}
            {accept.isPending ? 'Joining...' : `Accept and join ${preview.workspaceName}`}
          </Button>
          <p className="text-xs text-slate-500">
            Signed in as <span className="font-medium break-all text-slate-700">{user.email}</span>. Your own
            workspace stays yours; you can switch between them from the menu.
          </p>
        </div>
      ) : (
        <div className="mt-8 grid gap-3">
          <div className="grid gap-2 sm:grid-cols-2">
            <Button size="lg" onClick={() => openAuth('signup')}>
              <UserPlus aria-hidden="true" />
              Create account
            </Button>
            <Button size="lg" variant="outline" onClick={() => openAuth('signin')}>
              <LogIn aria-hidden="true" />
              Sign in
            </Button>
          </div>
          <p className="text-xs text-slate-500">
            Sign in or create an account to accept. You come back here afterwards.
          </p>
        </div>
      )}
    </CenteredCardPage>
  );
}

function ClosedInvitation({
  title,
  message,
  signedIn,
  icon,
}: {
  title: string;
  message: string;
  signedIn: boolean;
  icon?: 'expired' | 'used';
}) {
  const Icon = icon === 'expired' ? Hourglass : icon === 'used' ? LinkIcon : CircleAlert;
  return (
    <CenteredCardPage icon={Icon} tone={icon === 'used' ? 'brand' : 'danger'} title={title}>
      <p className="mt-3 text-pretty text-slate-600">{message}</p>
      <Link href={signedIn ? paths.dashboard : paths.home} className={buttonClasses('default', 'lg', 'mt-8')}>
        {signedIn ? 'Go to your dashboard' : 'Back to home'}
      </Link>
    </CenteredCardPage>
  );
}

/** No such invitation, or a token that cannot be one (refused by the contract). */
function isNotFound(code: ErrorCode | undefined): boolean {
  return code === 'not_found' || code === 'validation_failed';
}
