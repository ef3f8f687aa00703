import type { SessionUser } from '../../../contracts/auth';
import { TRIAL_DAYS } from '../../../contracts/plans';
import type { WorkspaceList } from '../../../contracts/team';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { listWorkspacesSimulatorKeys } from '../../integrations/social/simulator';
import { AppError } from '../../lib/app-error';
import { insertActivity } from '../activity';
import { isEnded } from '../billing';
import { dropPublishJob } from '../publishing';
import { findUserById, loadSessionUser } from '../users';
import {
  listMediaStorageKeys,
  listScheduledPublishJobIds,
  listSubscriptionsOf,
} from './user-deletion.repository';
import {
  countMembershipsOf,
  deleteWorkspaceRow,
  findMembershipRole,
  findWorkspaceById,
  insertWorkspaceWithOwner,
  listMemberIds,
  listWorkspacesOfUser,
  lockWorkspace,
  setActiveWorkspace,
  type WorkspaceRow,
} from './workspaces.repository';

export const workspaceMessages = {
  notFound: 'Workspace not found',
  confirmNameMismatch: 'Type the workspace name exactly as it is shown to confirm.',
  onlyWorkspace: 'This is your only workspace. To leave Kitepost, delete your account in Settings.',
  liveSubscription:
    'This workspace has a paid subscription. Cancel it in Subscription before deleting the workspace.',
} as const;

export function workspaceNameFor(firstName: string) {
  return firstName ? `${firstName}'s workspace` : 'My workspace';
}

/** Every new account starts on a 7-day trial of the Professional plan, no card. */
export async function createTrialWorkspace(
  db: Db,
  user: { id: string; firstName: string },
  now = new Date(),
) {
  const workspace = await insertWorkspaceWithOwner(db, {
    name: workspaceNameFor(user.firstName),
    plan: 'professional',
    subscriptionStatus: 'trialing',
    trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
    ownerUserId: user.id,
  });
  await insertActivity(db, {
    workspaceId: workspace.id,
    actorUserId: user.id,
    kind: 'workspace.created',
    summary: `${user.firstName || 'A new member'} joined Kitepost and started a ${TRIAL_DAYS}-day Professional trial`,
  });
  return workspace;
}

/** Who is asking: the session's user, and whether this session may use the admin portal. */
export interface SessionActor {
  userId: string;
  /** Carried into the session user answered after a switch (the session's admin access). */
  isAdmin: boolean;
}

/** The switcher's list: every workspace of the user, the one the session works in marked. */
export async function listWorkspaces(
  db: Db,
  userId: string,
  activeWorkspaceId: string,
): Promise<WorkspaceList> {
  const rows = await listWorkspacesOfUser(db, userId);
  return {
    workspaces: rows.map((row) => ({
      id: row.id,
      name: row.name,
      role: row.role,
      plan: row.plan,
      memberCount: Number(row.memberCount),
      active: row.id === activeWorkspaceId,
    })),
  };
}

/** Works in another of the user's workspaces from now on; a workspace they are not in is "not found". */
export async function switchWorkspace(
  db: Db,
  actor: SessionActor,
  workspaceId: string,
): Promise<SessionUser> {
  const role = await findMembershipRole(db, workspaceId, actor.userId);
  if (!role) throw new AppError('not_found', workspaceMessages.notFound);
  await setActiveWorkspace(db, actor.userId, workspaceId);
  return sessionUserOf(db, actor);
}

export async function sessionUserOf(db: Db, actor: SessionActor): Promise<SessionUser> {
  const user = await loadSessionUser(db, actor.userId, { adminAccess: actor.isAdmin });
  // ensureWorkspaceFor keeps every user in at least one workspace, so this is a broken invariant.
  if (!user) throw new Error(`user ${actor.userId} has no workspace`);
  return user;
}

/**
 * The owner deletes a workspace, typing its name to confirm. Refused while it is their only
 * workspace (they would have nowhere to work) or while a paid subscription is live (it would go
 * on charging). Everything of the workspace cascades; then its scheduled posts' publish jobs are
 * dropped and its images removed from storage (nothing would remove the bytes later).
 * Members left without any workspace get a Free one of their own, so they can still sign in.
 */
