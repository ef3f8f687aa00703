import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  invitations,
  media,
  posts,
  subscriptions,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

/*
 * What deleting a user touches, shared by the admin portal's delete and the user's own
 * Settings › Danger Zone (modules/workspaces/user-deletion.ts).
 */

/** Workspaces where this user is the only owner: they go when the user goes. */
export async function listSolelyOwnedWorkspaceIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        eq(workspaceMembers.role, 'owner'),
        sql`not exists (select 1 from ${workspaceMembers} other where other.workspace_id = ${workspaceMembers.workspaceId} and other.role = 'owner' and other.user_id <> ${userId})`,
      ),
    );
  return rows.map((row) => row.workspaceId);
}

/** Every subscription row of the workspaces, ended or not (isEnded tells). */
export async function listSubscriptionsOf(db: Db, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return [];
  return db
    .select({
      id: subscriptions.id,
      workspaceId: subscriptions.workspaceId,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
      status: subscriptions.status,
      endedAt: subscriptions.endedAt,
      provider: subscriptions.provider,
    })
    .from(subscriptions)
    .where(inArray(subscriptions.workspaceId, workspaceIds));
}

/** The publish jobs still queued for the workspaces' scheduled posts. */
export async function listScheduledPublishJobIds(db: Db, workspaceIds: string[]): Promise<string[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await db
    .select({ publishJobId: posts.publishJobId })
    .from(posts)
    .where(and(inArray(posts.workspaceId, workspaceIds), eq(posts.status, 'scheduled')));
  return rows.flatMap((row) => (row.publishJobId ? [row.publishJobId] : []));
}

/**
 * Where the workspaces' images and their thumbnails are stored: their rows cascade, the bytes must
 * be removed too.
 */
export async function listMediaStorageKeys(db: Db, workspaceIds: string[]): Promise<string[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await db
    .select({ storageKey: media.storageKey, thumbnailKey: media.thumbnailKey })
    .from(media)
    .where(inArray(media.workspaceId, workspaceIds));
  return rows.flatMap((row) => (row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey]));
}

/*
 * Locks taken before deciding, inside the deleting transaction. A workspace row locked FOR UPDATE
 * holds off an invitation being accepted into it (acceptInvitation locks it FOR SHARE first, and
 * so does every insert that references it), so what is re-checked under the lock stays true
 * until the delete commits.
 */

/** The user's memberships: no ownership moves to or from them until the transaction ends. */
export async function lockMembershipsOf(tx: Db, userId: string): Promise<void> {
  await tx
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId))
    .for('update');
}

/** The workspaces about to be deleted, in id order (two deletions queue rather than deadlock). */
export async function lockWorkspacesForDeletion(tx: Db, workspaceIds: string[]): Promise<void> {
  if (workspaceIds.length === 0) return;
  await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(inArray(workspaces.id, workspaceIds))
    .orderBy(asc(workspaces.id))
    .for('update');
}

/**
 * Every active admin's row, in id order, answering their ids: two admins deleting themselves at
 * once queue here, and the second then counts the first as gone.
 */
export async function lockActiveAdmins(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Members of these workspaces other than the user: they may be left without a workspace. */
export async function listOtherMemberIds(db: Db, userId: string, workspaceIds: string[]): Promise<string[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(inArray(workspaceMembers.workspaceId, workspaceIds), ne(workspaceMembers.userId, userId)));
  return rows.map((row) => row.userId);
}

/**
 * Revokes the open invitations of workspaces about to be deleted, so nobody joins them while
 * their subscriptions are cancelled at the provider; answers the ids, to reopen them if the
 * deletion does not happen after all.
 */
export async function revokeOpenInvitationsOf(db: Db, workspaceIds: string[], now: Date): Promise<string[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(invitations.workspaceId, workspaceIds),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning({ id: invitations.id });
  return rows.map((row) => row.id);
}

/**
 * Undoes revokeOpenInvitationsOf: only those still revoked at that instant, and not where the
 * address has been invited again meanwhile (one open invitation per address).
 */
export async function reopenInvitations(db: Db, ids: string[], revokedAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(invitations)
    .set({ revokedAt: null })
    .where(
      and(
        inArray(invitations.id, ids),
        eq(invitations.revokedAt, revokedAt),
        isNull(invitations.acceptedAt),
        sql`not exists (select 1 from ${invitations} reinvited where reinvited.workspace_id = ${invitations.workspaceId} and reinvited.email = ${invitations.email} and reinvited.accepted_at is null and reinvited.revoked_at is null)`,
      ),
    );
}

/**
 * Deletes the workspaces given, then the user; run inside the caller's transaction, after the
 * locks above. Sessions, accounts, settings, notifications and memberships cascade with the
 * user; posts, accounts, media rows, invitations and history with the workspaces. What the user
 * made in other workspaces stays (its author is set null).
 */
export async function deleteUserAndWorkspaces(tx: Db, userId: string, workspaceIds: string[]) {
  if (workspaceIds.length > 0) await tx.delete(workspaces).where(inArray(workspaces.id, workspaceIds));
  await tx.delete(users).where(eq(users.id, userId));
}
