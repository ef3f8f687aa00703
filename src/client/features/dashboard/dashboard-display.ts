import type { DashboardStats } from '../../../contracts/analytics';
import type { SubscriptionStatus } from '../../../contracts/plans';
import { formatCount, NOT_REPORTED_MARK } from '../../lib/metric-format';

/**
 * What the dashboard writes for its numbers. Pure, so the honesty rules are tested alone: a number
 * not measured is a dash, never 0, and nothing here invents a value.
 */

/**
 * 'November': the month "this month" means, as the server counts it (the user's chosen zone,
 * else UTC; an unknown zone also counts as UTC).
 */
export function monthNameIn(timeZone: string | null, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: timeZone ?? 'UTC' }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(now);
  }
}

/** '12 / 200', or '12 used · Unlimited' on a plan without a monthly limit. */
export function formatCreditsUsed(used: number, total: number | null): string {
  return total === null
    ? `${formatCount(used)} used · Unlimited`
    : `${formatCount(used)} / ${formatCount(total)}`;
}

/** The same for a screen reader, which would read the slash as a fraction. */
export function describeCreditsUsed(used: number, total: number | null): string {
  return total === null
    ? `${formatCount(used)} used, unlimited plan`
    : `${formatCount(used)} of ${formatCount(total)}`;
}

/**
 * Total Reach: the sum over the month's posts that report reach; a dash when every post this
 * month is on a platform that reports none (X), since 0 would claim nobody saw them.
 */
export function formatReachThisMonth(
  stats: Pick<DashboardStats, 'reachThisMonth' | 'postsThisMonth' | 'reachUnreportedPosts'>,
): string {
  const noneReported = stats.postsThisMonth > 0 && stats.reachUnreportedPosts >= stats.postsThisMonth;
  return noneReported ? NOT_REPORTED_MARK : formatCount(stats.reachThisMonth);
}

/** Under Total Reach: how many of this month's posts the total leaves out; null when none. */
export function reachUnreportedNote(posts: number): string | null {
  if (posts <= 0) return null;
  return `${formatCount(posts)} ${posts === 1 ? 'post reports' : 'posts report'} no reach`;
}

const planStatusWords: Record<SubscriptionStatus, string> = {
  trialing: 'Trial',
  active: 'Active',
  inactive: 'Inactive',
  past_due: 'Past due',
  cancelled: 'Cancelled',
};

/** 'Professional · Trial': the workspace's real plan and where it stands. */
export function planBadgeLabel(plan: Pick<DashboardStats['plan'], 'name' | 'status'>): string {
  return `${plan.name} · ${planStatusWords[plan.status]}`;
}

/**
 * Whether the numbers prove the workspace has posts. When they do not (nothing published this
 * month, nothing scheduled, no campaign under way), only asking for one post can tell: a post
 * published last month or a draft still counts.
 */
export function statsShowPosts(
  stats: Pick<DashboardStats, 'postsThisMonth' | 'scheduledPosts' | 'campaignsActive' | 'totalEngagement'>,
): boolean {
  return (
    stats.postsThisMonth > 0 ||
    stats.scheduledPosts > 0 ||
    stats.campaignsActive > 0 ||
    stats.totalEngagement > 0
  );
}

export interface GettingStarted {
  /** 'No posts yet': leads to the generator. */
  createPosts: boolean;
  /** 'No connected accounts': leads to /social-accounts. */
  connectAccount: boolean;
}

/** What the member's role lets them start (a viewer can neither write posts nor connect accounts). */
export interface GettingStartedAccess {
  canWrite: boolean;
  canManageAccounts: boolean;
}

/**
 * Which of the new-account cards apply. `hasPosts`: the answer of the one-post question, or
 * undefined while it is not asked or not answered (then the card waits rather than flashes).
 * A card whose step the role cannot take is left out.
 */
export function gettingStarted(
  stats: Pick<
    DashboardStats,
    'postsThisMonth' | 'scheduledPosts' | 'campaignsActive' | 'totalEngagement' | 'connectedAccounts'
  >,
  hasPosts: boolean | undefined,
  access: GettingStartedAccess = { canWrite: true, canManageAccounts: true },
): GettingStarted {
  return {
    createPosts: access.canWrite && !statsShowPosts(stats) && hasPosts === false,
    connectAccount: access.canManageAccounts && stats.connectedAccounts === 0,
  };
}
