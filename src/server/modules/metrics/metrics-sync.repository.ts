import { and, eq, inArray, isNotNull, isNull, lte, max, or, type SQL, sql } from 'drizzle-orm';
import type { PostMetricValues } from '../../../contracts/analytics';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { PostType } from '../../../contracts/post-types';
import type { Db } from '../../db/client';
import { accountMetrics, postMetricTotals, socialAccounts } from '../../db/schema';

/*
 * The metrics sync's reads and writes (decision 022). Posts are claimed by one conditional update
 * per run, so two workers (or a run and a manual refresh) never read the same post twice; each
 * batch of results is one statement.
 *
 * social_accounts rows are changed here without touching `updated_at`: the token job reads it as
 * the time the current token was stored (token-lifecycle.ts), and a metrics write every few
 * minutes would keep it from ever refreshing.
 */

export type SocialAccountRow = typeof socialAccounts.$inferSelect;

/** A post's latest values (PostMetricValues) as columns to select, for every reader of the table. */
export const postMetricValueColumns = {
  impressions: postMetricTotals.impressions,
  reach: postMetricTotals.reach,
  likes: postMetricTotals.likes,
  comments: postMetricTotals.comments,
  shares: postMetricTotals.shares,
  clicks: postMetricTotals.clicks,
  views: postMetricTotals.views,
};

/** A post taken for reading, with the next_sync_at it had before the claim leased it. */
export interface ClaimedPost {
  postId: string;
  workspaceId: string;
  socialAccountId: string;
  platform: PublishingPlatform;
  externalId: string;
  publishedAt: Date;
  failures: number;
  previousNextSyncAt: Date;
  /** Its post's type: a Reel's plays are read as its views (Instagram). */
  postType: PostType;
}

