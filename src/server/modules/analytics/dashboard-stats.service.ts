import type { DashboardStats } from '../../../contracts/analytics';
import { plans } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { getCredits } from '../credits';
import { listPublishedReadings, readPostCounts, readWorkspaceFacts } from './analytics.repository';
import { metricTotalsOf, monthInstants, resolveTimeZone } from './analytics-sums';

const DAY_MS = 24 * 60 * 60 * 1000;
/** avgEngagementRate looks at the posts published in this many days up to now. */
export const ENGAGEMENT_RATE_DAYS = 30;

/**
 * The dashboard's numbers (spec §3's dashboard stats) for one workspace, from its own data: a
 * new workspace sees zeros (and a null rate), never fallback numbers. "This month" is the
 * calendar month in the user's zone (UTC when unset). A handful of reads, none per post:
 * workspace facts, post counts, the posts published since the earlier of the month's start and
 * 30 days ago, and the credits (the credits service's own answer, so both screens agree).
 */
export async function loadDashboardStats(
  db: Db,
  input: { workspaceId: string; userTimeZone: string | null },
  now = new Date(),
): Promise<DashboardStats> {
  const zone = resolveTimeZone(undefined, input.userTimeZone);
  const month = monthInstants(now, zone);
  const rateSince = new Date(now.getTime() - ENGAGEMENT_RATE_DAYS * DAY_MS);
  const since = new Date(Math.min(month.start.getTime(), rateSince.getTime()));

  const [facts, counts, recent, credits] = await Promise.all([
    readWorkspaceFacts(db, input.workspaceId),
    readPostCounts(db, input.workspaceId),
    listPublishedReadings(db, { workspaceId: input.workspaceId, start: since, end: month.end }),
    getCredits(db, input.workspaceId, now),
  ]);
  if (!facts) throw new AppError('not_found', 'Workspace not found');

  const publishedWithin = (start: Date, end: Date) =>
    recent.filter((row) => row.publishedAt !== null && row.publishedAt >= start && row.publishedAt < end);
  const thisMonth = publishedWithin(month.start, month.end);
  const lastDays = metricTotalsOf(publishedWithin(rateSince, new Date(now.getTime() + 1)));

  return {
    postsThisMonth: thisMonth.length,
    totalEngagement: counts.totalEngagement,
    scheduledPosts: counts.scheduledPosts,
    creditsUsed: credits.used,
    creditsTotal: credits.limit,
    teamMembers: facts.teamMembers,
    campaignsActive: counts.campaignsActive,
    avgEngagementRate: lastDays.engagementRate,
    connectedAccounts: facts.connectedAccounts,
    reachThisMonth: metricTotalsOf(thisMonth).reach ?? 0,
    reachUnreportedPosts: thisMonth.filter((row) => row.reach === null).length,
    plan: { id: facts.plan, name: plans[facts.plan].name, status: facts.subscriptionStatus },
    lastSyncedAt: facts.lastSyncedAt?.toISOString() ?? null,
    sandbox: facts.sandbox,
  };
}
