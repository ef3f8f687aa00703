import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FeedMode } from '../../../contracts/scheduling';
import type { Db } from '../../db/client';
import { rssFeedItems, rssFeeds } from '../../db/schema';

export type FeedRow = typeof rssFeeds.$inferSelect;

/** A feed with how many items it has seen and how many posts they became. */
export interface FeedWithCounts extends FeedRow {
  itemsSeen: number;
  postsCreated: number;
}

// Qualified by hand: in a one-table select Drizzle writes columns unqualified, and the
// subquery's "id" would then be its own.
const ofFeed = sql.raw('"rss_feed_items"."feed_id" = "rss_feeds"."id"');
const itemsSeen = sql<number>`(select count(*) from ${rssFeedItems} where ${ofFeed})`;
const postsCreated = sql<number>`(select coalesce(sum(cardinality("rss_feed_items"."post_ids")), 0) from ${rssFeedItems} where ${ofFeed})`;

export async function listWorkspaceFeeds(db: Db, workspaceId: string): Promise<FeedWithCounts[]> {
  const rows = await db
    .select({ feed: rssFeeds, itemsSeen, postsCreated })
    .from(rssFeeds)
    .where(eq(rssFeeds.workspaceId, workspaceId))
    .orderBy(asc(rssFeeds.createdAt), asc(rssFeeds.id));
  return rows.map((row) => ({
    ...row.feed,
    itemsSeen: Number(row.itemsSeen),
    postsCreated: Number(row.postsCreated),
  }));
}

export async function findWorkspaceFeed(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<FeedWithCounts | undefined> {
  const [row] = await db
    .select({ feed: rssFeeds, itemsSeen, postsCreated })
    .from(rssFeeds)
    .where(and(eq(rssFeeds.workspaceId, workspaceId), eq(rssFeeds.id, id)));
  return row && { ...row.feed, itemsSeen: Number(row.itemsSeen), postsCreated: Number(row.postsCreated) };
}

export async function countWorkspaceFeeds(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rssFeeds).where(eq(rssFeeds.workspaceId, workspaceId));
  return row?.n ?? 0;
}

/** The workspace's feed ids, oldest first: a smaller plan keeps polling the first ones. */
export async function listWorkspaceFeedIds(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ id: rssFeeds.id })
    .from(rssFeeds)
    .where(eq(rssFeeds.workspaceId, workspaceId))
    .orderBy(asc(rssFeeds.createdAt), asc(rssFeeds.id));
  return rows.map((row) => row.id);
}

export async function findFeedByUrl(db: Db, workspaceId: string, url: string): Promise<FeedRow | undefined> {
  const [row] = await db
    .select()
    .from(rssFeeds)
    .where(and(eq(rssFeeds.workspaceId, workspaceId), eq(rssFeeds.url, url)));
  return row;
}

