import { and, asc, eq, gt, gte, inArray, isNotNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type AnalyticsPostSort, engagementMetricNames } from '../../../contracts/analytics';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { Db } from '../../db/client';
import {
  accountMetrics,
  postMetricTotals,
  posts,
  socialAccounts,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { postMetricValueColumns } from '../metrics';

/*
 * Reads for dashboard stats and analytics. The published post is the truth (posts.status
 * 'published'); its latest reading is joined from post_metric_totals, so a post not read yet
 * counts with every metric null rather than going missing.
 */

/** Published posts of one workspace in [start, end), optionally of one platform or account. */
export interface PublishedPostFilter {
  workspaceId: string;
  start: Date;
  end: Date;
  platform?: PublishingPlatform | undefined;
  accountId?: string | undefined;
}

/** engagementsOf in SQL: the sum of the engagement metrics reported, null when none is. */
const engagementsSql = (() => {
  const columns = engagementMetricNames.map((name) => postMetricValueColumns[name]);
  const noneReported = sql.join(
    columns.map((column) => sql`${column} is null`),
    sql` and `,
  );
  const sum = sql.join(
    columns.map((column) => sql`coalesce(${column}, 0)`),
    sql` + `,
  );
  return sql<number | null>`(case when ${noneReported} then null else ${sum} end)`;
})();

function publishedIn(filter: PublishedPostFilter): SQL | undefined {
  return and(
    eq(posts.workspaceId, filter.workspaceId),
    eq(posts.status, 'published'),
    gte(posts.publishedAt, filter.start),
    lt(posts.publishedAt, filter.end),
    filter.platform ? eq(posts.platform, filter.platform) : undefined,
    filter.accountId ? eq(posts.socialAccountId, filter.accountId) : undefined,
  );
}

/** What the sums need of each published post in the range. */
export async function listPublishedReadings(db: Db, filter: PublishedPostFilter) {
  return db
    .select({
      postId: posts.id,
      platform: posts.platform,
      accountId: posts.socialAccountId,
      publishedAt: posts.publishedAt,
      ...postMetricValueColumns,
    })
    .from(posts)
    .leftJoin(postMetricTotals, eq(postMetricTotals.postId, posts.id))
    .where(publishedIn(filter));
}

const postRowColumns = {
  postId: posts.id,
  platform: posts.platform,
  accountId: posts.socialAccountId,
  accountDisplayName: socialAccounts.displayName,
  accountUsername: socialAccounts.username,
  content: posts.content,
  hashtags: posts.hashtags,
  publishedAt: posts.publishedAt,
  externalUrl: posts.externalUrl,
  ...postMetricValueColumns,
  syncedAt: postMetricTotals.syncedAt,
  removedAt: postMetricTotals.removedAt,
};

function selectPostRows(db: Db) {
  return db
    .select(postRowColumns)
    .from(posts)
    .leftJoin(postMetricTotals, eq(postMetricTotals.postId, posts.id))
    .leftJoin(
      socialAccounts,
      and(eq(socialAccounts.id, posts.socialAccountId), eq(socialAccounts.workspaceId, posts.workspaceId)),
    );
}
export type AnalyticsPostRow = Awaited<ReturnType<ReturnType<typeof selectPostRows>['where']>>[number];

const sortOrder: Record<AnalyticsPostSort, SQL> = {
  engagements: sql`${engagementsSql} desc nulls last`,
  reach: sql`${postMetricTotals.reach} desc nulls last`,
  impressions: sql`${postMetricTotals.impressions} desc nulls last`,
  publishedAt: sql`${posts.publishedAt} desc`,
};

/** The top `limit` posts of the range by `sort`, descending, posts without the metric last. */
export async function listTopPostRows(
  db: Db,
  filter: PublishedPostFilter,
  sort: AnalyticsPostSort,
  limit: number,
): Promise<AnalyticsPostRow[]> {
  return selectPostRows(db)
    .where(publishedIn(filter))
    .orderBy(sortOrder[sort], sql`${posts.publishedAt} desc`, asc(posts.id))
    .limit(limit);
}

/** One page of the range's posts, oldest first, after the keyset `after` (the CSV export). */
export async function listPostRowsPage(
  db: Db,
  filter: PublishedPostFilter,
  after: { publishedAt: Date; postId: string } | null,
  limit: number,
): Promise<AnalyticsPostRow[]> {
  const keyset = after
    ? or(
        gt(posts.publishedAt, after.publishedAt),
        and(eq(posts.publishedAt, after.publishedAt), gt(posts.id, after.postId)),
      )
    : undefined;
  return selectPostRows(db)
    .where(and(publishedIn(filter), keyset))
    .orderBy(asc(posts.publishedAt), asc(posts.id))
    .limit(limit);
}

/** The workspace's accounts, in connection order. */
export async function listAnalyticsAccounts(db: Db, workspaceId: string) {
  return db
    .select({
      id: socialAccounts.id,
      platform: socialAccounts.platform,
      username: socialAccounts.username,
      displayName: socialAccounts.displayName,
      sandbox: socialAccounts.sandbox,
    })
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, workspaceId))
    .orderBy(asc(socialAccounts.connectedAt), asc(socialAccounts.id));
}

/** The workspace's accounts a view looks at: all of them, or those of one platform, or one. */
export interface AccountFilter {
  workspaceId: string;
  platform?: PublishingPlatform | undefined;
  accountId?: string | undefined;
}

