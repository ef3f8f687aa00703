import {
  type AnalyticsOverview,
  type AnalyticsPost,
  type AnalyticsPostSort,
  clickBaseOf,
  engagementBaseOf,
  engagementRate,
  engagementsOf,
  type PostMetricValues,
} from '../../../contracts/analytics';
import { type PublishingPlatform, publishingPlatforms } from '../../../contracts/platforms';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { EncodedBody } from '../../lib/encoded-body';
import {
  type AnalyticsPostRow,
  findPublishedPostRow,
  listPostRowsPage,
  listTopPostRows,
  type PublishedPostFilter,
  readOverviewSources,
  workspaceHasAccount,
} from './analytics.repository';
import { analyticsCsvHeader, analyticsCsvRow, CSV_BOM } from './analytics-csv';
import {
  dayIn,
  daysOfRange,
  followerChangeOf,
  metricTotalsBy,
  metricTotalsOf,
  rangeInstants,
  sumKnown,
} from './analytics-sums';
import { type ClickCounts, readPostClickCounts } from './click-analytics.repository';
import { overviewCacheFor, overviewCacheKey, serializeOverview } from './overview-cache';

/*
 * The analytics screen's reads (no plan check here: the routes check the plan; the weekly report
 * calls these directly). Posts count on the day they were published, in `timeZone`, with their
 * latest reading (docs/decisions/023-analytics-numbers.md).
 */

/** What the screen looks at: the workspace's posts published on days `from`..`to` in `timeZone`. */
export interface AnalyticsView {
  workspaceId: string;
  from: string;
  to: string;
  /** A valid IANA zone (the route checks it). */
  timeZone: string;
  platform?: PublishingPlatform | undefined;
  accountId?: string | undefined;
}

export const accountNotFoundMessage = 'Social account not found';
/** The CSV export reads this many posts at a time. */
export const CSV_PAGE_SIZE = 1000;

/** The posts a view looks at (the account, when one is asked for, is not checked here). */
const publishedFilterOf = (view: AnalyticsView): PublishedPostFilter => ({
  workspaceId: view.workspaceId,
  ...rangeInstants(view.from, view.to, view.timeZone),
  platform: view.platform,
  accountId: view.accountId,
});

async function filterOf(db: Db, view: AnalyticsView): Promise<PublishedPostFilter> {
  // Another workspace's account is unknown here, never a view into its data.
  if (view.accountId && !(await workspaceHasAccount(db, view.workspaceId, view.accountId))) {
    throw new AppError('not_found', accountNotFoundMessage);
  }
  return publishedFilterOf(view);
}

const metricsOf = (row: PostMetricValues): PostMetricValues => ({
  impressions: row.impressions,
  reach: row.reach,
  likes: row.likes,
  comments: row.comments,
  shares: row.shares,
  clicks: row.clicks,
  views: row.views,
});

/**
 * GET /api/analytics/overview: sums by day, platform and account, and followers over the range
 * (the route checks the plan first, and sends it through loadAnalyticsOverviewJson's cache; the
 * weekly report reads it so).
 */
export async function loadAnalyticsOverview(db: Db, view: AnalyticsView): Promise<AnalyticsOverview> {
  // One statement (readOverviewSources): the follower readings select the view's accounts
  // themselves, so nothing waits for the accounts list first.
  const sources = await readOverviewSources(db, publishedFilterOf(view), view.from, view.to);
  // Another workspace's account is unknown here, never a view into its data (its posts and
  // readings were not read: every part of the statement is of this workspace).
  if (view.accountId && !sources.accounts.some((account) => account.id === view.accountId)) {
    throw new AppError('not_found', accountNotFoundMessage);
  }
  const { lastSyncedAt, latestFollowers } = sources;
  const rows = sources.published;
  const accounts = sources.accounts.filter(
    (account) =>
      (!view.platform || account.platform === view.platform) &&
      (!view.accountId || account.id === view.accountId),
  );
  const accountIds = accounts.map((account) => account.id);
  // Follower readings are kept per UTC day; the range's days are compared as they are.
  const readingsInRange = sources.followerReadings;

  const published = rows.map((row) => ({
    platform: row.platform,
    accountId: row.accountId,
    day: dayIn(row.publishedAt, view.timeZone),
    metrics: metricsOf(row),
  }));
  const days = daysOfRange(view.from, view.to);
  const byDay = metricTotalsBy(published, days, (post) => post.day);
  const platformsInView = publishingPlatforms.filter(
    (platform) =>
      published.some((post) => post.platform === platform) ||
      accounts.some((account) => account.platform === platform),
  );
  const byPlatform = metricTotalsBy(published, platformsInView, (post) => post.platform);
  const byAccount = metricTotalsBy(published, accountIds, (post) => post.accountId ?? '');

  return {
    range: { from: view.from, to: view.to, timeZone: view.timeZone },
    totals: {
      ...metricTotalsOf(published.map((post) => post.metrics)),
      followers: sumKnown(accountIds.map((id) => latestFollowers.get(id))),
      followerChange: followerChangeOf(readingsInRange),
    },
    daily: days.map((date) => ({ date, ...totalsOrEmpty(byDay.get(date)) })),
    byPlatform: platformsInView.map((platform) => ({ platform, ...totalsOrEmpty(byPlatform.get(platform)) })),
    byAccount: accounts.map((account) => ({
      accountId: account.id,
      platform: account.platform,
      username: account.username,
      displayName: account.displayName,
      followers: latestFollowers.get(account.id) ?? null,
      sandbox: account.sandbox,
      ...totalsOrEmpty(byAccount.get(account.id)),
    })),
    followerGrowth: accounts.map((account) => ({
      accountId: account.id,
      platform: account.platform,
      displayName: account.displayName,
      points: readingsInRange
        .filter((reading) => reading.accountId === account.id)
        .map((reading) => ({ date: reading.day, followers: reading.followers })),
    })),
    lastSyncedAt: lastSyncedAt?.toISOString() ?? null,
    sandbox: accounts.some((account) => account.sandbox),
  };
}

