import { randomInt } from 'node:crypto';
import type { BrandKit } from '../../../contracts/brand-kit';
import { FEED_FAILURE_LIMIT } from '../../../contracts/feeds';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { can } from '../../../contracts/team';
import type { AppContext } from '../../context';
import { socialAccounts } from '../../db/schema';
import { type FeedItem, newestItems } from '../../integrations/web/feed-reader';
import { loadBrandKit } from '../brand-kit';
import { notifyWorkspace } from '../notifications';
import { schedulingRefusal, workspaceScheduling } from '../plans';
import { insertPost, newPostRow } from '../posts';
import { getUserSettings } from '../settings';
import { listSocialAccountColumns } from '../social-accounts';
import { findMembershipRole } from '../workspaces';
import { captionRequest, captionWithLink, fallbackCaption } from './feed-captions';
import { fetchFeed } from './feed-fetch';
import { queueFeedPosts, queueRefusalNote } from './feed-queue';
import {
  claimDueFeeds,
  type FeedRow,
  findFeed,
  insertFeedItem,
  insertSkippedFeedItems,
  listSeenItemKeys,
  listWorkspaceFeedIds,
  type NewFeedItem,
  recordFeedFailure,
  recordFeedRead,
  recordFeedSkipped,
  setFeedItemPosts,
} from './feeds.repository';

/*
 * Reading feeds (decision 074). A sweep claims the feeds whose next read is due and queues one
 * poll job each; a poll reads its feed (conditionally), and each item not seen before becomes one
 * post per chosen account, as a draft or in the account's queue, with a caption by the AI writer
 * and the item's link. An item is recorded once (rss_feed_items is unique per feed and key), in
 * the same transaction as its posts: of two polls racing, one makes the posts and the other none.
 */

export const FEED_POLL_JOB = 'feeds.poll.v1';
export const FEED_POLL_SWEEP_JOB = 'feeds.poll-sweep.v1';
/** How often one feed is read. */
export const FEED_POLL_INTERVAL_MS = 30 * 60_000;
/** Feeds claimed by one sweep (every 5 minutes); the rest wait for the next. */
const SWEEP_BATCH = 200;
/**
 * New items one read turns into posts, newest first; older new items beyond it are recorded as
 * seen without posts, so a feed that publishes in bursts cannot flood the queue (decision 074).
 */
const MAX_POSTS_PER_READ = 5;
/** Items of one read looked at, newest first: a feed's new items are among its newest. */
const MAX_ITEMS_READ = 500;

/** Queues a read of the feed now (a new or resumed feed); its next regular read is an interval away. */
export async function queueFeedPoll(ctx: Pick<AppContext, 'jobs'>, feedId: string): Promise<void> {
  await ctx.jobs.send(FEED_POLL_JOB, { feedId }, { singletonKey: feedId });
}

/** The sweep: claims the due feeds (moving their next read on) and queues a poll of each. */
export async function sweepDueFeeds(
  ctx: Pick<AppContext, 'database' | 'jobs'>,
  now = new Date(),
): Promise<number> {
  const ids = await claimDueFeeds(
    ctx.database.db,
    now,
    new Date(now.getTime() + FEED_POLL_INTERVAL_MS),
    SWEEP_BATCH,
  );
  for (const id of ids) await queueFeedPoll(ctx, id);
  return ids.length;
}

export interface PollOutcome {
  /** What happened: read (new items or none), not modified (304), failed, skipped, or no feed. */
  result: 'read' | 'not_modified' | 'failed' | 'skipped' | 'gone';
  postsCreated: number;
}

/** One read of one feed; never throws for what the feed does (a failure is counted instead). */
export async function pollFeed(ctx: AppContext, feedId: string, now = new Date()): Promise<PollOutcome> {
  const db = ctx.database.db;
  const feed = await findFeed(db, feedId);
  if (!feed || feed.pausedAt) return { result: 'gone', postsCreated: 0 };

  const refusal = await planRefusal(ctx, feed);
  if (refusal) {
    await recordFeedSkipped(db, feed.id, now, refusal);
    return { result: 'skipped', postsCreated: 0 };
  }
  const role = feed.createdByUserId
    ? await findMembershipRole(db, feed.workspaceId, feed.createdByUserId)
    : undefined;
  if (!feed.createdByUserId || !role || !can(role, 'posts.write')) {
    return fail(
      ctx,
      feed,
      now,
      'The member who added this feed can no longer write posts here; add it again.',
    );
  }
  const accounts = (
    await listSocialAccountColumns(db, feed.workspaceId, {
      id: socialAccounts.id,
      platform: socialAccounts.platform,
    })
  ).filter((account) => feed.accountIds.includes(account.id));
  if (accounts.length === 0) {
    return fail(ctx, feed, now, 'None of the feed’s accounts is connected any more.');
  }

  // The first read that works takes the whole feed (the check when it was added kept no validators).
  const first = feed.lastPolledAt === null;
  const read = await fetchFeed(
    ctx,
    feed.url,
    first ? undefined : { etag: feed.etag, lastModified: feed.lastModified },
  );
  if (!read.ok) return fail(ctx, feed, now, read.error);
  if (read.notModified) {
    await recordFeedRead(db, feed.id, {
      at: now,
      etag: read.etag ?? feed.etag,
      lastModified: read.lastModified ?? feed.lastModified,
    });
    return { result: 'not_modified', postsCreated: 0 };
  }

  const items = newestItems(read.feed).slice(0, MAX_ITEMS_READ);
  const seen = await listSeenItemKeys(
    db,
    feed.id,
    items.map((item) => item.key),
  );
  const fresh = items.filter((item) => !seen.has(item.key));
  // A new feed's archive is not posted: only its newest item is (decision 074).
  const take = first ? 1 : MAX_POSTS_PER_READ;
  const toPost = fresh.slice(0, take);
  await insertSkippedFeedItems(db, feed.id, fresh.slice(take).map(itemRow));

  const actor = { workspaceId: feed.workspaceId, userId: feed.createdByUserId, role };
  const writer = toPost.length > 0 ? await writerContext(ctx, actor) : null;
  let postsCreated = 0;
  const refusals: string[] = [];
  // Oldest first, so that queued posts keep the feed's order.
  for (const item of [...toPost].reverse()) {
    if (!writer) break;
    const created = await postItem(ctx, feed, actor, writer, accounts, item);
    postsCreated += created.length;
    if (feed.mode === 'queue' && created.length > 0)
      refusals.push(...(await queueFeedPosts(ctx, actor, created, now)));
  }
  await recordFeedRead(db, feed.id, {
    at: now,
    etag: read.etag,
    lastModified: read.lastModified,
    title: read.feed.title,
    note: queueRefusalNote(refusals),
  });
  return { result: 'read', postsCreated };
}

