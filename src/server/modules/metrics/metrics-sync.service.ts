import { analyticsMessages, type MetricsRefreshResponse } from '../../../contracts/analytics';
import { type PublishingPlatform, publishingPlatforms } from '../../../contracts/platforms';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../rate-limits';
import { listSocialAccounts } from '../social-accounts';
import { type AccountOutcome, noOutcome, readAccountMetrics } from './metrics-account-read';
import { FOLLOWERS_EVERY_MS, metricsReadBudgets, postsPerRun } from './metrics-schedule';
import {
  type ClaimedPost,
  claimPostsForReading,
  lastSyncedAtOfWorkspace,
  listAccountsByIds,
  listAccountsForFollowers,
  retireOrphanedReadings,
  type SocialAccountRow,
} from './metrics-sync.repository';

/*
 * The metrics sync (decision 022): reads published posts' metrics and accounts' followers from
 * the platforms through their adapters, on the schedule of metrics-schedule.ts, within each
 * platform's read budget. Run by the metrics job every 5 minutes and by a manual refresh.
 */

/** Posts read in one run at most; the rest wait for the next run. */
export const MAX_POSTS_PER_RUN = 2_000;
/** Accounts whose followers alone are due, read in one run at most. */
export const MAX_FOLLOWER_ACCOUNTS_PER_RUN = 500;
/** How long a run holds the posts it claimed: longer than any run takes. */
export const CLAIM_LEASE_MS = 15 * 60_000;
/** Accounts read side by side (each one's calls run in order). */
const ACCOUNTS_AT_ONCE = 4;

export interface MetricsSyncOptions {
  /** The run's time (tests move it); defaults to now. */
  now?: Date;
  /** Only this workspace's posts and accounts. */
  workspaceId?: string;
  /** Every post still in its reading window, due or not, and every account's followers (refresh). */
  includeNotDue?: boolean;
}

export interface MetricsSyncReport {
  /** Posts whose metrics were read. */
  postsRead: number;
  /** Posts the platform no longer has. */
  postsRemoved: number;
  /** Posts whose reading failed (retried with backoff). */
  postsFailed: number;
  /** Posts claimed but left for a later run (budget, rate limit, unusable token). */
  postsDeferred: number;
  /** Posts of disconnected accounts whose readings stopped. */
  postsRetired: number;
  /** Accounts read (posts or followers). */
  accountsRead: number;
  /** Accounts not read: the platform asked us to wait, or they need reconnecting. */
  accountsSkipped: number;
  followersRead: number;
  /** When metrics were last read (for the workspace in a workspace run); null: never. */
  lastSyncedAt: Date | null;
}

/**
 * One run: claims the due posts (bounded, per account too), reads them account by account with
 * the account's tokens, stores the readings and the next reading times, and reads followers of
 * the accounts read and of those not read for 6 hours. Safe to run concurrently and again.
 */
