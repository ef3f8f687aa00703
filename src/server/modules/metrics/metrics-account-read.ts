import {
  engagementBaseOf,
  engagementRate,
  engagementsOf,
  type PostMetricValues,
} from '../../../contracts/analytics';
import type { AppContext } from '../../context';
import {
  RateLimitedError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
} from '../../integrations/social/social-provider';
import { canRefresh, REFRESH_AHEAD_MS, refreshTokensOnce, tokensOf } from '../social-accounts';
import {
  callsToRead,
  DEFAULT_PAUSE_MS,
  MIN_PAUSE_MS,
  metricsReadBudgets,
  nextReadingAt,
  planReads,
  retryAfterFailure,
  TOKEN_RETRY_MS,
  utcDayOf,
} from './metrics-schedule';
import {
  type ClaimedPost,
  listMeasuredValuesOfAccount,
  markAccountSynced,
  markReadingsRemoved,
  pauseAccountMetrics,
  type ReadingToStore,
  rescheduleReadings,
  reserveReadCalls,
  type SocialAccountRow,
  storeFollowers,
  storeReadings,
} from './metrics-sync.repository';

/*
 * Reading one account's metrics in a sync run (metrics-sync.service.ts): its claimed posts, its
 * followers, within its read budget, with each platform answer settled (decision 022).
 */

const HOUR_MS = 60 * 60_000;

/** What reading one account came to. */
export interface AccountOutcome {
  read: boolean;
  skipped: boolean;
  postsRead: number;
  postsRemoved: number;
  postsFailed: number;
  postsDeferred: number;
  followersRead: number;
}

export const noOutcome: AccountOutcome = {
  read: false,
  skipped: false,
  postsRead: 0,
  postsRemoved: 0,
  postsFailed: 0,
  postsDeferred: 0,
  followersRead: 0,
};

/**
 * Reads one account: its claimed posts in calls of the platform's batch size, as many calls as
 * its hourly budget grants (posts first, then one for the followers). A rate limit pauses the
 * account and hands its posts back for after the pause; an unusable token hands them back for a
 * little later; another error counts a failure on the posts of that call. Nothing a platform
 * answers is thrown.
 */
export async function readAccountMetrics(
  ctx: Pick<AppContext, 'database' | 'socialProviders' | 'tokenCipher' | 'log'>,
  account: SocialAccountRow,
  posts: ClaimedPost[],
  now: Date,
): Promise<AccountOutcome> {
  const db = ctx.database.db;
  const outcome = { ...noOutcome };
  const postsById = new Map<string, ClaimedPost[]>();
  for (const post of posts) postsById.set(post.externalId, [...(postsById.get(post.externalId) ?? []), post]);
  const postsOf = (ids: string[]) => ids.flatMap((id) => postsById.get(id) ?? []);
  const handBack = async (list: ClaimedPost[], at: Date | 'as-before') => {
    outcome.postsDeferred += list.length;
    await rescheduleReadings(
      db,
      list.map((post) => ({
        postId: post.postId,
        nextSyncAt: at === 'as-before' ? post.previousNextSyncAt : at,
      })),
    );
  };
  const provider = ctx.socialProviders[account.platform];
  if (!provider) {
    await handBack(posts, new Date(now.getTime() + HOUR_MS));
    return { ...outcome, skipped: true };
  }

  const budget = metricsReadBudgets[account.platform];
  const ids = [...postsById.keys()];
  const granted = await reserveReadCalls(db, {
    accountId: account.id,
    wanted: callsToRead(budget, ids.length),
    maxPerWindow: budget.callsPerHour,
    windowMs: HOUR_MS,
    now,
  });
  const { chunks, readsFollowers } = planReads(ids, budget, granted);
  // Beyond this hour's budget: due again at the next run, as they were.
  await handBack(postsOf(ids.slice(chunks.flat().length)), 'as-before');
  if (chunks.length === 0 && !readsFollowers) return outcome;

  const tokens = await liveTokens(ctx, account, provider);
  if (!tokens) {
    await handBack(postsOf(chunks.flat()), new Date(now.getTime() + TOKEN_RETRY_MS));
    return { ...outcome, skipped: true };
  }

  const who = { externalId: account.externalId, username: account.username };
  let waiting = false;
  for (const [index, chunk] of chunks.entries()) {
    let answer: Awaited<ReturnType<SocialProvider['readPostMetrics']>>;
    try {
      const reels = chunk.filter((id) => postsOf([id]).some((post) => post.postType === 'reel'));
      answer = await provider.readPostMetrics(tokens, { account: who, externalIds: chunk, reels });
    } catch (error) {
      const verdict = await settleReadError(ctx, account, error, now);
      const later = postsOf(chunks.slice(index + 1).flat());
      if (verdict.kind === 'wait') {
        waiting = true;
        await handBack([...postsOf(chunk), ...later], verdict.retryAt);
      } else {
        const failed = postsOf(chunk);
        outcome.postsFailed += failed.length;
        await rescheduleReadings(
          db,
          failed.map((post) => ({
            postId: post.postId,
            failures: post.failures + 1,
            nextSyncAt: retryAfterFailure(post.failures + 1, now),
          })),
        );
        await handBack(later, 'as-before');
      }
      break;
    }
    const gone = new Set(answer.missing);
    const byId = new Map(answer.metrics.map((reading) => [reading.externalId, reading]));
    const readings: ReadingToStore[] = [];
    const removed: string[] = [];
    for (const post of postsOf(chunk)) {
      if (gone.has(post.externalId)) {
        removed.push(post.postId);
        continue;
      }
      // An id the platform answered nothing for is a reading of nothing: all null.
      const reading = byId.get(post.externalId);
      readings.push({
        postId: post.postId,
        values: {
          impressions: reading?.impressions ?? null,
          reach: reading?.reach ?? null,
          likes: reading?.likes ?? null,
          comments: reading?.comments ?? null,
          shares: reading?.shares ?? null,
          clicks: reading?.clicks ?? null,
          views: reading?.views ?? null,
        },
        nextSyncAt: nextReadingAt(post.publishedAt, now),
      });
    }
    await storeReadings(db, now, readings);
    await markReadingsRemoved(db, now, removed);
    outcome.postsRead += readings.length;
    outcome.postsRemoved += removed.length;
  }

  if (readsFollowers && !waiting) {
    try {
      const followers = await provider.readFollowers(tokens, who);
      await storeFollowers(db, {
        accountId: account.id,
        workspaceId: account.workspaceId,
        day: utcDayOf(now),
        followers,
        now,
      });
      outcome.followersRead = 1;
    } catch (error) {
      waiting = (await settleReadError(ctx, account, error, now)).kind === 'wait';
    }
  }

  const postsChanged = outcome.postsRead + outcome.postsRemoved > 0;
  const read = postsChanged || outcome.followersRead > 0;
  if (read) {
    await markAccountSynced(db, account.id, {
      now,
      engagementRate: postsChanged
        ? weightedEngagementRate(await listMeasuredValuesOfAccount(db, account.id))
        : undefined,
    });
  }
  return { ...outcome, read, skipped: !read && waiting };
}