const totalsOrEmpty = (totals: ReturnType<typeof metricTotalsOf> | undefined) => totals ?? metricTotalsOf([]);

/**
 * GET /api/analytics/overview as the JSON the route sends: from this process's cache while
 * neither of the workspace's data versions has moved since it was stored (overview-cache.ts).
 * The caller has checked the plan; `versions` are the session query's (RequestAuth).
 */
export async function loadAnalyticsOverviewJson(
  db: Db,
  view: AnalyticsView,
  versions: { postsVersion: string; analyticsVersion: string },
): Promise<EncodedBody> {
  return overviewCacheFor(db).get(overviewCacheKey({ ...view, ...versions }), async () =>
    serializeOverview(await loadAnalyticsOverview(db, view)),
  );
}

/** GET /api/analytics/posts: the range's posts by `sort` (descending, unreported last), at most `limit`. */
export async function listAnalyticsPosts(
  db: Db,
  input: AnalyticsView & { sort: AnalyticsPostSort; limit: number },
): Promise<AnalyticsPost[]> {
  const filter = await filterOf(db, input);
  const rows = await listTopPostRows(db, filter, input.sort, input.limit);
  return withLinkClicks(db, input.workspaceId, rows);
}

export const unpublishedPostMessage =
  'No published post with this id in this workspace: a post has metrics once it is published.';

/** One published post's latest numbers, as GET /api/analytics/posts lists them (the MCP server's get_post_metrics). */
export async function getPostMetrics(db: Db, workspaceId: string, postId: string): Promise<AnalyticsPost> {
  const row = await findPublishedPostRow(db, workspaceId, postId);
  if (!row) throw new AppError('not_found', unpublishedPostMessage);
  const [post] = await withLinkClicks(db, workspaceId, [row]);
  if (!post) throw new AppError('not_found', unpublishedPostMessage);
  return post;
}

/**
 * GET /api/analytics/posts.csv: every post of the range, oldest first, read a page at a time
 * (the export has no limit); the text of the file, chunk by chunk, byte order mark first.
 * Throws (404) before the first chunk when the account is not the workspace's.
 */
export async function exportAnalyticsCsv(db: Db, view: AnalyticsView): Promise<AsyncGenerator<string>> {
  const filter = await filterOf(db, view);
  return (async function* csvChunks() {
    yield CSV_BOM + analyticsCsvHeader();
    let after: { publishedAt: Date; postId: string } | null = null;
    for (;;) {
      const page = await listPostRowsPage(db, filter, after, CSV_PAGE_SIZE);
      if (page.length > 0) {
        const posts = await withLinkClicks(db, view.workspaceId, page);
        yield posts.map(analyticsCsvRow).join('');
      }
      const last = page[page.length - 1];
      if (page.length < CSV_PAGE_SIZE || !last?.publishedAt) return;
      after = { publishedAt: last.publishedAt, postId: last.postId };
    }
  })();
}

export function accountNameOf(row: { accountDisplayName: string | null; accountUsername: string | null }) {
  if (row.accountDisplayName === null || row.accountUsername === null) return null;
  return `${row.accountDisplayName} (@${row.accountUsername})`;
}

/** The posts with their link clicks (issue 29): one read for the whole page of posts. */
async function withLinkClicks(
  db: Db,
  workspaceId: string,
  rows: AnalyticsPostRow[],
): Promise<AnalyticsPost[]> {
  const clicks = await readPostClickCounts(
    db,
    workspaceId,
    rows.map((row) => row.postId),
  );
  return rows.map((row) => toAnalyticsPost(row, clicks.get(row.postId)));
}

/** `clicks` undefined: the post has no short link, so its clicks are unknown (null), not 0. */
function toAnalyticsPost(row: AnalyticsPostRow, clicks: ClickCounts | undefined): AnalyticsPost {
  const metrics = metricsOf(row);
  const engagements = engagementsOf(metrics);
  return {
    postId: row.postId,
    platform: row.platform,
    accountId: row.accountId,
    accountName: accountNameOf(row),
    content: row.content,
    hashtags: row.hashtags,
    postType: row.postType,
    mediaIds: row.mediaIds,
    threadPosts: row.threadPosts,
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    externalUrl: row.externalUrl,
    metrics,
    engagements,
    engagementRate: engagementRate(engagements, engagementBaseOf(metrics)),
    syncedAt: row.syncedAt?.toISOString() ?? null,
    removedFromPlatform: row.removedAt !== null,
    linkClicks: clicks?.clicks ?? null,
    uniqueVisitors: clicks?.uniques ?? null,
    clickThroughRate: clicks ? engagementRate(clicks.clicks, clickBaseOf(metrics)) : null,
  };
}
