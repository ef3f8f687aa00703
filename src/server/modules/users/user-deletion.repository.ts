import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, posts, subscriptions, users, workspaceMembers, workspaces } from '../../db/schema';

/*
 * What deleting a user touches, shared by the admin portal's delete and the user's own
 * Settings › Danger Zone (modules/users/user-deletion.ts).
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

/** Where the workspaces' images are stored: their rows cascade, the bytes must be removed too. */
export async function listMediaStorageKeys(db: Db, workspaceIds: string[]): Promise<string[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await db
    .select({ storageKey: media.storageKey })
    .from(media)
    .where(inArray(media.workspaceId, workspaceIds));
  return rows.map((row) => row.storageKey);
}

/**
 * Deletes the user and the workspaces given, in one transaction. Sessions, accounts, settings,
 * notifications and memberships cascade with the user; posts, accounts, media rows and history
 * with the workspaces. What the user made in other workspaces stays (its author is set null).
 */
export async function deleteUserAndWorkspaces(db: Db, userId: string, workspaceIds: string[]) {
  await db.transaction(async (tx) => {
    if (workspaceIds.length > 0) await tx.delete(workspaces).where(inArray(workspaces.id, workspaceIds));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
