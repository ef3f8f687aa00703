import type { PublishingPlatform } from '../../../contracts/platforms';

/*
 * When a published post's metrics are read, and how much is read per account: pure, so the sync
 * (metrics-sync.service.ts) and its tests agree on every time (decision 022).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The first reading: the platforms have a first count by then (Instagram's lags; see decision 022). */
export const FIRST_READING_MS = 10 * MINUTE;

/**
 * Readings after publishing: dense while a post is fresh (its numbers move by the hour), then
 * daily until day 7, weekly until day 30, one last at day 90, then none.
 */
export const READING_OFFSETS_MS: readonly number[] = [
  FIRST_READING_MS,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  3 * DAY,
  4 * DAY,
  5 * DAY,
  6 * DAY,
  7 * DAY,
  14 * DAY,
  21 * DAY,
  28 * DAY,
  90 * DAY,
];

/** The first reading of a post published at `publishedAt`. */
export function firstReadingAt(publishedAt: Date): Date {
  return new Date(publishedAt.getTime() + FIRST_READING_MS);
}

/**
 * The next reading after one taken at `now`: the first reading time strictly later than `now`
 * (a late reading skips the ones it stands for); null once the last one has passed.
 */
export function nextReadingAt(publishedAt: Date, now: Date): Date | null {
  for (const offset of READING_OFFSETS_MS) {
    const at = publishedAt.getTime() + offset;
    if (at > now.getTime()) return new Date(at);
  }
  return null;
}

/** Failed readings in a row after which a post is no longer read (its numbers are kept). */
export const MAX_READ_FAILURES = 5;
export const FAILURE_BACKOFF_BASE_MS = 15 * MINUTE;

/**
 * After a failed reading (`failures` counts it): retry after 15, 30, 60, 120 minutes; the fifth
 * failure in a row stops reading (null).
 */
export function retryAfterFailure(failures: number, now: Date): Date | null {
  if (failures >= MAX_READ_FAILURES) return null;
  const exponent = Math.max(0, failures - 1);
  return new Date(now.getTime() + FAILURE_BACKOFF_BASE_MS * 2 ** exponent);
}

/** How long an account is left alone when the platform asks us to wait without saying how long. */
export const DEFAULT_PAUSE_MS = 15 * MINUTE;
/** The shortest pause, even when the platform's reset time has (nearly) passed already. */
export const MIN_PAUSE_MS = MINUTE;
/** Posts of an account whose token cannot be used now are tried again this much later. */
export const TOKEN_RETRY_MS = 15 * MINUTE;
/** A connected account's followers are read at least this often, even with no post due. */
export const FOLLOWERS_EVERY_MS = 6 * HOUR;

/**
 * Reads per account, kept well inside each platform's documented read limits (platforms.md),
 * counted in HTTP calls: per run (every 5 minutes) and per clock hour, which also bounds manual
 * refreshes. How the adapters read: X takes 100 posts per `GET /2/tweets`; Instagram one insights
 * call per post; Facebook two (its insights, and the post's own comment and share counts); LinkedIn one call per metric of a post (five).
 * - X: reads are billed per resource: few calls.
 * - Instagram: ~200 calls per hour per account: at most half of it.
 * - Facebook: app-level (BUC) limits; LinkedIn: per-member daily limits, unpublished: conservative.
 */
export interface ReadBudget {
  /** Posts one read of the adapter covers. */
  postsPerRead: number;
  /** HTTP calls one read costs. */
  callsPerRead: number;
  /** HTTP calls of a follower read (0: the platform offers none, the adapter answers null). */
  followerCalls: number;
  callsPerRun: number;
  callsPerHour: number;
}