export interface ClaimInput {
  now: Date;
  /** Claimed posts are leased until then: another run does not take them meanwhile. */
  leaseUntil: Date;
  /** Posts in this run at most. */
  limit: number;
  /** Posts per account in this run at most, by platform. */
  perAccount: Record<PublishingPlatform, number>;
  workspaceId?: string;
  /** Every post still in its reading window, not only the due ones (a manual refresh). */
  includeNotDue: boolean;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
const iso = (date: Date) => date.toISOString();
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Claims posts to read: due (or, with includeNotDue, still in their window), not removed, of a
 * connected account that is not paused; the oldest due first, at most `perAccount` per account
 * and `limit` in all. Each claim is conditional on the next_sync_at the candidate query saw, so
 * of two concurrent runs only one takes a post.
 */
export async function claimPostsForReading(db: Db, input: ClaimInput): Promise<ClaimedPost[]> {
  const due = input.includeNotDue ? sql`true` : sql`t.next_sync_at <= ${iso(input.now)}::timestamptz`;
  const inWorkspace = input.workspaceId ? sql`and t.workspace_id = ${input.workspaceId}::uuid` : sql``;
  const cap = sql.join(
    Object.entries(input.perAccount).map(([platform, n]) => sql`when ${platform} then ${n}::int`),
    sql` `,
  );
  const result = await db.execute(sql`
    with candidates as (
      select t.post_id, t.next_sync_at, t.platform,
        row_number() over (partition by t.social_account_id order by t.next_sync_at, t.post_id) as n
      from post_metric_totals t
      join social_accounts s on s.id = t.social_account_id
      where t.next_sync_at is not null and ${due} ${inWorkspace}
        and t.removed_at is null
        and s.status = 'connected'
        and (s.metrics_paused_until is null or s.metrics_paused_until <= ${iso(input.now)}::timestamptz)
    ), picked as (
      select post_id, next_sync_at from candidates
      where n <= case platform ${cap} else 0 end
      order by next_sync_at, post_id
      limit ${input.limit}
    )
    update post_metric_totals t set next_sync_at = ${iso(input.leaseUntil)}::timestamptz
    from picked
    where t.post_id = picked.post_id and t.next_sync_at = picked.next_sync_at and t.removed_at is null
    returning t.post_id, t.workspace_id, t.social_account_id, t.platform, t.external_id,
      t.published_at, t.failures, picked.next_sync_at as previous_next_sync_at,
      (select p.post_type from posts p where p.id = t.post_id) as post_type`);
  return rowsOf<{
    post_id: string;
    workspace_id: string;
    social_account_id: string;
    platform: PublishingPlatform;
    external_id: string;
    published_at: string | Date;
    failures: number;
    previous_next_sync_at: string | Date;
    post_type: PostType | null;
  }>(result).map((row) => ({
    postId: row.post_id,
    workspaceId: row.workspace_id,
    socialAccountId: row.social_account_id,
    platform: row.platform,
    externalId: row.external_id,
    publishedAt: new Date(row.published_at),
    failures: Number(row.failures),
    previousNextSyncAt: new Date(row.previous_next_sync_at),
    postType: row.post_type ?? 'post',
  }));
}

/**
 * Posts whose account was disconnected (its row deleted: the account id became null) can never be
 * read again: their readings stop, their numbers stay. Only those due by `dueBy` (all of them when
 * null), so the job's run stays on the due index. Answers how many.
 */
export async function retireOrphanedReadings(
  db: Db,
  input: { dueBy: Date | null; workspaceId?: string },
): Promise<number> {
  const retired = await db
    .update(postMetricTotals)
    .set({ nextSyncAt: null })
    .where(
      and(
        input.dueBy ? lte(postMetricTotals.nextSyncAt, input.dueBy) : isNotNull(postMetricTotals.nextSyncAt),
        isNull(postMetricTotals.socialAccountId),
        input.workspaceId ? eq(postMetricTotals.workspaceId, input.workspaceId) : undefined,
      ),
    )
    .returning({ postId: postMetricTotals.postId });
  return retired.length;
}

export interface ReadingToStore {
  postId: string;
  values: PostMetricValues;
  nextSyncAt: Date | null;
}

/**
 * Stores readings: a row in the series each (nulls as read), and the post's latest values, where
 * a metric read as null keeps the last known value (decision 022: an empty answer after a number
 * is lag or an outage, not a true zero); the failure count restarts.
 */
export async function storeReadings(db: Db, now: Date, readings: ReadingToStore[]): Promise<void> {
  if (readings.length === 0) return;
  const records = readings.map((reading) => ({
    post_id: reading.postId,
    ...reading.values,
    next_sync_at: reading.nextSyncAt ? iso(reading.nextSyncAt) : null,
  }));
  await db.execute(sql`
    with r as (
      select * from json_to_recordset(${JSON.stringify(records)}::json) as r(
        post_id uuid, impressions int, reach int, likes int, comments int, shares int, clicks int,
        views int, next_sync_at timestamptz)
    ), updated as (
      update post_metric_totals t set
        impressions = coalesce(r.impressions, t.impressions),
        reach = coalesce(r.reach, t.reach),
        likes = coalesce(r.likes, t.likes),
        comments = coalesce(r.comments, t.comments),
        shares = coalesce(r.shares, t.shares),
        clicks = coalesce(r.clicks, t.clicks),
        views = coalesce(r.views, t.views),
        synced_at = ${iso(now)}::timestamptz,
        next_sync_at = r.next_sync_at,
        failures = 0
      from r
      where t.post_id = any(${uuidArray(readings.map((reading) => reading.postId))}) and t.post_id = r.post_id
      returning t.post_id, t.workspace_id
    )
    insert into post_metrics (post_id, workspace_id, captured_at, impressions, reach, likes, comments, shares, clicks, views)
    select r.post_id, updated.workspace_id, ${iso(now)}::timestamptz,
      r.impressions, r.reach, r.likes, r.comments, r.shares, r.clicks, r.views
    from r join updated on updated.post_id = r.post_id`);
}

/** The platform no longer has these posts: no more readings, their numbers stay. */
export async function markReadingsRemoved(db: Db, now: Date, postIds: string[]): Promise<void> {
  if (postIds.length === 0) return;
  await db
    .update(postMetricTotals)
    .set({ removedAt: now, nextSyncAt: null })
    .where(inArray(postMetricTotals.postId, postIds));
}

/** Sets when posts are read next (and, when given, their failure count). */
export async function rescheduleReadings(
  db: Db,
  items: Array<{ postId: string; nextSyncAt: Date | null; failures?: number }>,
): Promise<void> {
  if (items.length === 0) return;
  const records = items.map((item) => ({
    post_id: item.postId,
    next_sync_at: item.nextSyncAt ? iso(item.nextSyncAt) : null,
    failures: item.failures ?? null,
  }));
  await db.execute(sql`
    with r as (
      select * from json_to_recordset(${JSON.stringify(records)}::json) as r(
        post_id uuid, next_sync_at timestamptz, failures int)
    )
    update post_metric_totals t set next_sync_at = r.next_sync_at, failures = coalesce(r.failures, t.failures)
    from r
    where t.post_id = any(${uuidArray(items.map((item) => item.postId))}) and t.post_id = r.post_id`);
}

export async function listAccountsByIds(db: Db, ids: string[]): Promise<SocialAccountRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(socialAccounts).where(inArray(socialAccounts.id, ids));
}

