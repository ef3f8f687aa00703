import type { z } from 'zod';
import {
  type AdminUser,
  type AdminUserWithCode,
  adminMessages,
  type adminUserListQuery,
  type createAdminUserBody,
  type updateAdminUserBody,
} from '../../../contracts/admin';
import { TRIAL_DAYS } from '../../../contracts/plans';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { conflictOnUniqueViolation } from '../../lib/unique-violation';
import { insertAuditEntry } from '../audit';
import { isEnded } from '../billing';
import { pauseScheduledPosts } from '../posts';
import { dropPublishJob } from '../publishing';
import { deleteSessionsOfUser, insertUser, issueAccessCode, newAccessCode, revokeAccessCode } from '../users';
import {
  deleteUserWithWorkspaces,
  insertWorkspaceWithOwner,
  listSolelyOwnedWorkspaceIds,
  listSubscriptionsOf,
  workspaceNameFor,
} from '../workspaces';
import { applyStripeIds } from './admin-stripe-ids';
import {
  type AdminUserRow,
  countAdminUsers,
  countOtherActiveAdmins,
  findAdminUserRow,
  findUserIdByEmail,
  listAdminUserRows,
  updateUserRow,
  updateWorkspaceRow,
} from './admin-users.repository';

/** The admin acting: every change is audited with who and from where. */
export interface AdminActor {
  userId: string;
  ip: string;
}

type ListQuery = z.output<typeof adminUserListQuery>;
type CreateBody = z.output<typeof createAdminUserBody>;
type UpdateBody = z.output<typeof updateAdminUserBody>;

export function toAdminUser(row: AdminUserRow): AdminUser {
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    hasAccessCode: Boolean(user.hasAccessCode),
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
    subscriptionPlan: row.plan,
    subscriptionStatus: row.subscriptionStatus,
    isActive: user.isActive,
    totalPosts: Number(row.totalPosts),
    totalCreditsUsed: Number(row.totalCreditsUsed),
    createdAt: user.createdAt.toISOString(),
    stripeCustomerId: row.billingProvider === 'stripe' ? row.billingCustomerId : null,
    stripeSubscriptionId: row.stripeSubscriptionId ?? null,
    workspaceId: row.workspaceId,
    workspaceName: row.workspaceName,
    role: user.role,
    isAdmin: user.role === 'admin',
    isSystem: user.isSystem,
  };
}

/** What the audit log keeps of a user: the editable fields (no counts). */
function snapshot(user: AdminUser): Record<string, unknown> {
  const { totalPosts: _posts, totalCreditsUsed: _credits, ...rest } = user;
  return rest;
}

async function requireAdminUser(db: Db, id: string): Promise<AdminUser> {
  const row = await findAdminUserRow(db, id);
  if (!row) throw new AppError('not_found', adminMessages.userNotFound);
  return toAdminUser(row);
}

export async function listAdminUsers(db: Db, query: ListQuery) {
  const filter = {
    search: query.search ? query.search.toLowerCase() : undefined,
    isActive: query.status === 'active' ? true : query.status === 'inactive' ? false : undefined,
    plan: query.plan && query.plan !== 'all' ? query.plan : undefined,
  };
  const [rows, total] = await Promise.all([
    listAdminUserRows(db, filter, { limit: query.limit, offset: query.offset }),
    countAdminUsers(db, filter),
  ]);
  return { users: rows.map(toAdminUser), total };
}

