import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { can } from '../../../contracts/team';
import { InlineLoading } from '../../components/full-page-message';
import { PageHeader } from '../../components/page-header';
import { QueryFailureCard } from '../../components/query-failure-card';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/api/get-current-user';
import { useTimeZone } from '../time-zone/use-time-zone';
import { useTeam } from './api/get-team';
import { ApprovalsCard } from './components/approvals-card';
import { DeleteWorkspaceCard } from './components/delete-workspace-card';
import { InvitationsCard } from './components/invitations-card';
import { InviteDialog } from './components/invite-dialog';
import { LeaveWorkspaceCard } from './components/leave-workspace-card';
import { MembersCard } from './components/members-card';
import { TeamActivityCard } from './components/team-activity-card';
import { TeamUpgradeCard } from './components/team-upgrade-card';
import { TwoFactorRequirementCard } from './components/two-factor-requirement-card';
import { roleWithArticle } from './team-display';

/**
 * /team: who works in the active workspace and with which role, pending invitations, the
 * approval setting and the activity feed. What a role cannot do is hidden or read-only; the
 * server enforces the same table (contracts/team.ts).
 */
export function TeamPage() {
  useDocumentTitle('Team — Kitepost');
  const { user } = useAuth();
  const team = useTeam();
  const { zone } = useTimeZone();
  const [inviting, setInviting] = useState(false);

  if (!user) return null;
  if (team.isPending) {
    return (
      <div className="grid gap-8">
        <PageHeader title="Team" description={user.workspace.name} />
        <InlineLoading />
      </div>
    );
  }
  if (team.isError) {
    return (
      <div className="grid gap-8">
        <PageHeader title="Team" description={user.workspace.name} />
        <QueryFailureCard title="Your team could not be loaded" query={team} />
      </div>
    );
  }

  const { workspace, yourRole, members, invitations } = team.data;
  const manages = can(yourRole, 'team.manage');
  const owner = can(yourRole, 'workspace.own');
  const locked = !workspace.teamCollaboration;
  const inviteButton =
    manages && !locked ? (
      <Button onClick={() => setInviting(true)}>
        <UserPlus aria-hidden="true" />
        Invite member
      </Button>
    ) : null;

  return (
    <div className="grid gap-6 sm:gap-8">
      <PageHeader
        title="Team"
        description={
          <>
            <span className="font-medium text-slate-900">{workspace.name}</span> · You are{' '}
            {roleWithArticle(yourRole)}
          </>
        }
        actions={inviteButton}
      />
      {locked ? <TeamUpgradeCard /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <MembersCard
            members={members}
            yourRole={yourRole}
            yourUserId={user.id}
            twoFactor={{ shown: manages, required: workspace.requireTwoFactor }}
          />
          {manages || invitations.length > 0 ? (
            <InvitationsCard invitations={invitations} manages={manages} locked={locked} />
          ) : null}
        </div>
        <div className="grid min-w-0 gap-6">
          <ApprovalsCard requireApproval={workspace.requireApproval} manages={manages} locked={locked} />
          <TwoFactorRequirementCard
            requireTwoFactor={workspace.requireTwoFactor}
            owner={owner}
            manages={manages}
            members={members}
          />
          <TeamActivityCard zone={zone} />
        </div>
      </div>
      {owner ? (
        <DeleteWorkspaceCard workspaceName={workspace.name} />
      ) : (
        <LeaveWorkspaceCard workspaceName={workspace.name} />
      )}
      {manages ? <InviteDialog open={inviting} onOpenChange={setInviting} /> : null}
    </div>
  );
}
