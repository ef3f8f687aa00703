import { and, asc, count, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  generations,
  media,
  notifications,
  postComments,
  postMetricTotals,
  posts,
  socialAccounts,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { listSocialAccountColumns } from '../social-accounts';

/*
 * What GET /api/user/export reads. Long lists come a page at a time in creation order: the
 * cursor is the row's created_at as PostgreSQL's own text (microseconds kept; a JS Date would
 * cut them to milliseconds and repeat or skip rows) and its id.
 */

export interface PageCursor {
  at: string;
  id: string;
}

const cursorAt = (createdAt: AnyPgColumn) => sql<string>`${createdAt}::text`;

function afterCursor(createdAt: AnyPgColumn, id: AnyPgColumn, cursor: PageCursor | null): SQL | undefined {
  return cursor ? sql`(${createdAt}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
}

/** An ISO 8601 UTC time, the same from both drivers (or null). */
const isoText = (instant: SQL) =>
  sql<string | null>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The user's own row; the access code (a sign-in secret) and the password are not read. */
export async function findExportProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      timezone: users.timezone,
      role: users.role,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Every workspace the user is a member of, with their role, in the order they joined. */
export async function listExportMemberships(db: Db, userId: string) {
  return db
    .select({
      workspaceId: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.createdAt,
      plan: workspaces.plan,
      subscriptionStatus: workspaces.subscriptionStatus,
      trialEndsAt: workspaces.trialEndsAt,
      requireApproval: workspaces.requireApproval,
      createdAt: workspaces.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaces.id));
}

/** The workspace's connected accounts, named column by column: the tokens are never read. */
export async function listExportSocialAccounts(db: Db, workspaceId: string) {
  return listSocialAccountColumns(db, workspaceId, {
    id: socialAccounts.id,
    platform: socialAccounts.platform,
    username: socialAccounts.username,
    displayName: socialAccounts.displayName,
    avatarUrl: socialAccounts.avatarUrl,
    followers: socialAccounts.followers,
    status: socialAccounts.status,
    scopes: socialAccounts.scopes,
    sandbox: socialAccounts.sandbox,
    connectedAt: socialAccounts.connectedAt,
  });
}

export async function listExportMediaPage(
  db: Db,
  workspaceId: string,
  cursor: PageCursor | null,
  limit: number,
) {
  return db
    .select({ row: media, cursorAt: cursorAt(media.createdAt) })
    .from(media)
    .where(and(eq(media.workspaceId, workspaceId), afterCursor(media.createdAt, media.id, cursor)))
    .orderBy(asc(media.createdAt), asc(media.id))
    .limit(limit);
}

/** How much the workspace generated: runs, posts (credits) and when. */
export async function summarizeGenerations(db: Db, workspaceId: string) {
  const [row] = await db
    .select({
      runs: count(),
      postsGenerated: sql<number>`coalesce(sum(${generations.postCount}) filter (where ${generations.kind} <> 'image'), 0)::int`,
      imagesGenerated: sql<number>`coalesce(sum(${generations.postCount}) filter (where ${generations.kind} = 'image'), 0)::int`,
      firstAt: isoText(sql`min(${generations.createdAt})`),
      lastAt: isoText(sql`max(${generations.createdAt})`),
    })
    .from(generations)
    .where(eq(generations.workspaceId, workspaceId));
  return row;
}

/** A page of the workspace's posts; with `createdByUserId`, only the posts that user created. */
export async function listExportPostsPage(
  db: Db,
  filter: { workspaceId: string; createdByUserId?: string },
  cursor: PageCursor | null,
  limit: number,
) {
  return db
    .select({ row: posts, cursorAt: cursorAt(posts.createdAt) })
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, filter.workspaceId),
        filter.createdByUserId ? eq(posts.createdByUserId, filter.createdByUserId) : undefined,
        afterCursor(posts.createdAt, posts.id, cursor),
      ),
    )
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(limit);
}

const commentColumns = {
  id: postComments.id,
  postId: postComments.postId,
  kind: postComments.kind,
  body: postComments.body,
  authorUserId: postComments.authorUserId,
  // As the app shows it; null when the author's account was deleted.
  authorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  createdAt: postComments.createdAt,
};

/** The discussion on these posts, oldest first. */
export async function listCommentsOfPosts(db: Db, postIds: string[]) {
  if (postIds.length === 0) return [];
  return db
    .select(commentColumns)
    .from(postComments)
    .leftJoin(users, eq(users.id, postComments.authorUserId))
    .where(inArray(postComments.postId, postIds))
    .orderBy(asc(postComments.createdAt), asc(postComments.id));
}

/** What the user wrote on posts of the workspace that someone else created. */
export async function listOwnCommentsOnOthersPostsPage(
  db: Db,
  input: { workspaceId: string; userId: string },
  cursor: PageCursor | null,
  limit: number,
) {
  return db
    .select({ ...commentColumns, cursorAt: cursorAt(postComments.createdAt) })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .leftJoin(users, eq(users.id, postComments.authorUserId))
    .where(
      and(
        eq(postComments.workspaceId, input.workspaceId),
        eq(postComments.authorUserId, input.userId),
        or(isNull(posts.createdByUserId), ne(posts.createdByUserId, input.userId)),
        afterCursor(postComments.createdAt, postComments.id, cursor),
      ),
    )
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(limit);
}

/** The latest metric reading of these posts (published ones have one). */
export async function listMetricTotalsOfPosts(db: Db, postIds: string[]) {
  if (postIds.length === 0) return [];
  return db
    .select({
      postId: postMetricTotals.postId,
      impressions: postMetricTotals.impressions,
      reach: postMetricTotals.reach,
      likes: postMetricTotals.likes,
      comments: postMetricTotals.comments,
      shares: postMetricTotals.shares,
      clicks: postMetricTotals.clicks,
      syncedAt: postMetricTotals.syncedAt,
    })
    .from(postMetricTotals)
    .where(inArray(postMetricTotals.postId, postIds));
}

/** The user's notifications in every workspace. */
export async function listExportNotificationsPage(
  db: Db,
  userId: string,
  cursor: PageCursor | null,
  limit: number,
) {
  return db
    .select({ row: notifications, cursorAt: cursorAt(notifications.createdAt) })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), afterCursor(notifications.createdAt, notifications.id, cursor)),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(limit);
}
