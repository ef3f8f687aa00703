import type { WorkspaceRole } from '../../../contracts/auth';
import { plans } from '../../../contracts/plans';
import { can, type Team, type TeamInvitation, teamMessages } from '../../../contracts/team';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { insertActivity } from '../activity';
import { requirePlanFeature } from '../plans';
import {
  findMembershipRole,
  findWorkspaceById,
  setWorkspacePolicies,
  workspaceMessages,
} from '../workspaces';
import { compareMembers, displayNameOf } from './member-order';
import { listMemberRows, listOpenInvitationRows } from './team.repository';

/** The signed-in member acting in their active workspace. */
export interface TeamActor {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Their role as the session found it; services re-check finer rules against the database. */
  role: WorkspaceRole;
  workspaceId: string;
  /** The session's admin access, carried into a session user answered after a change. */
  isAdmin: boolean;
}

export const actorNameOf = (actor: TeamActor) => displayNameOf(actor);
/** How activity summaries name people: "Ada invited …". */
export const shortNameOf = (person: { firstName: string; lastName: string; email: string }) =>
  person.firstName.trim() || displayNameOf(person);

export const inviteUrlOf = (appUrl: string, token: string) => `${appUrl}/invite/${token}`;

/** GET /api/team: the active workspace, its members (owner first) and its open invitations. */
export async function getTeam(
  ctx: Pick<AppContext, 'database' | 'config' | 'log' | 'tokenCipher'>,
  actor: TeamActor,
  now = new Date(),
): Promise<Team> {
  const db = ctx.database.db;
  const [workspace, yourRole, members, invitations] = await Promise.all([
    findWorkspaceById(db, actor.workspaceId),
    findMembershipRole(db, actor.workspaceId, actor.userId),
    listMemberRows(db, actor.workspaceId),
    listOpenInvitationRows(db, actor.workspaceId),
  ]);
  if (!workspace || !yourRole) throw new AppError('not_found', workspaceMessages.notFound);
  const mayManage = can(yourRole, 'team.manage');
  return {
    workspace: {
      id: workspace.id,
      name: workspace.name,
      requireApproval: workspace.requireApproval,
      requireTwoFactor: workspace.requireTwoFactor,
      plan: workspace.plan,
      teamCollaboration: plans[workspace.plan].limits.teamCollaboration,
    },
    yourRole,
    members: members.sort(compareMembers).map((member) => ({
      userId: member.userId,
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      role: member.role,
      joinedAt: member.joinedAt.toISOString(),
      twoFactorEnabled: member.twoFactorEnabled,
    })),
    invitations: invitations.map(
      (row): TeamInvitation => ({
        id: row.invitation.id,
        email: row.invitation.email,
        role: row.invitation.role,
        invitedByName: row.inviterEmail
          ? displayNameOf({
              firstName: row.inviterFirstName ?? '',
              lastName: row.inviterLastName ?? '',
              email: row.inviterEmail,
            })
          : null,
        createdAt: row.invitation.createdAt.toISOString(),
        expiresAt: row.invitation.expiresAt.toISOString(),
        expired: row.invitation.expiresAt.getTime() <= now.getTime(),
        inviteUrl: mayManage ? unsealedInviteUrl(ctx, row.invitation) : null,
      }),
    ),
  };
}

/** The link again, for "Copy link"; null (the manager can revoke and re-invite) if it cannot be unsealed. */
function unsealedInviteUrl(
  ctx: Pick<AppContext, 'config' | 'log' | 'tokenCipher'>,
  invitation: { id: string; tokenSealed: string },
): string | null {
  try {
    return inviteUrlOf(ctx.config.appUrl, ctx.tokenCipher.decrypt(invitation.tokenSealed));
  } catch (error) {
    // A rotated TOKEN_ENCRYPTION_KEY: the stored copy is unreadable, the link itself still works.
    ctx.log.warn({ err: error, invitationId: invitation.id }, 'invitation link could not be unsealed');
    return null;
  }
}

/**
 * PATCH /api/team/settings. Turning approvals on needs a plan with team collaboration; turning
 * them off is always allowed, so a workspace that lost the plan is never stuck waiting. Only the
 * owner decides whether every member must use two-factor sign-in (any plan: it protects them).
 */
export async function updateTeamSettings(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log' | 'tokenCipher'>,
  actor: TeamActor,
  input: { requireApproval?: boolean | undefined; requireTwoFactor?: boolean | undefined },
): Promise<Team> {
  const db = ctx.database.db;
  const workspace = await findWorkspaceById(db, actor.workspaceId);
  if (!workspace) throw new AppError('not_found', workspaceMessages.notFound);
  if (input.requireTwoFactor !== undefined && input.requireTwoFactor !== workspace.requireTwoFactor) {
    if (actor.role !== 'owner') throw new AppError('forbidden', teamMessages.onlyOwnerRequiresTwoFactor);
    await setWorkspacePolicies(db, actor.workspaceId, { requireTwoFactor: input.requireTwoFactor });
    await insertActivity(db, {
      workspaceId: actor.workspaceId,
      actorUserId: actor.userId,
      kind: input.requireTwoFactor ? 'team.two_factor_required' : 'team.two_factor_optional',
      summary: input.requireTwoFactor
        ? `${shortNameOf(actor)} made two-factor sign-in required for every member`
        : `${shortNameOf(actor)} made two-factor sign-in optional`,
    });
  }
  if (input.requireApproval && !workspace.requireApproval) {
    await requirePlanFeature(db, actor.workspaceId, 'teamCollaboration');
  }
  if (input.requireApproval !== undefined && input.requireApproval !== workspace.requireApproval) {
    await setWorkspacePolicies(db, actor.workspaceId, { requireApproval: input.requireApproval });
    await insertActivity(db, {
      workspaceId: actor.workspaceId,
      actorUserId: actor.userId,
      kind: input.requireApproval ? 'team.approvals_on' : 'team.approvals_off',
      summary: input.requireApproval
        ? `${shortNameOf(actor)} turned on approvals: editors' posts now wait for an approver`
        : `${shortNameOf(actor)} turned off approvals: editors' posts are scheduled directly`,
    });
  }
  return getTeam(ctx, actor);
}
