import type { WorkspaceRole } from '../../../contracts/auth';
import { roleDescriptions, roleLabels, type Team, teamMessages } from '../../../contracts/team';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { insertActivity } from '../activity';
import {
  composeNotificationEmail,
  insertNotifications,
  listWorkspaceRecipients,
  notifyWorkspace,
} from '../notifications';
import { findUserWithWorkspace } from '../users';
import { countMembershipsOf, ensureWorkspaceFor, findWorkspaceById, workspaceMessages } from '../workspaces';
import { displayNameOf } from './member-order';
import {
  deleteMember,
  findMemberRow,
  type MemberRow,
  transferOwnership,
  updateMemberRole,
} from './team.repository';
import { actorNameOf, getTeam, shortNameOf, type TeamActor } from './team.service';

export const memberMessages = {
  removeYourself: 'To remove yourself from this workspace, use Leave workspace instead.',
  cannotRemoveOwner: 'The owner cannot be removed. They can transfer ownership first.',
  onlyWorkspace:
    "This is your only workspace, so you can't leave it. To leave Kitepost, delete your account in Settings.",
} as const;

async function requireMember(db: Db, workspaceId: string, userId: string): Promise<MemberRow> {
  const member = await findMemberRow(db, workspaceId, userId);
  if (!member) throw new AppError('not_found', teamMessages.notAMember);
  return member;
}

/**
 * PATCH /api/team/members/{userId}. Managers set admin, editor, approver or viewer on anyone but
 * the owner (an admin may demote themselves). The owner's role moves only by a transfer: role
 * 'owner', which the owner alone may give; they become an admin in the same transaction.
 */
export async function changeMemberRole(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log' | 'tokenCipher'>,
  actor: TeamActor,
  targetUserId: string,
  role: WorkspaceRole,
): Promise<Team> {
  const target = await requireMember(ctx.database.db, actor.workspaceId, targetUserId);
  if (target.role === role) return getTeam(ctx, actor);
  if (role === 'owner') {
    await transfer(ctx, actor, target);
    return getTeam(ctx, actor);
  }
  if (target.role === 'owner') throw new AppError('conflict', teamMessages.cannotChangeOwner);
  // Conditional on the target not being the owner, in case ownership moved meanwhile.
  if (!(await updateMemberRole(ctx.database.db, actor.workspaceId, target.userId, role))) {
    throw new AppError('conflict', teamMessages.cannotChangeOwner);
  }

  const self = target.userId === actor.userId;
  await insertActivity(ctx.database.db, {
    workspaceId: actor.workspaceId,
    actorUserId: actor.userId,
    kind: 'team.role_changed',
    summary: self
      ? `${shortNameOf(actor)} changed their own role from ${roleLabels[target.role]} to ${roleLabels[role]}`
      : `${shortNameOf(actor)} changed ${shortNameOf(target)}'s role from ${roleLabels[target.role]} to ${roleLabels[role]}`,
  });
  if (!self) {
    await notifyRoleChange(ctx, actor, target.userId, {
      title: `Your role is now ${roleLabels[role]}`,
      body: `${actorNameOf(actor)} changed your role from ${roleLabels[target.role]} to ${roleLabels[role]}. ${roleDescriptions[role]}`,
    });
  }
  return getTeam(ctx, actor);
}

async function transfer(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log' | 'tokenCipher'>,
  actor: TeamActor,
  target: MemberRow,
) {
  const current = await findMemberRow(ctx.database.db, actor.workspaceId, actor.userId);
  if (current?.role !== 'owner') throw new AppError('forbidden', teamMessages.ownerOnlyTransfer);
  if (!(await transferOwnership(ctx.database.db, actor.workspaceId, actor.userId, target.userId))) {
    throw new AppError('conflict', 'The team changed meanwhile. Reload the page and try again.');
  }
  await insertActivity(ctx.database.db, {
    workspaceId: actor.workspaceId,
    actorUserId: actor.userId,
    kind: 'team.ownership_transferred',
    summary: `${shortNameOf(actor)} made ${shortNameOf(target)} the owner and is now an Admin`,
  });
  await notifyRoleChange(ctx, actor, target.userId, {
    title: 'You are now the owner',
    body: `${actorNameOf(actor)} transferred ownership of the workspace to you and is now an Admin. ${roleDescriptions.owner}`,
  });
}

