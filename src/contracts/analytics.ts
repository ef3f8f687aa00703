import { z } from 'zod';
import { safeString } from './common';
import { planId, subscriptionStatus } from './plan-schemas';
import { publishingPlatform } from './platforms';
import { postType } from './post-types';

/*
 * Dashboard stats, analytics, best times to post and the activity feed (issue 9).
 *
 * Honesty rules shared by server and screens:
 * - a metric a platform did not report is `null` (shown as '—'), never 0: Meta removed impressions,
 *   X reports no reach, Instagram answers an empty set while its data lags (up to 48 h);
 * - engagements = the sum of the engagement metrics a post reports (likes, comments, shares,
 *   clicks), null when it reports none of them;
 * - engagement rate (percent) = engagements / reach, or / impressions when the platform reports no
 *   reach; null when either side is missing or the denominator is 0. Over several posts it is
 *   total engagements / total denominators of the posts that have both (a weighted average).
 */

export const engagementMetricNames = ['likes', 'comments', 'shares', 'clicks'] as const;

const count = z.number().int().min(0);
const maybeCount = count.nullable();

/** One reading of a post's lifetime metrics; null: the platform did not report it. */
export const postMetricValues = z.object({
  impressions: maybeCount,
  reach: maybeCount,
  likes: maybeCount,
  comments: maybeCount,
  shares: maybeCount,
  clicks: maybeCount,
  /** Plays of a video (Reels, video posts), where the platform reports them; null otherwise. */
  views: maybeCount,
});
export type PostMetricValues = z.infer<typeof postMetricValues>;

/** A reading in which the platform reported nothing: every metric null, never 0. Spread it. */
export const notReportedMetrics: Readonly<PostMetricValues> = Object.freeze({
  impressions: null,
  reach: null,
  likes: null,
  comments: null,
  shares: null,
  clicks: null,
  views: null,
});

/** Likes + comments + shares + clicks, of those reported; null when none is. */
export function engagementsOf(values: PostMetricValues): number | null {
  let total: number | null = null;
  for (const name of engagementMetricNames) {
    const value = values[name];
    if (value !== null) total = (total ?? 0) + value;
  }
  return total;
}

/** What engagement is measured against: reach, else impressions (null when neither is reported). */
export function engagementBaseOf(values: PostMetricValues): number | null {
  return values.reach ?? values.impressions;
}

/**
 * What link clicks are measured against (issue 29, decision 093): impressions, else reach (a
 * click needs the post to be seen, not the person reached); null when neither is reported.
 */
export function clickBaseOf(values: Pick<PostMetricValues, 'impressions' | 'reach'>): number | null {
  return values.impressions ?? values.reach;
}

/** Percent with two decimals; null when engagements or the base is missing, or the base is 0. */
export function engagementRate(engagements: number | null, base: number | null): number | null {
  if (engagements === null || base === null || base === 0) return null;
  return Math.round((engagements / base) * 10_000) / 100;
}

/** A calendar day, `YYYY-MM-DD`, in the caller's time zone. */
export const isoDay = z.iso.date({ message: 'Use a date as YYYY-MM-DD' });

/**
 * GET /api/user/dashboard/stats (and GET /api/dashboard/stats): spec §3's fields from the caller's
 * workspace, never fallback numbers. "This month" is the calendar month in the user's time zone.
 */