export async function createAdminUser(
  ctx: Pick<AppContext, 'database' | 'accessCodes' | 'config'>,
  actor: AdminActor,
  body: CreateBody,
): Promise<AdminUserWithCode> {
  const { db } = ctx.database;
  if (await findUserIdByEmail(db, body.email)) throw new AppError('email_taken', adminMessages.emailTaken);
  if (body.hasAccessCode) assertCodesEnabled(ctx);
  let accessCode: string | null = null;
  // One transaction: a user never exists without their workspace.
  const created = await conflictOnUniqueViolation(adminMessages.emailTaken, () =>
    db.transaction(async (tx) => {
      const code = body.hasAccessCode ? await newAccessCode(tx, ctx.accessCodes) : null;
      accessCode = code?.code ?? null;
      const user = await insertUser(tx, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        accessCodeHash: code?.hash ?? null,
      });
      await insertWorkspaceWithOwner(tx, {
        name: workspaceNameFor(body.firstName),
        plan: body.subscriptionPlan,
        subscriptionStatus: body.subscriptionStatus,
        trialEndsAt:
          body.subscriptionStatus === 'trialing'
            ? new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000)
            : null,
        ownerUserId: user.id,
      });
      if (!body.isActive) await updateUserRow(tx, user.id, { isActive: false });
      return user;
    }),
  );
  const after = await requireAdminUser(db, created.id);
  await audit(db, actor, 'admin.user_created', after.id, null, snapshot(after));
  return { ...after, accessCode };
}

/** Whether codes sign anyone in (ACCESS_CODES): issuing one is refused when they do not. */
function assertCodesEnabled(ctx: Pick<AppContext, 'config'>) {
  if (!ctx.config.accessCodes) throw new AppError('conflict', adminMessages.accessCodesOff);
}

/**
 * POST /api/admin/users/{id}/access-code: a new code for the user (the old one, if any, stops
 * working), answered this once. Audited without the code.
 */
export async function regenerateAccessCode(
  ctx: Pick<AppContext, 'database' | 'accessCodes' | 'config'>,
  actor: AdminActor,
  id: string,
): Promise<{ accessCode: string }> {
  const { db } = ctx.database;
  const before = await requireAdminUser(db, id);
  if (before.isSystem) throw new AppError('conflict', adminMessages.systemUserCode);
  assertCodesEnabled(ctx);
  const accessCode = await issueAccessCode(db, ctx.accessCodes, id);
  await audit(
    db,
    actor,
    'admin.access_code_issued',
    id,
    { hasAccessCode: before.hasAccessCode },
    { hasAccessCode: true },
  );
  return { accessCode };
}

/**
 * The Edit User dialog's save: the whole user. Plan and status are an operator override of the
 * workspace (audited; the payment provider is not told). Turning isActive off has the same
 * effects as the status toggle.
 */
export async function updateAdminUser(
  ctx: Pick<AppContext, 'database' | 'accessCodes' | 'config' | 'jobs' | 'log'>,
  actor: AdminActor,
  id: string,
  body: UpdateBody,
): Promise<AdminUserWithCode> {
  const { db } = ctx.database;
  const before = await requireAdminUser(db, id);
  const codeChange =
    body.hasAccessCode === undefined || body.hasAccessCode === before.hasAccessCode
      ? null
      : body.hasAccessCode
        ? ('issue' as const)
        : ('revoke' as const);
  if (codeChange === 'issue') {
    if (before.isSystem) throw new AppError('conflict', adminMessages.systemUserCode);
    assertCodesEnabled(ctx);
  }
  const deactivating = before.isActive && !body.isActive;
  if (deactivating) await assertMayDeactivate(db, actor, before);
  if (body.email !== before.email) {
    const owner = await findUserIdByEmail(db, body.email);
    if (owner && owner !== id) throw new AppError('email_taken', adminMessages.emailTaken);
  }
  const planChanged =
    body.subscriptionPlan !== before.subscriptionPlan ||
    body.subscriptionStatus !== before.subscriptionStatus;
  if (planChanged && !before.workspaceId) throw new AppError('bad_request', adminMessages.noWorkspace);

  let accessCode: string | null = null;
  await conflictOnUniqueViolation(adminMessages.emailTaken, () =>
    db.transaction(async (tx) => {
      await updateUserRow(tx, id, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        name: `${body.firstName} ${body.lastName}`.trim(),
        isActive: body.isActive,
      });
      if (codeChange === 'issue') accessCode = await issueAccessCode(tx, ctx.accessCodes, id);
      if (codeChange === 'revoke') await revokeAccessCode(tx, id);
      if (before.workspaceId && planChanged) {
        await updateWorkspaceRow(tx, before.workspaceId, {
          plan: body.subscriptionPlan,
          subscriptionStatus: body.subscriptionStatus,
          ...(body.subscriptionStatus !== 'trialing' ? { trialEndsAt: null } : {}),
        });
      }
      await applyStripeIds(tx, before, body);
    }),
  );
  const effects = deactivating ? await endUserActivity(ctx, id) : undefined;

  const after = await requireAdminUser(db, id);
  await audit(db, actor, 'admin.user_updated', id, snapshot(before), { ...snapshot(after), ...effects });
  return { ...after, accessCode };
}

