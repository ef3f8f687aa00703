import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PostStatus } from '../../../contracts/posts';
import type { Db } from '../../db/client';
import { calendarFeeds, posts, socialAccounts, users, workspaceMembers, workspaces } from '../../db/schema';

/** A post's time on a calendar: when it went out, else when it is due. */
const postTime = sql<Date>`coalesce(${posts.publishedAt}, ${posts.scheduledAt})`;

export interface CalendarPostRow {
  id: string;
  platform: (typeof posts.$inferSelect)['platform'];
  status: PostStatus;
  content: string;
  hashtags: string[];
  mediaIds: string[];
  firstComment: string | null;
  time: Date;
  updatedAt: Date;
  publishVersion: number;
  accountUsername: string | null;
  accountDisplayName: string | null;
}

/**
 * The workspace's posts with a time in [from, to), earliest first, at most `limit`: drafts without
 * a time are on no calendar. `statuses` narrows them (a subscription shows what goes out).
 */
export async function listCalendarPosts(
  db: Db,
  workspaceId: string,
  filter: { from: Date; to: Date; statuses: readonly PostStatus[]; limit: number },
): Promise<CalendarPostRow[]> {
  const rows = await db
    .select({
      id: posts.id,
      platform: posts.platform,
      status: posts.status,
      content: posts.content,
      hashtags: posts.hashtags,
      mediaIds: posts.mediaIds,
      firstComment: posts.firstComment,
      time: postTime,
      updatedAt: posts.updatedAt,
      publishVersion: posts.publishVersion,
      accountUsername: socialAccounts.username,
      accountDisplayName: socialAccounts.displayName,
    })
    .from(posts)
    .leftJoin(
      socialAccounts,
      and(eq(socialAccounts.id, posts.socialAccountId), eq(socialAccounts.workspaceId, workspaceId)),
    )
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        inArray(posts.status, [...filter.statuses]),
        sql`${postTime} >= ${filter.from.toISOString()}::timestamptz`,
        sql`${postTime} < ${filter.to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(postTime), asc(posts.id))
    .limit(filter.limit);
  // coalesce() comes back as text on one driver and a Date on the other.
  return rows.map((row) => ({ ...row, time: new Date(row.time) }));
}

/** The member's subscription, made or replaced: a new secret, not fetched yet. */
export async function upsertCalendarFeed(
  db: Db,
  input: { workspaceId: string; userId: string; secretHash: string },
) {
  const [row] = await db
    .insert(calendarFeeds)
    .values(input)
    .onConflictDoUpdate({
      target: [calendarFeeds.workspaceId, calendarFeeds.userId],
      set: { secretHash: input.secretHash, createdAt: sql`now()`, lastFetchedAt: null },
    })
    .returning({ createdAt: calendarFeeds.createdAt });
  if (!row) throw new Error('calendar feed upsert returned no row');
  return row;
}

export async function findMemberCalendarFeed(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt, lastFetchedAt: calendarFeeds.lastFetchedAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.workspaceId, workspaceId), eq(calendarFeeds.userId, userId)));
  return row ?? null;
}

/** Revokes the member's subscription; false when there was none. */
export async function deleteMemberCalendarFeed(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.workspaceId, workspaceId), eq(calendarFeeds.userId, userId)))
    .returning({ id: calendarFeeds.id });
  return deleted.length > 0;
}

/**
 * The subscription a secret opens, with what decides whether it still may: the owner is still a
 * member and active, and the workspace's plan. Null: no such secret (never made, or revoked).
 */
export async function findCalendarFeedBySecret(db: Db, secretHash: string) {
  const [row] = await db
    .select({
      id: calendarFeeds.id,
      workspaceId: calendarFeeds.workspaceId,
      workspaceName: workspaces.name,
      plan: workspaces.plan,
      userActive: users.isActive,
      memberRole: workspaceMembers.role,
    })
    .from(calendarFeeds)
    .innerJoin(workspaces, eq(workspaces.id, calendarFeeds.workspaceId))
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, calendarFeeds.workspaceId),
        eq(workspaceMembers.userId, calendarFeeds.userId),
      ),
    )
    .where(eq(calendarFeeds.secretHash, secretHash));
  return row ?? null;
}

export async function markCalendarFeedFetched(db: Db, id: string, at: Date): Promise<void> {
  await db.update(calendarFeeds).set({ lastFetchedAt: at }).where(eq(calendarFeeds.id, id));
}