export const dashboardStats = z.object({
  /** Posts published this month. */
  postsThisMonth: count,
  /** Engagements (see engagementsOf) of every published post, all time. */
  totalEngagement: count,
  /** Posts waiting for their time (status scheduled). */
  scheduledPosts: count,
  /** AI credits used this month. */
  creditsUsed: count,
  /** The plan's monthly AI credits; null when the plan is unlimited. */
  creditsTotal: count.nullable(),
  teamMembers: count,
  /**
   * Campaigns with a post still to go out (pending approval, approved, scheduled or publishing):
   * a campaign is one generator run, or posts composed together for several accounts.
   */
  campaignsActive: count,
  /** Weighted engagement rate (percent) of posts published in the last 30 days; null: nothing measured. */
  avgEngagementRate: z.number().min(0).nullable(),
  /** Connected accounts (including those that need reconnecting). */
  connectedAccounts: count,
  /** Reach of the posts published this month, summed over the posts whose platform reports reach. */
  reachThisMonth: count,
  /** Posts published this month whose platform reported no reach (X reports none), so the total leaves them out. */
  reachUnreportedPosts: count,
  plan: z.object({ id: planId, name: z.string(), status: subscriptionStatus }),
  /** When metrics were last read from a platform for this workspace; null: never. */
  lastSyncedAt: z.string().nullable(),
  /** True when any connected account lives in the platform simulator (its numbers are pretend). */
  sandbox: z.boolean(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

export const MAX_ANALYTICS_DAYS = 366;

/** The analytics screen's filters: an inclusive range of days in `timeZone` (default: the user's). */
export const analyticsQuery = z
  .object({
    from: isoDay,
    to: isoDay,
    /** IANA zone for day boundaries; defaults to the user's zone, else UTC. */
    timeZone: safeString().trim().min(1).max(64).optional(),
    platform: publishingPlatform.optional(),
    accountId: z.uuid({ message: 'Not an account id' }).optional(),
  })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['from'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < MAX_ANALYTICS_DAYS, {
    message: `Choose at most ${MAX_ANALYTICS_DAYS} days`,
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/** Sums over posts; each null when no post in the set reported that metric. */
export const metricTotals = z.object({
  posts: count,
  impressions: maybeCount,
  reach: maybeCount,
  engagements: maybeCount,
  /** Weighted, percent. */
  engagementRate: z.number().min(0).nullable(),
});
export type MetricTotals = z.infer<typeof metricTotals>;

/**
 * GET /api/analytics/overview: posts published in the range (attributed to their publishing day)
 * with their latest metrics, and followers over the range.
 */
export const analyticsOverview = z.object({
  range: z.object({ from: isoDay, to: isoDay, timeZone: z.string() }),
  totals: metricTotals.extend({
    /** Followers of the accounts in view at the end of the range; null: none reported. */
    followers: maybeCount,
    /** Change over the range (last known minus first known in the range); null: too few readings. */
    followerChange: z.number().int().nullable(),
  }),
  /** Every day of the range, in order, zero posts included. */
  daily: z.array(metricTotals.extend({ date: isoDay })),
  byPlatform: z.array(metricTotals.extend({ platform: publishingPlatform })),
  byAccount: z.array(
    metricTotals.extend({
      accountId: z.string(),
      platform: publishingPlatform,
      username: z.string(),
      displayName: z.string(),
      followers: maybeCount,
      sandbox: z.boolean(),
    }),
  ),
  /** One series per account: its last follower reading of each day that has one. */
  followerGrowth: z.array(
    z.object({
      accountId: z.string(),
      platform: publishingPlatform,
      displayName: z.string(),
      points: z.array(z.object({ date: isoDay, followers: count })),
    }),
  ),
  lastSyncedAt: z.string().nullable(),
  sandbox: z.boolean(),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverview>;

export const analyticsPostSorts = ['engagements', 'reach', 'impressions', 'publishedAt'] as const;
export type AnalyticsPostSort = (typeof analyticsPostSorts)[number];
export const analyticsPostsQuery = analyticsQuery.and(
  z.object({
    sort: z.enum(analyticsPostSorts).default('engagements'),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  }),
);

/** One published post with its latest metrics (GET /api/analytics/posts, and the CSV export). */
export const analyticsPost = z.object({
  postId: z.string(),
  platform: publishingPlatform,
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  content: z.string(),
  hashtags: z.array(z.string()),
  /** What kind of post it was (issue 24), its media in order, and the posts of its thread after the first. */
  postType,
  mediaIds: z.array(z.string()),
  threadPosts: z.number().int().min(0),
  publishedAt: z.string(),
  externalUrl: z.string().nullable(),
  metrics: postMetricValues,
  engagements: maybeCount,
  engagementRate: z.number().min(0).nullable(),
  /** When these numbers were read; null: not read yet. */
  syncedAt: z.string().nullable(),
  /** True when the platform no longer has the post (deleted there): its last numbers are kept. */
  removedFromPlatform: z.boolean(),
  /**
   * Human clicks on the post's short links, all time (issue 29); null when it was published
   * without short links, so nothing could be counted (never 0 for "unknown").
   */
  linkClicks: maybeCount,
  /** Distinct visitors per UTC day, summed (a visitor on two days counts twice); null as linkClicks. */
  uniqueVisitors: maybeCount,
  /** Percent: link clicks / impressions (reach where no impressions); null when either is unknown or 0. */
  clickThroughRate: z.number().min(0).nullable(),
});
export type AnalyticsPost = z.infer<typeof analyticsPost>;
export const analyticsPostList = z.array(analyticsPost);

/** The CSV export's columns, in order (GET /api/analytics/posts.csv). */
export const analyticsCsvColumns = [
  'published_at',
  'platform',
  'account',
  'content',
  'hashtags',
  'url',
  'impressions',
  'reach',
  'likes',
  'comments',
  'shares',
  'clicks',
  'views',
  'engagements',
  'engagement_rate',
  'synced_at',
  // Issue 29: appended, so a spreadsheet reading the columns by position keeps working.
  'link_clicks',
  'unique_visitors',
  'click_through_rate',
] as const;

/** POST /api/analytics/refresh: reads due metrics now for the caller's workspace. */
export const metricsRefreshResponse = z.object({
  /** Posts whose metrics were read. */
  postsRead: count,
  accountsRead: count,
  /** Accounts skipped because the platform asked us to wait (rate limit) or they need reconnecting. */
  accountsSkipped: count,
  lastSyncedAt: z.string().nullable(),
});
export type MetricsRefreshResponse = z.infer<typeof metricsRefreshResponse>;

/** ISO weekday: 1 = Monday … 7 = Sunday; hour 0–23 in `timeZone`. */
export const postingSlot = z.object({
  weekday: z.number().int().min(1).max(7),
  hour: z.number().int().min(0).max(23),
});
export type PostingSlot = z.infer<typeof postingSlot>;

export const bestTimeSources = ['account_history', 'platform_default'] as const;

/** When an account's posts do best (GET /api/analytics/best-times). */
export const bestTime = z.object({
  accountId: z.string(),
  platform: publishingPlatform,
  displayName: z.string(),
  /** account_history once the account has enough measured posts, else the platform's general pattern. */
  source: z.enum(bestTimeSources),
  /** e.g. 'Tue–Thu, 8–10 AM' or 'Tuesdays around 9 AM (from your posts)'. */
  label: z.string(),
  /** Best first, in `timeZone`. */
  slots: z.array(postingSlot),
  timeZone: z.string(),
  /** Measured posts the history is built on (0 for a platform default). */
  basedOnPosts: count,
});
export type BestTime = z.infer<typeof bestTime>;
export const bestTimeList = z.array(bestTime);
export const bestTimesQuery = z.object({
  accountId: z.uuid({ message: 'Not an account id' }).optional(),
  timeZone: safeString().trim().min(1).max(64).optional(),
});

/** The team feed (GET /api/activity): newest first. */
export const activityEntry = z.object({
  id: z.string(),
  kind: z.string(),
  summary: z.string(),
  /** Who did it; null for Kitepost itself (a publish, a token check). */
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;
export const activityList = z.array(activityEntry);
export const activityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const analyticsMessages = {
  noData: 'No published posts in this range yet.',
  notReported: 'Not reported by this platform',
  /** Why LinkedIn posts show no numbers (decision 042). */
  linkedInNotShared:
    "LinkedIn shares a post's statistics only with apps approved for its Community Management API, which cannot be combined with the Sign In and Share on LinkedIn products Kitepost connects with: LinkedIn posts show — here.",
  refreshLimited: 'Metrics were refreshed a moment ago. Please wait a minute before refreshing again.',
} as const;