/** The activate/deactivate toggle. */
export async function setAdminUserStatus(
  ctx: Pick<AppContext, 'database' | 'jobs' | 'log'>,
  actor: AdminActor,
  id: string,
  isActive: boolean,
): Promise<AdminUser> {
  const { db } = ctx.database;
  const before = await requireAdminUser(db, id);
  if (before.isActive === isActive) return before;
  if (!isActive) await assertMayDeactivate(db, actor, before);
  await updateUserRow(db, id, { isActive });
  const effects = isActive ? undefined : await endUserActivity(ctx, id);
  const after = await requireAdminUser(db, id);
  await audit(
    db,
    actor,
    'admin.user_status_changed',
    id,
    { isActive: before.isActive },
    { isActive: after.isActive, ...effects },
  );
  return after;
}

/**
 * Removes the user with their sessions and the workspaces they solely own (posts, accounts,
 * media rows and history cascade). Refused for yourself, the operator, the last admin, and while
 * a subscription of those workspaces is live at the payment provider (it would keep charging).
 */
export async function deleteAdminUser(
  ctx: Pick<AppContext, 'database' | 'jobs' | 'storage' | 'log'>,
  actor: AdminActor,
  id: string,
): Promise<void> {
  const { db } = ctx.database;
  const before = await requireAdminUser(db, id);
  if (before.id === actor.userId) throw new AppError('conflict', adminMessages.selfDelete);
  if (before.isSystem) throw new AppError('conflict', adminMessages.systemUser);
  if (before.isAdmin && (await countOtherActiveAdmins(db, id)) === 0) {
    throw new AppError('conflict', adminMessages.lastAdmin);
  }
  const workspaceIds = await listSolelyOwnedWorkspaceIds(db, id);
  const live = (await listSubscriptionsOf(db, workspaceIds)).filter((s) => !isEnded(s));
  if (live.length > 0) throw new AppError('conflict', adminMessages.liveSubscription);
  await deleteUserWithWorkspaces(ctx, id, workspaceIds);
  await audit(db, actor, 'admin.user_deleted', id, snapshot(before), {
    deletedWorkspaceIds: workspaceIds,
  });
}

async function assertMayDeactivate(db: Db, actor: AdminActor, user: AdminUser) {
  if (user.id === actor.userId) throw new AppError('conflict', adminMessages.selfDeactivate);
  if (user.isSystem) throw new AppError('conflict', adminMessages.systemUser);
  if (user.isAdmin && (await countOtherActiveAdmins(db, user.id)) === 0) {
    throw new AppError('conflict', adminMessages.lastAdmin);
  }
}

/**
 * A deactivated user is out at once: every session ends (the session check also refuses an
 * inactive user's cookie), and the scheduled posts of the workspaces they solely own go back to
 * draft with a reason, their publish jobs dropped. Reactivating does not reschedule them.
 */
async function endUserActivity(ctx: Pick<AppContext, 'database' | 'jobs' | 'log'>, userId: string) {
  const { db } = ctx.database;
  const sessionsEnded = await deleteSessionsOfUser(db, userId);
  const workspaceIds = await listSolelyOwnedWorkspaceIds(db, userId);
  const paused = await pauseScheduledPosts(db, workspaceIds, adminMessages.postsPausedReason);
  await Promise.all(paused.map((post) => dropPublishJob(ctx, post)));
  return { sessionsEnded, postsPaused: paused.length };
}

async function audit(
  db: Db,
  actor: AdminActor,
  action: string,
  targetId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  await insertAuditEntry(db, {
    actorUserId: actor.userId,
    action,
    targetType: 'user',
    targetId,
    before,
    after,
    ipAddress: actor.ip,
  });
}