/** The plan's refusal when the feed lies beyond the workspace's number of feeds (oldest first stay). */
async function planRefusal(ctx: AppContext, feed: FeedRow): Promise<string | null> {
  const { planId, features } = await workspaceScheduling(ctx.database.db, feed.workspaceId);
  if (features.rssFeeds === null) return null;
  const rank = (await listWorkspaceFeedIds(ctx.database.db, feed.workspaceId)).indexOf(feed.id);
  if (rank >= 0 && rank < features.rssFeeds) return null;
  return schedulingRefusal('rssFeeds', planId, rank + 1).message;
}

async function fail(ctx: AppContext, feed: FeedRow, now: Date, error: string): Promise<PollOutcome> {
  const counted = await recordFeedFailure(ctx.database.db, feed.id, {
    at: now,
    error,
    limit: FEED_FAILURE_LIMIT,
  });
  if (counted?.pausedNow) {
    ctx.log.info({ feedId: feed.id, failures: counted.failures }, 'feed paused after repeated failures');
    await notifyWorkspace(ctx, {
      workspaceId: feed.workspaceId,
      kind: 'feed_paused',
      title: 'A feed was paused',
      body: `Kitepost stopped reading ${feed.title ? `“${feed.title}”` : feed.url} after ${counted.failures} failed tries in a row. The last one: ${error} Check the address, then resume the feed on the Feeds page.`,
      link: '/feeds',
      to: { roles: ['owner', 'admin', 'editor'] },
    });
  }
  return { result: 'failed', postsCreated: 0 };
}

function itemRow(item: FeedItem): NewFeedItem {
  return { itemKey: item.key, link: item.link, title: item.title, publishedAt: item.publishedAt };
}

interface FeedActor {
  workspaceId: string;
  userId: string;
  role: NonNullable<Awaited<ReturnType<typeof findMembershipRole>>>;
}

/**
 * The item's posts, one per account: captions written first (outside any transaction: a writer
 * may take seconds), then the item and its posts in one transaction, unless another poll recorded
 * the item meanwhile. Queue mode then queues each post (it stays a draft when it cannot be).
 */
async function postItem(
  ctx: AppContext,
  feed: FeedRow,
  actor: FeedActor,
  writer: WriterContext,
  accounts: { id: string; platform: PublishingPlatform }[],
  item: FeedItem,
): Promise<{ id: string }[]> {
  const db = ctx.database.db;
  const platforms = [...new Set(accounts.map((account) => account.platform))];
  const captions = await writeCaptions(ctx, writer, item, platforms);
  const created = await db.transaction(async (tx) => {
    const itemId = await insertFeedItem(tx, feed.id, itemRow(item));
    if (!itemId) return [];
    const rows = [];
    for (const account of accounts) {
      const caption = captionWithLink(
        account.platform,
        captions.get(account.platform) ?? fallbackCaption(item),
        item.link,
      );
      rows.push(
        await insertPost(
          tx,
          feed.workspaceId,
          newPostRow(
            actor,
            { platform: account.platform, socialAccountId: account.id, ...caption },
            writer.brandKit,
          ),
        ),
      );
    }
    await setFeedItemPosts(
      tx,
      itemId,
      rows.map((row) => row.id),
    );
    return rows;
  });
  return created;
}

interface WriterContext {
  brandKit: BrandKit | null;
  /** The content language of the member who added the feed (Settings › Content language). */
  language: string;
}

async function writerContext(ctx: AppContext, actor: FeedActor): Promise<WriterContext> {
  const db = ctx.database.db;
  const [brandKit, settings] = await Promise.all([
    loadBrandKit(db, actor.workspaceId),
    getUserSettings(db, actor.userId),
  ]);
  return { brandKit, language: settings.contentLanguage };
}

/**
 * One caption per platform, by the AI writer (the offline composer by default). No credits are
 * charged (decision 074). A platform the writer failed for gets the item's own title.
 */
async function writeCaptions(
  ctx: AppContext,
  writer: WriterContext,
  item: FeedItem,
  platforms: PublishingPlatform[],
): Promise<Map<PublishingPlatform, { content: string; hashtags: string[] }>> {
  const captions = new Map<PublishingPlatform, { content: string; hashtags: string[] }>();
  try {
    const input = captionRequest(item, platforms, writer);
    const ideas = await ctx.ai.generateIdeas({ ...input, seed: randomInt(2 ** 31) });
    for (const idea of ideas) {
      if (!captions.has(idea.platform))
        captions.set(idea.platform, { content: idea.content, hashtags: idea.hashtags });
    }
  } catch (error) {
    ctx.log.warn({ err: error, writer: ctx.ai.name }, 'feed caption not written; using the item’s title');
  }
  return captions;
}