export async function deleteWorkspace(
  ctx: Pick<AppContext, 'database' | 'jobs' | 'storage' | 'log'>,
  actor: SessionActor & { workspaceId: string },
  confirmName: string,
): Promise<SessionUser> {
  const { db } = ctx.database;
  const workspace = await findWorkspaceById(db, actor.workspaceId);
  if (!workspace) throw new AppError('not_found', workspaceMessages.notFound);
  await assertMayDelete(db, workspace, actor.userId, confirmName);
  const { memberIds, jobIds, storageKeys } = await deleteWorkspaceNow(db, actor, confirmName);
  await Promise.all(jobIds.map((publishJobId) => dropPublishJob(ctx, { publishJobId })));
  for (const key of storageKeys) {
    await ctx.storage.delete(key).catch((error: unknown) => {
      ctx.log.warn(
        { err: error, storageKey: key },
        'could not remove a deleted workspace image from storage',
      );
    });
  }
  // The actor too: a workspace of theirs deleted meanwhile elsewhere must not leave them with none.
  for (const userId of memberIds) await ensureWorkspaceFor(db, userId);
  return sessionUserOf(db, actor);
}

/**
 * The deletion itself, in one transaction: the workspace is locked (an invitation accepted
 * meanwhile either joined before, and its member is among those answered, or waits and then
 * finds the workspace gone), deleteWorkspace's checks are made again on what is locked, and
 * what must be cleaned up afterwards is read before the delete. Exported for tests that change
 * things between the checks and the deletion.
 */
export async function deleteWorkspaceNow(
  db: Db,
  actor: { userId: string; workspaceId: string },
  confirmName: string,
): Promise<{ memberIds: string[]; jobIds: string[]; storageKeys: string[] }> {
  return db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, actor.workspaceId);
    if (!workspace) throw new AppError('not_found', workspaceMessages.notFound);
    await assertMayDelete(tx, workspace, actor.userId, confirmName);
    const removed = {
      memberIds: await listMemberIds(tx, workspace.id),
      jobIds: await listScheduledPublishJobIds(tx, [workspace.id]),
      // Users' images and the platform simulator's (its sandbox posts go by cascade too).
      storageKeys: [
        ...(await listMediaStorageKeys(tx, [workspace.id])),
        ...(await listWorkspacesSimulatorKeys(tx, [workspace.id])),
      ],
    };
    await deleteWorkspaceRow(tx, workspace.id);
    return removed;
  });
}

async function assertMayDelete(db: Db, workspace: WorkspaceRow, userId: string, confirmName: string) {
  if (confirmName.trim() !== workspace.name.trim()) {
    throw new AppError('bad_request', workspaceMessages.confirmNameMismatch);
  }
  if ((await countMembershipsOf(db, userId)) <= 1) {
    throw new AppError('conflict', workspaceMessages.onlyWorkspace);
  }
  const live = (await listSubscriptionsOf(db, [workspace.id])).filter((s) => !isEnded(s));
  if (live.length > 0) throw new AppError('conflict', workspaceMessages.liveSubscription);
}

/**
 * Gives a user who is no longer a member of any workspace (removed from, or whose team deleted,
 * the only one they had) a Free workspace of their own: without one they could not sign in.
 * No trial: they had one when they signed up.
 */
export async function ensureWorkspaceFor(db: Db, userId: string): Promise<void> {
  if ((await countMembershipsOf(db, userId)) > 0) return;
  const user = await findUserById(db, userId);
  if (!user) return;
  const workspace = await insertWorkspaceWithOwner(db, {
    name: workspaceNameFor(user.firstName),
    plan: 'free',
    subscriptionStatus: 'active',
    trialEndsAt: null,
    ownerUserId: user.id,
  });
  await insertActivity(db, {
    workspaceId: workspace.id,
    actorUserId: null,
    kind: 'workspace.created',
    summary: `Kitepost made this workspace for ${user.firstName || user.email} after their last team workspace was no longer available to them`,
  });
}
