import { Copy, Hourglass, LoaderCircle, MailPlus, X } from 'lucide-react';
import { roleLabels, type TeamInvitation } from '../../../../contracts/team';
import { toastFailure } from '../../../components/toast-failure';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { copyText } from '../../../lib/copy-text';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { expiresInLabel } from '../team-display';
import { TeamCard } from './team-card';

interface InvitationsCardProps {
  invitations: TeamInvitation[];
  /** May copy links and revoke (team.manage). */
  manages: boolean;
  /** The plan lacks team collaboration: nobody can be invited. */
  locked?: boolean;
}

/** Invitations not yet accepted: pending ones, and expired ones until they are revoked. */
export function InvitationsCard({ invitations, manages, locked = false }: InvitationsCardProps) {
  return (
    <TeamCard
      id="team-invitations"
      title="Invitations"
      description="People invited who have not joined yet. A link works for 7 days."
    >
      {invitations.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-6 py-8 text-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <MailPlus className="size-5" aria-hidden="true" />
          </span>
          <p className="text-sm font-medium text-slate-900">No pending invitations</p>
          <p className="max-w-sm text-sm text-slate-600">
            {locked
              ? 'Inviting teammates comes with the Professional and Enterprise plans.'
              : manages
                ? 'Use Invite member to send a teammate a link to join with the role you choose.'
                : 'When an owner or admin invites someone, the invitation shows here until it is accepted.'}
          </p>
        </div>
      ) : (
        <ul className="-mx-5 -mb-5 divide-y divide-slate-100 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} manages={manages} />
          ))}
        </ul>
      )}
    </TeamCard>
  );
}

function InvitationRow({ invitation, manages }: { invitation: TeamInvitation; manages: boolean }) {
  const revoke = useRevokeInvitation();
  const expiry = invitation.expired ? 'Expired' : expiresInLabel(invitation.expiresAt);

  const onRevoke = () =>
    revoke.mutate(invitation.id, {
      onSuccess: () =>
        toast({
          title: 'Invitation Revoked',
          description: `The link sent to ${invitation.email} no longer works.`,
        }),
      onError: (error) => toastFailure('Invitation Not Revoked', error),
    });

  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-900">
          <span className="truncate">{invitation.email}</span>
          {invitation.expired ? (
            <Badge variant="warning" className="px-2 py-0 text-[0.6875rem]">
              <Hourglass className="size-3" aria-hidden="true" />
              Expired
            </Badge>
          ) : null}
        </p>
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-500">
          <Badge variant="outline" className="px-2 py-0 text-[0.6875rem]">
            {roleLabels[invitation.role]}
          </Badge>
          {invitation.invitedByName ? <span>Invited by {invitation.invitedByName} ·</span> : null}
          <time dateTime={invitation.expiresAt} title={new Date(invitation.expiresAt).toLocaleString()}>
            {expiry}
          </time>
        </p>
      </div>
      {manages ? (
        <div className="flex flex-wrap gap-2 sm:shrink-0">
          {invitation.inviteUrl && !invitation.expired ? (
            <Button variant="outline" size="sm" onClick={() => void copyText(invitation.inviteUrl ?? '')}>
              <Copy aria-hidden="true" />
              Copy link
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={onRevoke}
            disabled={revoke.isPending}
            aria-label={
              invitation.expired
                ? `Remove the expired invitation for ${invitation.email}`
                : `Revoke the invitation for ${invitation.email}`
            }
          >
            {revoke.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <X aria-hidden="true" />
            )}
            {invitation.expired ? 'Remove' : 'Revoke'}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
