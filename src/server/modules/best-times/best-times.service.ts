import { type BestTime, engagementBaseOf, engagementsOf } from '../../../contracts/analytics';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isKnownZone } from '../../lib/time-zones';
import { type ComputedBestTime, computeBestTime, HISTORY_DAYS, type MeasuredPost } from './best-times';
import {
  type BestTimeAccountRow,
  findUserTimeZone,
  listBestTimeAccounts,
  listReadPostMetrics,
} from './best-times.repository';

/** The user's saved zone when it is one luxon knows, else UTC (the server's default). */
export function userZoneOrUtc(zone: string | null | undefined): string {
  return isKnownZone(zone) ? zone : 'UTC';
}

type ReadPostMetrics = Awaited<ReturnType<typeof listReadPostMetrics>>[number];

/** Each account with its best time, computed from its own measured posts of the last 90 days. */
async function computeAccountBestTimes(
  db: Db,
  workspaceId: string,
  accounts: BestTimeAccountRow[],
  options: { timeZone: string; now: Date; platform?: PublishingPlatform },
): Promise<Array<{ account: BestTimeAccountRow; bestTime: ComputedBestTime }>> {
  if (accounts.length === 0) return [];
  const since = new Date(options.now.getTime() - HISTORY_DAYS * 86_400_000);
  const readings = await listReadPostMetrics(db, workspaceId, { since, platform: options.platform });
  const byAccount = new Map<string, MeasuredPost[]>();
  for (const reading of readings) {
    if (!reading.socialAccountId) continue;
    const list = byAccount.get(reading.socialAccountId) ?? [];
    list.push(measuredPostOf(reading));
    byAccount.set(reading.socialAccountId, list);
  }
  return accounts.map((account) => ({
    account,
    bestTime: computeBestTime({
      platform: account.platform,
      posts: byAccount.get(account.id) ?? [],
      timeZone: options.timeZone,
      now: options.now,
    }),
  }));
}

function measuredPostOf(reading: ReadPostMetrics): MeasuredPost {
  return {
    publishedAt: reading.publishedAt,
    engagements: engagementsOf(reading),
    base: engagementBaseOf(reading),
  };
}

/**
 * GET /api/analytics/best-times: one entry per connected account of the workspace (or the one
 * asked for), with slots in `timeZone`.
 */
export async function listBestTimes(
  db: Db,
  input: { workspaceId: string; timeZone: string; accountId?: string; now?: Date },
): Promise<BestTime[]> {
  const all = await listBestTimeAccounts(db, input.workspaceId);
  const accounts = input.accountId ? all.filter((account) => account.id === input.accountId) : all;
  if (input.accountId && accounts.length === 0) throw new AppError('not_found', 'Account not found');
  const computed = await computeAccountBestTimes(db, input.workspaceId, accounts, {
    timeZone: input.timeZone,
    now: input.now ?? new Date(),
  });
  return computed.map(({ account, bestTime }) => ({
    accountId: account.id,
    platform: account.platform,
    displayName: account.displayName,
    timeZone: input.timeZone,
    ...bestTime,
  }));
}

/**
 * For the generator: per platform, the history label of the workspace's account on it with the
 * most measured posts, among those whose best time comes from their own history. Platforms with
 * no such account are missing (the caller keeps its general advice). Read in the user's zone.
 */
export async function historyBestTimeLabels(
  db: Db,
  input: { workspaceId: string; userId: string; platforms: PublishingPlatform[]; now?: Date },
): Promise<Partial<Record<PublishingPlatform, string>>> {
  const accounts = (await listBestTimeAccounts(db, input.workspaceId)).filter((account) =>
    input.platforms.includes(account.platform),
  );
  if (accounts.length === 0) return {};
  const timeZone = userZoneOrUtc(await findUserTimeZone(db, input.userId));
  const platform = input.platforms.length === 1 ? input.platforms[0] : undefined;
  const computed = await computeAccountBestTimes(db, input.workspaceId, accounts, {
    timeZone,
    now: input.now ?? new Date(),
    platform,
  });
  const labels: Partial<Record<PublishingPlatform, string>> = {};
  const chosenPosts: Partial<Record<PublishingPlatform, number>> = {};
  for (const { account, bestTime } of computed) {
    if (bestTime.source !== 'account_history') continue;
    // Strictly more: on a tie the account connected first stays (the list is oldest first).
    if (bestTime.basedOnPosts > (chosenPosts[account.platform] ?? 0)) {
      labels[account.platform] = bestTime.label;
      chosenPosts[account.platform] = bestTime.basedOnPosts;
    }
  }
  return labels;
}