/** The new feed; undefined when the workspace already follows that URL (a race of two adds). */
export async function insertFeed(
  db: Db,
  values: {
    workspaceId: string;
    createdByUserId: string;
    url: string;
    title: string | null;
    accountIds: string[];
    mode: FeedMode;
    nextPollAt: Date;
  },
): Promise<FeedRow | undefined> {
  const [row] = await db.insert(rssFeeds).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteWorkspaceFeed(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(rssFeeds)
    .where(and(eq(rssFeeds.workspaceId, workspaceId), eq(rssFeeds.id, id)))
    .returning({ id: rssFeeds.id });
  return rows.length > 0;
}

/** Pauses (`at`) or resumes (null: failures forgotten, read at `nextPollAt`) a feed. */
export async function setWorkspaceFeedPaused(
  db: Db,
  workspaceId: string,
  id: string,
  change: { pausedAt: Date } | { pausedAt: null; nextPollAt: Date },
): Promise<boolean> {
  const resume = change.pausedAt === null ? { consecutiveFailures: 0, lastError: null } : {};
  const rows = await db
    .update(rssFeeds)
    .set({ ...change, ...resume, updatedAt: new Date() })
    .where(and(eq(rssFeeds.workspaceId, workspaceId), eq(rssFeeds.id, id)))
    .returning({ id: rssFeeds.id });
  return rows.length > 0;
}

/**
 * Claims up to `limit` feeds due at `now`: each one's next read moves to `nextPollAt` in the same
 * statement, so two sweeps (two workers) never claim one feed.
 */
export async function claimDueFeeds(db: Db, now: Date, nextPollAt: Date, limit: number): Promise<string[]> {
  const due = db
    .select({ id: rssFeeds.id })
    .from(rssFeeds)
    .where(and(isNull(rssFeeds.pausedAt), lte(rssFeeds.nextPollAt, now)))
    .orderBy(asc(rssFeeds.nextPollAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(rssFeeds)
    .set({ nextPollAt })
    .where(inArray(rssFeeds.id, due))
    .returning({ id: rssFeeds.id });
  return rows.map((row) => row.id);
}

/** A feed to read, in any workspace (the job's lookup); undefined when gone. */
export async function findFeed(db: Db, id: string): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(rssFeeds).where(eq(rssFeeds.id, id));
  return row;
}

/**
 * A read that worked (a 304 included): failures forgotten, the validators kept for the next.
 * `note`: what the person should know although it worked (posts the queue refused).
 */
export async function recordFeedRead(
  db: Db,
  id: string,
  read: {
    at: Date;
    etag: string | null;
    lastModified: string | null;
    title?: string | null;
    note?: string | null;
  },
): Promise<void> {
  await db
    .update(rssFeeds)
    .set({
      lastPolledAt: read.at,
      etag: read.etag,
      lastModified: read.lastModified,
      consecutiveFailures: 0,
      lastError: read.note ?? null,
      ...(read.title ? { title: read.title } : {}),
      updatedAt: read.at,
    })
    .where(eq(rssFeeds.id, id));
}

/** A read that was not attempted (the plan does not cover the feed): says why, counts nothing. */
export async function recordFeedSkipped(db: Db, id: string, at: Date, reason: string): Promise<void> {
  await db.update(rssFeeds).set({ lastError: reason, updatedAt: at }).where(eq(rssFeeds.id, id));
}

/**
 * A failed read, counted in the statement itself (two workers cannot lose a count); at `limit`
 * failures in a row the feed is paused. `pausedNow`: this failure paused it (the notice's cue).
 */
export async function recordFeedFailure(
  db: Db,
  id: string,
  failure: { at: Date; error: string; limit: number },
): Promise<{ failures: number; pausedNow: boolean } | undefined> {
  const failures = sql`${rssFeeds.consecutiveFailures} + 1`;
  const [row] = await db
    .update(rssFeeds)
    .set({
      lastError: failure.error,
      consecutiveFailures: sql`${failures}`,
      pausedAt: sql`case when ${rssFeeds.pausedAt} is null and ${failures} >= ${failure.limit} then ${failure.at.toISOString()}::timestamptz else ${rssFeeds.pausedAt} end`,
      updatedAt: failure.at,
    })
    .where(eq(rssFeeds.id, id))
    .returning({ failures: rssFeeds.consecutiveFailures, pausedAt: rssFeeds.pausedAt });
  if (!row) return undefined;
  return { failures: row.failures, pausedNow: row.pausedAt?.getTime() === failure.at.getTime() };
}

/** Which of `keys` the feed has seen already. */
export async function listSeenItemKeys(db: Db, feedId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: rssFeedItems.itemKey })
    .from(rssFeedItems)
    .where(and(eq(rssFeedItems.feedId, feedId), inArray(rssFeedItems.itemKey, keys)));
  return new Set(rows.map((row) => row.key));
}

export interface NewFeedItem {
  itemKey: string;
  link: string | null;
  title: string | null;
  publishedAt: Date | null;
}

/**
 * Records an item as seen; its id, or undefined when it was seen already (the unique key: of two
 * pollers racing, one gets the row and makes the posts, the other makes none).
 */
export async function insertFeedItem(db: Db, feedId: string, item: NewFeedItem): Promise<string | undefined> {
  const [row] = await db
    .insert(rssFeedItems)
    .values({ feedId, ...item, title: item.title?.slice(0, 500) ?? null })
    .onConflictDoNothing()
    .returning({ id: rssFeedItems.id });
  return row?.id;
}

/** Items seen without posts (a new feed's archive, or more new items than one read posts). */
export async function insertSkippedFeedItems(db: Db, feedId: string, items: NewFeedItem[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(rssFeedItems)
    .values(items.map((item) => ({ feedId, ...item, title: item.title?.slice(0, 500) ?? null })))
    .onConflictDoNothing();
}

export async function setFeedItemPosts(db: Db, itemId: string, postIds: string[]): Promise<void> {
  await db.update(rssFeedItems).set({ postIds }).where(eq(rssFeedItems.id, itemId));
}