/**
 * Connected, unpaused accounts whose followers are due: never read, or last read before
 * `staleBefore` (every account of the workspace, stale or not, when `staleBefore` is null).
 */
export async function listAccountsForFollowers(
  db: Db,
  input: { now: Date; staleBefore: Date | null; workspaceId?: string; limit: number },
): Promise<SocialAccountRow[]> {
  const stale: SQL | undefined = input.staleBefore
    ? or(isNull(socialAccounts.metricsSyncedAt), lte(socialAccounts.metricsSyncedAt, input.staleBefore))
    : undefined;
  return db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.status, 'connected'),
        or(isNull(socialAccounts.metricsPausedUntil), lte(socialAccounts.metricsPausedUntil, input.now)),
        stale,
        input.workspaceId ? eq(socialAccounts.workspaceId, input.workspaceId) : undefined,
      ),
    )
    .orderBy(sql`${socialAccounts.metricsSyncedAt} asc nulls first`)
    .limit(input.limit);
}

/** The platform asked us to wait: no metric reads for the account until `until`. */
export async function pauseAccountMetrics(db: Db, accountId: string, until: Date): Promise<void> {
  await db.update(socialAccounts).set({ metricsPausedUntil: until }).where(eq(socialAccounts.id, accountId));
}

/**
 * A follower reading for the account's UTC day: the last reading of the day wins, but a null
 * (not reported) never replaces a number the day already has; the account's follower count
 * follows a reported number.
 */
export async function storeFollowers(
  db: Db,
  input: { accountId: string; workspaceId: string; day: string; followers: number | null; now: Date },
): Promise<void> {
  await db
    .insert(accountMetrics)
    .values({
      socialAccountId: input.accountId,
      workspaceId: input.workspaceId,
      day: input.day,
      followers: input.followers,
      capturedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [accountMetrics.socialAccountId, accountMetrics.day],
      set: {
        followers: sql`coalesce(excluded.followers, ${accountMetrics.followers})`,
        capturedAt: sql`excluded.captured_at`,
      },
    });
  if (input.followers !== null) {
    await db
      .update(socialAccounts)
      .set({ followers: input.followers })
      .where(eq(socialAccounts.id, input.accountId));
  }
}

/** Records that the account's metrics were read now, with its engagement rate when recomputed. */
export async function markAccountSynced(
  db: Db,
  accountId: string,
  input: { now: Date; engagementRate?: number | null },
): Promise<void> {
  await db
    .update(socialAccounts)
    .set({
      metricsSyncedAt: input.now,
      ...(input.engagementRate !== undefined ? { engagementRate: input.engagementRate } : {}),
    })
    .where(eq(socialAccounts.id, accountId));
}

/** The latest values of every post of the account that has been read at least once. */
export async function listMeasuredValuesOfAccount(db: Db, accountId: string): Promise<PostMetricValues[]> {
  return db
    .select(postMetricValueColumns)
    .from(postMetricTotals)
    .where(and(eq(postMetricTotals.socialAccountId, accountId), isNotNull(postMetricTotals.syncedAt)));
}

/** When metrics were last read for any account of the workspace; null: never. */
export async function lastSyncedAtOfWorkspace(db: Db, workspaceId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(socialAccounts.metricsSyncedAt) })
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, workspaceId));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Takes up to `wanted` calls from an account's hourly read budget, in the shared rate_limits
 * table (key `metrics-calls:<account id>`, a fixed window from the first call). Answers how many
 * were granted. The counter adds every call asked for: once a request does not fit, the window
 * is spent, which is what it means.
 */
export async function reserveReadCalls(
  db: Db,
  input: { accountId: string; wanted: number; maxPerWindow: number; windowMs: number; now: Date },
): Promise<number> {
  if (input.wanted <= 0) return 0;
  const now = iso(input.now);
  const expired = sql`rate_limits.window_started_at <= ${now}::timestamptz - make_interval(secs => ${input.windowMs / 1000})`;
  const result = await db.execute(sql`
    insert into rate_limits (key, count, window_started_at)
    values (${`metrics-calls:${input.accountId}`}, ${input.wanted}, ${now}::timestamptz)
    on conflict (key) do update set
      count = case when ${expired} then ${input.wanted}::int else rate_limits.count + ${input.wanted}::int end,
      window_started_at = case when ${expired} then ${now}::timestamptz else rate_limits.window_started_at end
    returning count`);
  const [row] = rowsOf<{ count: number }>(result);
  const before = Number(row?.count ?? input.wanted) - input.wanted;
  return Math.max(0, Math.min(input.wanted, input.maxPerWindow - before));
}
