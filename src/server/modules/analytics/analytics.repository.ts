import { and, asc, eq, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  type AnalyticsPostSort,
  engagementMetricNames,
  type PostMetricValues,
} from '../../../contracts/analytics';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { Db } from '../../db/client';
import { postMetricTotals, posts, socialAccounts, workspaceMembers, workspaces } from '../../db/schema';
import { postMetricValueColumns } from '../metrics';
import type { FollowerReading } from './analytics-sums';

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
  postType: posts.postType,
  mediaIds: posts.mediaIds,
  threadPosts: sql<number>`jsonb_array_length(${posts.thread})`.mapWith(Number),
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

/** One published post of the workspace with its latest reading; undefined: no such published post. */
export async function findPublishedPostRow(
  db: Db,
  workspaceId: string,
  postId: string,
): Promise<AnalyticsPostRow | undefined> {
  const [row] = await selectPostRows(db).where(
    and(eq(posts.workspaceId, workspaceId), eq(posts.id, postId), eq(posts.status, 'published')),
  );
  return row;
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

/** One of the workspace's accounts, as the overview lists it (connection order). */
export interface AnalyticsAccount {
  id: string;
  platform: PublishingPlatform;
  username: string;
  displayName: string;
  sandbox: boolean;
}

/** What the overview sums: one published post of the range and its latest reading. */
export interface PublishedReading extends PostMetricValues {
  platform: PublishingPlatform;
  accountId: string | null;
  publishedAt: Date;
}

/** Everything the analytics overview reads, from one statement (readOverviewSources). */
export interface OverviewSources {
  lastSyncedAt: Date | null;
  /** Every account of the workspace, in connection order. */
  accounts: AnalyticsAccount[];
  /** The published posts the filter selects. */
  published: PublishedReading[];
  /** The filter's accounts' follower readings on days fromDay..toDay (UTC days), by account, oldest first. */
  followerReadings: FollowerReading[];
  /** Each of the filter's accounts' last known followers on or before toDay (accounts without one are absent). */
  latestFollowers: Map<string, number>;
}

/** A json column as the driver gives it: parsed by node-postgres and PGlite, text if ever not. */
const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** An instant as epoch milliseconds, rounded down as the drivers do when they make a Date of it. */
const epochMs = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)`;

/**
 * The analytics overview's reads as one statement: when metrics were last read, the workspace's
 * accounts, the range's published posts with their latest readings, and the selected accounts'
 * follower readings (all empty when there is no such workspace). One round trip instead of seven (issue 22: on a
 * busy machine each query's socket writes and pool turns cost more than the query itself). Lists
 * come back as JSON arrays of arrays, instants as epoch milliseconds (the same Date either way).
 */
export async function readOverviewSources(
  db: Db,
  filter: PublishedPostFilter,
  fromDay: string,
  toDay: string,
): Promise<OverviewSources> {
  const onPlatform = (column: SQL) => (filter.platform ? sql`and ${column} = ${filter.platform}` : sql``);
  const ofAccount = (column: SQL) => (filter.accountId ? sql`and ${column} = ${filter.accountId}` : sql``);
  // The accounts the view looks at: all the workspace's, or one platform's, or one.
  const viewAccounts = sql`select s.id from social_accounts s where s.workspace_id = w.id
    ${onPlatform(sql`s.platform`)} ${ofAccount(sql`s.id`)}`;
  const result = await db.execute(sql`
    select ${epochMs(sql`greatest(
        (select max(t.synced_at) from post_metric_totals t where t.workspace_id = w.id),
        (select max(s.metrics_synced_at) from social_accounts s where s.workspace_id = w.id))`)}::float8 as last_synced_ms,
      (select coalesce(json_agg(json_build_array(s.id, s.platform, s.username, s.display_name, s.sandbox)
                                order by s.connected_at, s.id), '[]'::json)
         from social_accounts s where s.workspace_id = w.id) as accounts,
      (select coalesce(json_agg(json_build_array(p.platform, p.social_account_id, ${epochMs(sql`p.published_at`)},
                                m.impressions, m.reach, m.likes, m.comments, m.shares, m.clicks, m.views)), '[]'::json)
         from posts p left join post_metric_totals m on m.post_id = p.id
        where p.workspace_id = w.id and p.status = 'published'
          and p.published_at >= ${filter.start.toISOString()}::timestamptz
          and p.published_at < ${filter.end.toISOString()}::timestamptz
          ${onPlatform(sql`p.platform`)} ${ofAccount(sql`p.social_account_id`)}) as published,
      (select coalesce(json_agg(json_build_array(a.social_account_id, a.day, a.followers)
                                order by a.social_account_id, a.day), '[]'::json)
         from account_metrics a
        where a.workspace_id = w.id and a.social_account_id in (${viewAccounts})
          and a.day >= ${fromDay}::date and a.day <= ${toDay}::date and a.followers is not null) as readings,
      (select coalesce(json_agg(json_build_array(l.social_account_id, l.followers)), '[]'::json)
         from (select distinct on (a.social_account_id) a.social_account_id, a.followers
                 from account_metrics a
                where a.workspace_id = w.id and a.social_account_id in (${viewAccounts})
                  and a.day <= ${toDay}::date and a.followers is not null
                order by a.social_account_id, a.day desc) l) as latest
    from workspaces w
    where w.id = ${filter.workspaceId}`);
  const [row] = (result as unknown as { rows: OverviewRow[] }).rows;
  if (!row) {
    return {
      lastSyncedAt: null,
      accounts: [],
      published: [],
      followerReadings: [],
      latestFollowers: new Map(),
    };
  }
  type Num = number | null;
  return {
    lastSyncedAt: row.last_synced_ms === null ? null : new Date(Number(row.last_synced_ms)),
    accounts: fromJson<[string, PublishingPlatform, string, string, boolean][]>(row.accounts).map(
      ([id, platform, username, displayName, sandbox]) => ({ id, platform, username, displayName, sandbox }),
    ),
    published: fromJson<[PublishingPlatform, string | null, number, Num, Num, Num, Num, Num, Num, Num][]>(
      row.published,
    ).map(
      ([platform, accountId, publishedAtMs, impressions, reach, likes, comments, shares, clicks, views]) => ({
        platform,
        accountId,
        publishedAt: new Date(publishedAtMs),
        impressions,
        reach,
        likes,
        comments,
        shares,
        clicks,
        views,
      }),
    ),
    followerReadings: fromJson<[string, string, number][]>(row.readings).map(
      ([accountId, day, followers]) => ({
        accountId,
        day,
        followers,
      }),
    ),
    latestFollowers: new Map(fromJson<[string, number][]>(row.latest)),
  };
}

interface OverviewRow {
  last_synced_ms: number | string | null;
  accounts: unknown;
  published: unknown;
  readings: unknown;
  latest: unknown;
}

/** When metrics were last read for the workspace (posts or followers); null: never. */
const lastSyncedAtSql = (workspaceId: string) =>
  sql`greatest(
    (select max(${postMetricTotals.syncedAt}) from ${postMetricTotals} where ${postMetricTotals.workspaceId} = ${workspaceId}),
    (select max(${socialAccounts.metricsSyncedAt}) from ${socialAccounts} where ${socialAccounts.workspaceId} = ${workspaceId})
  )`.mapWith(postMetricTotals.syncedAt);

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