type ReadErrorVerdict = { kind: 'failed' } | { kind: 'wait'; retryAt: Date };

/**
 * What a failed read means: a rate limit pauses the account (until the platform's reset,
 * measured from the run's clock) and counts no failure; an unusable token waits for the token
 * job to refresh or flag it; anything else is a failure of that call.
 */
async function settleReadError(
  ctx: Pick<AppContext, 'database' | 'log'>,
  account: SocialAccountRow,
  error: unknown,
  now: Date,
): Promise<ReadErrorVerdict> {
  if (error instanceof RateLimitedError) {
    const waitMs = error.resetAt ? error.resetAt.getTime() - Date.now() : DEFAULT_PAUSE_MS;
    const until = new Date(now.getTime() + Math.max(MIN_PAUSE_MS, waitMs));
    await pauseAccountMetrics(ctx.database.db, account.id, until);
    return { kind: 'wait', retryAt: until };
  }
  if (error instanceof TokenExpiredError) {
    return { kind: 'wait', retryAt: new Date(now.getTime() + TOKEN_RETRY_MS) };
  }
  ctx.log.warn({ err: error, accountId: account.id }, 'reading metrics failed; retrying later');
  return { kind: 'failed' };
}

/**
 * The account's tokens, refreshed first when they expire within a few minutes (as publishing
 * does); null when they cannot be used now (the token job refreshes or flags the account). The
 * real clock decides, not the run's: a token lives in the platform's time.
 */
async function liveTokens(
  ctx: Pick<AppContext, 'database' | 'tokenCipher' | 'log'>,
  account: SocialAccountRow,
  provider: SocialProvider,
): Promise<TokenSet | null> {
  const tokens = tokensOf(ctx, account);
  const realNow = Date.now();
  const expiresAt = tokens.expiresAt?.getTime();
  if (expiresAt === undefined || expiresAt - realNow > REFRESH_AHEAD_MS) return tokens;
  if (!canRefresh(account, provider)) return expiresAt > realNow ? tokens : null;
  try {
    return await refreshTokensOnce(ctx, account, provider);
  } catch (error) {
    ctx.log.warn({ err: error, accountId: account.id }, 'refreshing a token to read metrics failed');
    return null;
  }
}

/** Total engagements over total reach (or impressions) of the posts that report both; percent. */
export function weightedEngagementRate(values: PostMetricValues[]): number | null {
  let engagements = 0;
  let base = 0;
  let measured = false;
  for (const one of values) {
    const postEngagements = engagementsOf(one);
    const postBase = engagementBaseOf(one);
    if (postEngagements === null || postBase === null) continue;
    engagements += postEngagements;
    base += postBase;
    measured = true;
  }
  return measured ? engagementRate(engagements, base) : null;
}