export async function runMetricsSync(
  ctx: AppContext,
  options: MetricsSyncOptions = {},
): Promise<MetricsSyncReport> {
  const now = options.now ?? new Date();
  const db = ctx.database.db;
  const { workspaceId } = options;
  const includeNotDue = options.includeNotDue ?? false;

  const postsRetired = await retireOrphanedReadings(db, {
    dueBy: includeNotDue ? null : now,
    workspaceId,
  });
  const claimed = await claimPostsForReading(db, {
    now,
    leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
    limit: MAX_POSTS_PER_RUN,
    perAccount: perAccountCaps(),
    workspaceId,
    includeNotDue,
  });
  const postsByAccount = new Map<string, ClaimedPost[]>();
  for (const post of claimed) {
    postsByAccount.set(post.socialAccountId, [...(postsByAccount.get(post.socialAccountId) ?? []), post]);
  }
  const withPosts = await listAccountsByIds(db, [...postsByAccount.keys()]);
  const forFollowers = await listAccountsForFollowers(db, {
    now,
    staleBefore: includeNotDue && workspaceId ? null : new Date(now.getTime() - FOLLOWERS_EVERY_MS),
    workspaceId,
    limit: MAX_FOLLOWER_ACCOUNTS_PER_RUN,
  });
  const accounts = new Map<string, SocialAccountRow>();
  for (const account of [...withPosts, ...forFollowers]) accounts.set(account.id, account);

  const outcomes = await eachAtMost(ACCOUNTS_AT_ONCE, [...accounts.values()], (account) =>
    readAccountMetrics(ctx, account, postsByAccount.get(account.id) ?? [], now).catch(async (error) => {
      // A database failure while storing: the claimed posts come back once their lease ends.
      ctx.log.warn({ err: error, accountId: account.id }, 'reading metrics of an account failed');
      return { ...noOutcome, skipped: true };
    }),
  );
  const report: MetricsSyncReport = {
    postsRead: sum(outcomes, 'postsRead'),
    postsRemoved: sum(outcomes, 'postsRemoved'),
    postsFailed: sum(outcomes, 'postsFailed'),
    postsDeferred: sum(outcomes, 'postsDeferred'),
    postsRetired,
    accountsRead: outcomes.filter((outcome) => outcome.read).length,
    accountsSkipped: outcomes.filter((outcome) => outcome.skipped).length,
    followersRead: sum(outcomes, 'followersRead'),
    lastSyncedAt: outcomes.some((outcome) => outcome.read) ? now : null,
  };
  if (workspaceId) {
    // The workspace's accounts the claim left out: paused by their platform, or needing the user.
    const left = await listSocialAccounts(db, workspaceId);
    report.accountsSkipped += left.filter(
      (account) =>
        !accounts.has(account.id) &&
        (account.status !== 'connected' || (account.metricsPausedUntil ?? now) > now),
    ).length;
    report.lastSyncedAt = await lastSyncedAtOfWorkspace(db, workspaceId);
  }
  ctx.log.info(
    { job: 'metrics-sync', workspaceId, ...report, lastSyncedAt: report.lastSyncedAt?.toISOString() },
    'metrics sync',
  );
  return report;
}

/** Minimum seconds between two manual refreshes of one workspace. */
export const REFRESH_INTERVAL_SECONDS = 60;

/**
 * POST /api/analytics/refresh: reads every post of the workspace still in its reading window
 * (due or not) and its accounts' followers, within the same budgets. Once a minute per workspace.
 */
export async function refreshWorkspaceMetrics(
  ctx: AppContext,
  workspaceId: string,
  now = new Date(),
): Promise<MetricsRefreshResponse> {
  const { count, windowStartedAt } = await hitRateLimit(
    ctx.database.db,
    `metrics-refresh:${workspaceId}`,
    REFRESH_INTERVAL_SECONDS,
  );
  if (count > 1) {
    const resetsAt = windowStartedAt.getTime() + REFRESH_INTERVAL_SECONDS * 1000;
    const retryAfterSeconds = Math.max(1, Math.ceil((resetsAt - Date.now()) / 1000));
    throw new AppError('rate_limited', analyticsMessages.refreshLimited, { retryAfterSeconds });
  }
  const report = await runMetricsSync(ctx, { now, workspaceId, includeNotDue: true });
  return {
    postsRead: report.postsRead,
    accountsRead: report.accountsRead,
    accountsSkipped: report.accountsSkipped,
    lastSyncedAt: report.lastSyncedAt?.toISOString() ?? null,
  };
}

function perAccountCaps(): Record<PublishingPlatform, number> {
  return Object.fromEntries(
    publishingPlatforms.map((platform) => [platform, postsPerRun(metricsReadBudgets[platform])]),
  ) as Record<PublishingPlatform, number>;
}

function sum(outcomes: AccountOutcome[], key: keyof Omit<AccountOutcome, 'read' | 'skipped'>): number {
  return outcomes.reduce((total, outcome) => total + outcome[key], 0);
}

/** Runs `work` over the items, at most `limit` at a time; answers in the items' order. */
async function eachAtMost<T, R>(limit: number, items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
