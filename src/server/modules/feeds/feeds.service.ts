import {
  type CreateFeedBody,
  FEED_FAILURE_LIMIT,
  type Feed,
  type FeedList,
  type FeedPauseReason,
} from '../../../contracts/feeds';
import { firstPlanWith } from '../../../contracts/plans';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { socialAccounts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { schedulingRefusal, workspaceScheduling } from '../plans';
import { listSocialAccountColumns } from '../social-accounts';
import { fetchFeed } from './feed-fetch';
import { FEED_POLL_INTERVAL_MS, queueFeedPoll } from './feed-poll.service';
import {
  countWorkspaceFeeds,
  deleteWorkspaceFeed,
  type FeedWithCounts,
  findFeedByUrl,
  findWorkspaceFeed,
  insertFeed,
  listWorkspaceFeeds,
  setWorkspaceFeedPaused,
} from './feeds.repository';

/*
 * The feeds a workspace follows (issue 25): add one (checked and read once), list them with their
 * state, pause, resume, delete. Reading them is feed-poll.service.ts.
 */

type FeedWork = Pick<AppContext, 'database' | 'config' | 'jobs'>;

export const feedMessages = {
  notFound: 'Feed not found',
  duplicate: 'This workspace already follows that feed.',
  unknownAccount: 'Choose accounts connected to this workspace.',
} as const;

export async function listFeeds(db: Db, workspaceId: string): Promise<FeedList> {
  const [{ features }, rows] = await Promise.all([
    workspaceScheduling(db, workspaceId),
    listWorkspaceFeeds(db, workspaceId),
  ]);
  const limit = features.rssFeeds;
  return {
    feeds: rows.map(toFeed),
    limit,
    planNeeded: firstPlanWith('rssFeeds', limit === null ? 1 : Math.max(1, limit + 1)),
  };
}

/**
 * POST /api/feeds: the plan allows one more feed, the accounts are the workspace's, and the URL
 * answers an RSS or Atom feed (read once, through the SSRF-safe fetch; its title is kept). Its
 * first poll is queued at once.
 */
export async function addFeed(
  ctx: FeedWork,
  actor: { workspaceId: string; userId: string },
  body: CreateFeedBody,
): Promise<Feed> {
  const db = ctx.database.db;
  const { planId, features } = await workspaceScheduling(db, actor.workspaceId);
  const following = await countWorkspaceFeeds(db, actor.workspaceId);
  if (features.rssFeeds !== null && following + 1 > features.rssFeeds) {
    throw schedulingRefusal('rssFeeds', planId, following + 1);
  }
  const connected = await listSocialAccountColumns(db, actor.workspaceId, { id: socialAccounts.id });
  const known = new Set(connected.map((account) => account.id));
  if (!body.accountIds.every((id) => known.has(id)))
    throw new AppError('bad_request', feedMessages.unknownAccount);
  const url = new URL(body.url).href;
  if (await findFeedByUrl(db, actor.workspaceId, url)) throw new AppError('conflict', feedMessages.duplicate);

  const read = await fetchFeed(ctx, url);
  if (!read.ok) throw new AppError('bad_request', `Kitepost could not follow that feed. ${read.error}`);
  const title = read.notModified ? null : read.feed.title;
  const row = await insertFeed(db, {
    workspaceId: actor.workspaceId,
    createdByUserId: actor.userId,
    url,
    title: title ? [...title].slice(0, 300).join('') : null,
    accountIds: body.accountIds,
    mode: body.mode,
    nextPollAt: new Date(Date.now() + FEED_POLL_INTERVAL_MS),
  });
  if (!row) throw new AppError('conflict', feedMessages.duplicate);
  await queueFeedPoll(ctx, row.id);
  return toFeed({ ...row, itemsSeen: 0, postsCreated: 0 });
}

export async function removeFeed(db: Db, workspaceId: string, id: string): Promise<void> {
  if (!(await deleteWorkspaceFeed(db, workspaceId, id)))
    throw new AppError('not_found', feedMessages.notFound);
}

/** POST /api/feeds/:id/pause: not read until resumed. */
export async function pauseFeed(ctx: FeedWork, workspaceId: string, id: string): Promise<Feed> {
  const db = ctx.database.db;
  const current = await requireFeed(ctx, workspaceId, id);
  if (!current.pausedAt) await setWorkspaceFeedPaused(db, workspaceId, id, { pausedAt: new Date() });
  return toFeed(await requireFeed(ctx, workspaceId, id));
}

/** POST /api/feeds/:id/resume: failures forgotten, read again at once. */
export async function resumeFeed(ctx: FeedWork, workspaceId: string, id: string): Promise<Feed> {
  const db = ctx.database.db;
  const current = await requireFeed(ctx, workspaceId, id);
  if (current.pausedAt) {
    await setWorkspaceFeedPaused(db, workspaceId, id, {
      pausedAt: null,
      nextPollAt: new Date(Date.now() + FEED_POLL_INTERVAL_MS),
    });
    await queueFeedPoll(ctx, id);
  }
  return toFeed(await requireFeed(ctx, workspaceId, id));
}

async function requireFeed(ctx: FeedWork, workspaceId: string, id: string): Promise<FeedWithCounts> {
  const row = await findWorkspaceFeed(ctx.database.db, workspaceId, id);
  if (!row) throw new AppError('not_found', feedMessages.notFound);
  return row;
}

function pauseReasonOf(row: FeedWithCounts): FeedPauseReason | null {
  if (!row.pausedAt) return null;
  return row.consecutiveFailures >= FEED_FAILURE_LIMIT ? 'failures' : 'paused_by_member';
}

function toFeed(row: FeedWithCounts): Feed {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    accountIds: row.accountIds,
    mode: row.mode,
    lastPolledAt: row.lastPolledAt?.toISOString() ?? null,
    nextPollAt: row.pausedAt ? null : row.nextPollAt.toISOString(),
    lastError: row.lastError,
    consecutiveFailures: row.consecutiveFailures,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    pausedReason: pauseReasonOf(row),
    itemsSeen: row.itemsSeen,
    postsCreated: row.postsCreated,
    createdAt: row.createdAt.toISOString(),
  };
}