function notifyRoleChange(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log' | 'tokenCipher'>,
  actor: TeamActor,
  userId: string,
  text: { title: string; body: string },
) {
  return notifyWorkspace(ctx, {
    workspaceId: actor.workspaceId,
    kind: 'member_role_changed',
    ...text,
    link: '/team',
    to: { userIds: [userId], exceptUserId: actor.userId },
  });
}

/**
 * DELETE /api/team/members/{userId}. The owner stays; yourself goes through leave. Their posts
 * stay with the workspace. They are told in the workspace their session falls back to (a
 * notification kept in this workspace they could never see again), and by email if they keep
 * email notifications on.
 */
export async function removeMember(
  ctx: Pick<AppContext, 'database' | 'mail' | 'log'>,
  actor: TeamActor,
  targetUserId: string,
): Promise<void> {
  const db = ctx.database.db;
  if (targetUserId === actor.userId) throw new AppError('conflict', memberMessages.removeYourself);
  const target = await requireMember(db, actor.workspaceId, targetUserId);
  if (target.role === 'owner') throw new AppError('conflict', memberMessages.cannotRemoveOwner);
  const workspace = await findWorkspaceById(db, actor.workspaceId);
  if (!workspace) throw new AppError('not_found', workspaceMessages.notFound);
  const recipient = (await listWorkspaceRecipients(db, actor.workspaceId)).find(
    (r) => r.userId === target.userId,
  );

  if (!(await deleteMember(db, actor.workspaceId, target.userId))) {
    throw new AppError('not_found', teamMessages.notAMember);
  }
  await ensureWorkspaceFor(db, target.userId);
  await insertActivity(db, {
    workspaceId: actor.workspaceId,
    actorUserId: actor.userId,
    kind: 'team.member_removed',
    summary: `${shortNameOf(actor)} removed ${displayNameOf(target)} (${roleLabels[target.role]}) from the team`,
  });

  const title = `You were removed from ${workspace.name}`;
  const body = `${actorNameOf(actor)} removed you from the workspace "${workspace.name}". Its posts, calendar and accounts are no longer available to you.`;
  const landing = await findUserWithWorkspace(db, target.userId);
  if (landing) {
    await insertNotifications(db, [
      {
        userId: target.userId,
        workspaceId: landing.workspace.id,
        kind: 'member_removed',
        title,
        body,
        link: null,
        postId: null,
      },
    ]);
  }
  if (recipient?.wantsEmail) {
    try {
      await ctx.mail.send(
        await composeNotificationEmail({
          to: target.email,
          firstName: target.firstName,
          workspaceName: landing?.workspace.name ?? workspace.name,
          title,
          body,
          url: null,
        }),
      );
    } catch (error) {
      ctx.log.warn({ err: error, userId: target.userId }, 'removal email not sent');
    }
  }
}

/** POST /api/team/leave: anyone but the owner, as long as they keep another workspace. */
export async function leaveWorkspace(ctx: Pick<AppContext, 'database'>, actor: TeamActor): Promise<void> {
  const db = ctx.database.db;
  const me = await requireMember(db, actor.workspaceId, actor.userId);
  if (me.role === 'owner') throw new AppError('conflict', teamMessages.ownerCannotLeave);
  if ((await countMembershipsOf(db, actor.userId)) <= 1)
    throw new AppError('conflict', memberMessages.onlyWorkspace);
  if (!(await deleteMember(db, actor.workspaceId, actor.userId))) {
    throw new AppError('not_found', teamMessages.notAMember);
  }
  await insertActivity(db, {
    workspaceId: actor.workspaceId,
    actorUserId: actor.userId,
    kind: 'team.left',
    summary: `${shortNameOf(actor)} (${roleLabels[me.role]}) left the team`,
  });
}