export const metricsReadBudgets: Record<PublishingPlatform, ReadBudget> = {
  twitter: { postsPerRead: 100, callsPerRead: 1, followerCalls: 1, callsPerRun: 5, callsPerHour: 30 },
  instagram: { postsPerRead: 1, callsPerRead: 1, followerCalls: 1, callsPerRun: 15, callsPerHour: 100 },
  facebook: { postsPerRead: 1, callsPerRead: 2, followerCalls: 1, callsPerRun: 30, callsPerHour: 120 },
  linkedin: { postsPerRead: 1, callsPerRead: 5, followerCalls: 0, callsPerRun: 30, callsPerHour: 120 },
  // Issue 27: each network's adapter sets its own from how it reads.
  // app.bsky.feed.getPosts reads 25 posts a call (its `uris` maxLength); app.bsky.actor.getProfile
  // the followers. The PDS allows 3,000 requests per 5 minutes (docs.bsky.app "Rate Limits"): far.
  bluesky: { postsPerRead: 25, callsPerRead: 1, followerCalls: 1, callsPerRun: 10, callsPerHour: 120 },
  // One GET /api/v1/statuses/:id per post, followers from verify_credentials; Mastodon allows 300
  // calls per 5 minutes per account (docs.joinmastodon.org/api/rate-limits): a tenth of that here.
  mastodon: { postsPerRead: 1, callsPerRead: 1, followerCalls: 1, callsPerRun: 30, callsPerHour: 360 },
  // Threads: one `/{media-id}/insights` call per post and one `threads_insights` call for the
  // followers; its limit is 4,800 calls × the profile's impressions (at least 10) per 24 h
  // (developers.facebook.com/docs/threads/overview): 100 an hour stays far inside even the floor.
  threads: { postsPerRead: 1, callsPerRead: 1, followerCalls: 1, callsPerRun: 15, callsPerHour: 100 },
  // One analytics call per Pin (`GET /v5/pins/{id}/analytics`), one user_account read for followers.
  pinterest: { postsPerRead: 1, callsPerRead: 1, followerCalls: 1, callsPerRun: 15, callsPerHour: 100 },
  linkedin_page: { postsPerRead: 20, callsPerRead: 1, followerCalls: 1, callsPerRun: 10, callsPerHour: 60 },
  // videos.list part=statistics reads 50 videos a call, channels.list the subscribers; each call is
  // 1 unit of the project's 10,000 a day, shared by every channel of every workspace and by the
  // uploads (1,600 each): a channel's reads stay at 4 units an hour at most (youtube/quota.ts).
  youtube: { postsPerRead: 50, callsPerRead: 1, followerCalls: 1, callsPerRun: 2, callsPerHour: 4 },
  // TikTok: `POST /v2/video/query/` reads 20 videos a call (its video_ids cap), `/v2/user/info/`
  // the followers. TikTok limits calls per token per minute (its API rate limits page; the figure for
  // video.query UNCONFIRMED): 5 calls a run, 30 an hour stays far inside any per-minute limit.
  tiktok: { postsPerRead: 20, callsPerRead: 1, followerCalls: 1, callsPerRun: 5, callsPerHour: 30 },
  // Google reports no per-post insights since localPosts.reportInsights was removed, nor followers:
  // the adapter answers null without a call (one is counted so a read still costs something).
  google_business: { postsPerRead: 100, callsPerRead: 1, followerCalls: 0, callsPerRun: 5, callsPerHour: 30 },
};

/** Posts of one account read in one run at most (the follower read keeps its calls). */
export function postsPerRun(budget: ReadBudget): number {
  const reads = Math.floor(Math.max(0, budget.callsPerRun - budget.followerCalls) / budget.callsPerRead);
  return budget.postsPerRead * reads;
}

/** The calls reading these many posts and the followers costs. */
export function callsToRead(budget: ReadBudget, posts: number): number {
  return Math.ceil(posts / budget.postsPerRead) * budget.callsPerRead + budget.followerCalls;
}

/**
 * What `grantedCalls` pay for: the posts' reads first (each a chunk of ids), then the follower
 * read if its calls are left. The ids beyond the chunks wait for a later run.
 */
export function planReads(
  ids: string[],
  budget: ReadBudget,
  grantedCalls: number,
): { chunks: string[][]; readsFollowers: boolean } {
  const wantedReads = Math.ceil(ids.length / budget.postsPerRead);
  const reads = Math.min(wantedReads, Math.floor(Math.max(0, grantedCalls) / budget.callsPerRead));
  const chunks: string[][] = [];
  for (let i = 0; i < reads; i++) {
    chunks.push(ids.slice(i * budget.postsPerRead, (i + 1) * budget.postsPerRead));
  }
  const left = grantedCalls - reads * budget.callsPerRead;
  return { chunks, readsFollowers: left >= budget.followerCalls && reads === wantedReads };
}

/** The UTC day of a moment, `YYYY-MM-DD` (account_metrics.day). */
export const utcDayOf = (date: Date) => date.toISOString().slice(0, 10);