/** The readings of the accounts `filter` selects (a subquery: no round trip for their ids first). */
function readingsOfAccounts(filter: AccountFilter): SQL | undefined {
  const accountIds = sql`(select ${socialAccounts.id} from ${socialAccounts} where ${and(
    eq(socialAccounts.workspaceId, filter.workspaceId),
    filter.platform ? eq(socialAccounts.platform, filter.platform) : undefined,
    filter.accountId ? eq(socialAccounts.id, filter.accountId) : undefined,
  )})`;
  return and(
    eq(accountMetrics.workspaceId, filter.workspaceId),
    sql`${accountMetrics.socialAccountId} in ${accountIds}`,
  );
}

/** The selected accounts' follower readings on days `fromDay`..`toDay` (UTC days), by account, oldest first. */
export async function listFollowerReadings(db: Db, filter: AccountFilter, fromDay: string, toDay: string) {
  const rows = await db
    .select({
      accountId: accountMetrics.socialAccountId,
      day: accountMetrics.day,
      followers: accountMetrics.followers,
    })
    .from(accountMetrics)
    .where(
      and(
        readingsOfAccounts(filter),
        gte(accountMetrics.day, fromDay),
        lte(accountMetrics.day, toDay),
        isNotNull(accountMetrics.followers),
      ),
    )
    .orderBy(asc(accountMetrics.socialAccountId), asc(accountMetrics.day));
  return rows.flatMap((row) => (row.followers === null ? [] : [{ ...row, followers: row.followers }]));
}

/** Each selected account's last known followers on or before `onOrBeforeDay` (accounts without one are absent). */
export async function listLatestFollowers(
  db: Db,
  filter: AccountFilter,
  onOrBeforeDay: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectDistinctOn([accountMetrics.socialAccountId], {
      accountId: accountMetrics.socialAccountId,
      followers: accountMetrics.followers,
    })
    .from(accountMetrics)
    .where(
      and(
        readingsOfAccounts(filter),
        lte(accountMetrics.day, onOrBeforeDay),
        isNotNull(accountMetrics.followers),
      ),
    )
    .orderBy(accountMetrics.socialAccountId, sql`${accountMetrics.day} desc`);
  return new Map(rows.flatMap((row) => (row.followers === null ? [] : [[row.accountId, row.followers]])));
}

/** When metrics were last read for the workspace (posts or followers); null: never. */
const lastSyncedAtSql = (workspaceId: string) =>
  sql`greatest(
    (select max(${postMetricTotals.syncedAt}) from ${postMetricTotals} where ${postMetricTotals.workspaceId} = ${workspaceId}),
    (select max(${socialAccounts.metricsSyncedAt}) from ${socialAccounts} where ${socialAccounts.workspaceId} = ${workspaceId})
  )`.mapWith(postMetricTotals.syncedAt);

export async function findLastSyncedAt(db: Db, workspaceId: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastSyncedAt: lastSyncedAtSql(workspaceId) })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.lastSyncedAt ?? null;
}

/**
 * The dashboard's workspace facts in one read: plan, members, accounts, sandbox, last sync. The
 * subqueries compare with the parameter, not the outer row: Drizzle writes a column of the only
 * table of a select unqualified, and "id" inside them would be their own table's.
 */
export async function readWorkspaceFacts(db: Db, workspaceId: string) {
  const [row] = await db
    .select({
      plan: workspaces.plan,
      subscriptionStatus: workspaces.subscriptionStatus,
      teamMembers: sql<number>`(select count(*) from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId})::int`,
      connectedAccounts: sql<number>`(select count(*) from ${socialAccounts} where ${socialAccounts.workspaceId} = ${workspaceId})::int`,
      sandbox: sql<boolean>`exists (select 1 from ${socialAccounts} where ${socialAccounts.workspaceId} = ${workspaceId} and ${socialAccounts.sandbox})`,
      lastSyncedAt: lastSyncedAtSql(workspaceId),
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row;
}

const CAMPAIGN_STATUSES = ['pending_approval', 'approved', 'scheduled', 'publishing'] as const;

/**
 * Counts over all the workspace's posts in one scan: scheduled posts, active campaigns (distinct
 * generator runs or compose groups with a post still to go out), and the engagements of every
 * published post, all time.
 */
export async function readPostCounts(db: Db, workspaceId: string) {
  const campaign = sql`coalesce(${posts.generationId}, ${posts.groupId})`;
  const [row] = await db
    .select({
      scheduledPosts: sql<number>`count(*) filter (where ${posts.status} = 'scheduled')::int`,
      campaignsActive: sql<number>`count(distinct ${campaign}) filter (where ${inArray(posts.status, [...CAMPAIGN_STATUSES])})::int`,
      totalEngagement:
        sql<string>`coalesce(sum(${engagementsSql}) filter (where ${posts.status} = 'published'), 0)`.mapWith(
          Number,
        ),
    })
    .from(posts)
    .leftJoin(postMetricTotals, eq(postMetricTotals.postId, posts.id))
    .where(eq(posts.workspaceId, workspaceId));
  return {
    scheduledPosts: row?.scheduledPosts ?? 0,
    campaignsActive: row?.campaignsActive ?? 0,
    totalEngagement: row?.totalEngagement ?? 0,
  };
}

/** Whether the account is the workspace's (an id of another workspace is treated as unknown). */
export async function workspaceHasAccount(db: Db, workspaceId: string, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.id, accountId)));
  return row !== undefined;
}
