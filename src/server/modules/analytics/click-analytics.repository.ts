import { sql } from 'drizzle-orm';
import type { ShortLinkKind } from '../../../contracts/links';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { Db } from '../../db/client';

/*
 * The reads of click analytics (issue 29, decision 093), one statement per request. Every part
 * starts from link_clicks by (workspace_id, occurred_at), the index link_clicks_workspace_occurred_idx,
 * so nothing scans other workspaces' clicks; bots are left out here, once, for every number.
 * "Unique" counts distinct (UTC day, visitor hash): the hash's salt changes each UTC day, so a
 * visitor on two days is two visitors, and the day is part of the key to say so.
 */

export interface ClickFilter {
  workspaceId: string;
  start: Date;
  end: Date;
  /** A valid IANA zone: days of the daily series. */
  timeZone: string;
  platform?: PublishingPlatform | undefined;
}

/** Clicks and unique visitors of a set. */
export interface ClickCounts {
  clicks: number;
  uniques: number;
}

/** A CTR's two sides over a set of posts: clicks of the posts with a known base, and that base. */
export interface CtrSides {
  measuredClicks: number;
  base: number | null;
}

export interface ClickSources {
  /** `postClicks`: the clicks on links of posts (the rest are the bio page's). */
  totals: ClickCounts & CtrSides & { postClicks: number };
  daily: Array<ClickCounts & { day: string }>;
  byPlatform: Array<ClickCounts & CtrSides & { platform: PublishingPlatform }>;
  topPosts: Array<
    ClickCounts & {
      postId: string;
      platform: PublishingPlatform;
      content: string;
      impressions: number | null;
      base: number | null;
    }
  >;
  topLinks: Array<ClickCounts & { code: string; url: string; kind: ShortLinkKind; postId: string | null }>;
  /** Null: the workspace has no bio page. */
  bio: { views: number; uniqueViews: number; clicks: number } | null;
}

export const TOP_CLICK_ROWS = 10;

/** A json column as the driver gives it: parsed by node-postgres and PGlite, text if ever not. */
const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const num = (value: unknown): number => Number(value ?? 0);
const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** count distinct (UTC day, visitor): see the file's comment. */
const uniques = sql`count(distinct (c.uday::text || c.visitor_hash))`;

/**
 * What the clicks endpoint shows, from one statement. The CTR's posts are those clicked in the
 * range plus those published in it with a short link (so a post nobody clicked lowers the rate),
 * each with its latest metrics reading; its base is impressions, else reach.
 */
export async function readClickSources(db: Db, filter: ClickFilter): Promise<ClickSources> {
  const start = filter.start.toISOString();
  const end = filter.end.toISOString();
  const onPlatform = (column: string) =>
    filter.platform ? sql`and ${sql.raw(column)} = ${filter.platform}` : sql``;
  const result = await db.execute(sql`
    with c as materialized (
      select c.kind, c.code, c.post_id, c.platform, c.visitor_hash,
             (c.occurred_at at time zone 'UTC')::date as uday,
             (c.occurred_at at time zone ${filter.timeZone})::date as lday
        from link_clicks c
       where c.workspace_id = ${filter.workspaceId}
         and c.occurred_at >= ${start}::timestamptz and c.occurred_at < ${end}::timestamptz
         and not c.is_bot ${onPlatform('c.platform')}
    ),
    k as (select * from c where c.kind = 'click'),
    post_clicks as (
      select c.post_id, count(*) as clicks, ${uniques} as uniques
        from k c where c.post_id is not null group by c.post_id
    ),
    ctr_ids as (
      select post_id as id from post_clicks
      union
      select p.id from posts p
       where p.workspace_id = ${filter.workspaceId} and p.status = 'published'
         and p.published_at >= ${start}::timestamptz and p.published_at < ${end}::timestamptz
         ${onPlatform('p.platform')}
         and exists (select 1 from short_links s where s.post_id = p.id)
    ),
    ctr_posts as (
      select p.id, p.platform, p.content, p.published_at,
             coalesce(pc.clicks, 0) as clicks, coalesce(pc.uniques, 0) as uniques,
             m.impressions, coalesce(m.impressions, m.reach) as base
        from ctr_ids i
        join posts p on p.id = i.id and p.workspace_id = ${filter.workspaceId}
        left join post_clicks pc on pc.post_id = p.id
        left join post_metric_totals m on m.post_id = p.id
    )
    select
      (select json_build_array(count(*), ${uniques}, count(*) filter (where c.post_id is not null)) from k c) as totals,
      (select json_build_array(coalesce(sum(clicks) filter (where base > 0), 0), sum(base) filter (where base > 0))
         from ctr_posts) as ctr,
      (select coalesce(json_agg(json_build_array(d.lday, d.clicks, d.uniques)), '[]'::json)
         from (select c.lday, count(*) as clicks, ${uniques} as uniques from k c group by c.lday) d) as daily,
      (select coalesce(json_agg(json_build_array(d.platform, d.clicks, d.uniques)), '[]'::json)
         from (select c.platform, count(*) as clicks, ${uniques} as uniques
                 from k c where c.platform is not null group by c.platform) d) as by_platform,
      (select coalesce(json_agg(json_build_array(d.platform, d.measured, d.base)), '[]'::json)
         from (select platform, coalesce(sum(clicks) filter (where base > 0), 0) as measured,
                      sum(base) filter (where base > 0) as base
                 from ctr_posts group by platform) d) as ctr_by_platform,
      (select coalesce(json_agg(json_build_array(d.id, d.platform, d.content, d.clicks, d.uniques, d.impressions, d.base)
                                order by d.clicks desc, d.published_at desc, d.id), '[]'::json)
         from (select * from ctr_posts where clicks > 0
                order by clicks desc, published_at desc, id limit ${TOP_CLICK_ROWS}) d) as top_posts,
      (select coalesce(json_agg(json_build_array(d.code, s.url, s.kind, s.post_id, d.clicks, d.uniques)
                                order by d.clicks desc, d.code), '[]'::json)
         from (select c.code, count(*) as clicks, ${uniques} as uniques
                 from k c where c.code is not null group by c.code
                order by clicks desc, c.code limit ${TOP_CLICK_ROWS}) d
         join short_links s on s.code = d.code) as top_links,
      (select json_build_array(
                (select count(*) from c where c.kind = 'view'),
                (select ${uniques} from c where c.kind = 'view'),
                (select count(*) from k c join short_links s on s.code = c.code where s.kind = 'bio'))
         from bio_pages b where b.workspace_id = ${filter.workspaceId}) as bio
  `);
  const [row] = (result as unknown as { rows: ClickRow[] }).rows;
  if (!row) throw new Error('click analytics: the statement answered no row');
  const [clicks, uniqueCount, postClicks] = fromJson<[unknown, unknown, unknown]>(row.totals);
  const [measuredClicks, base] = fromJson<[unknown, unknown]>(row.ctr);
  const ctrByPlatform = new Map(
    fromJson<[PublishingPlatform, unknown, unknown][]>(row.ctr_by_platform).map(([platform, measured, b]) => [
      platform,
      { measuredClicks: num(measured), base: numOrNull(b) },
    ]),
  );
  const clicksByPlatform = new Map(
    fromJson<[PublishingPlatform, unknown, unknown][]>(row.by_platform).map(([platform, c, u]) => [
      platform,
      { clicks: num(c), uniques: num(u) },
    ]),
  );
  const platforms = [...new Set([...clicksByPlatform.keys(), ...ctrByPlatform.keys()])];
  const bio = row.bio === null ? null : fromJson<[unknown, unknown, unknown]>(row.bio);
  return {
    totals: {
      clicks: num(clicks),
      uniques: num(uniqueCount),
      postClicks: num(postClicks),
      measuredClicks: num(measuredClicks),
      base: numOrNull(base),
    },
    daily: fromJson<[string, unknown, unknown][]>(row.daily).map(([day, c, u]) => ({
      day,
      clicks: num(c),
      uniques: num(u),
    })),
    byPlatform: platforms.map((platform) => ({
      platform,
      ...(clicksByPlatform.get(platform) ?? { clicks: 0, uniques: 0 }),
      ...(ctrByPlatform.get(platform) ?? { measuredClicks: 0, base: null }),
    })),
    topPosts: fromJson<[string, PublishingPlatform, string, unknown, unknown, unknown, unknown][]>(
      row.top_posts,
    ).map(([postId, platform, content, c, u, impressions, b]) => ({
      postId,
      platform,
      content,
      clicks: num(c),
      uniques: num(u),
      impressions: numOrNull(impressions),
      base: numOrNull(b),
    })),
    topLinks: fromJson<[string, string, ShortLinkKind, string | null, unknown, unknown][]>(row.top_links).map(
      ([code, url, kind, postId, c, u]) => ({ code, url, kind, postId, clicks: num(c), uniques: num(u) }),
    ),
    bio: bio === null ? null : { views: num(bio[0]), uniqueViews: num(bio[1]), clicks: num(bio[2]) },
  };
}

interface ClickRow {
  totals: unknown;
  ctr: unknown;
  daily: unknown;
  by_platform: unknown;
  ctr_by_platform: unknown;
  top_posts: unknown;
  top_links: unknown;
  bio: unknown;
}

/** Lifetime link clicks of some posts (the posts list and CSV); posts without a short link are absent. */
export async function readPostClickCounts(
  db: Db,
  workspaceId: string,
  postIds: readonly string[],
): Promise<Map<string, ClickCounts>> {
  if (postIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select s.post_id,
           (select count(*) from link_clicks c
             where c.post_id = s.post_id and c.workspace_id = ${workspaceId} and c.kind = 'click' and not c.is_bot) as clicks,
           (select count(distinct ((c.occurred_at at time zone 'UTC')::date::text || c.visitor_hash)) from link_clicks c
             where c.post_id = s.post_id and c.workspace_id = ${workspaceId} and c.kind = 'click' and not c.is_bot) as uniques
      from (select distinct post_id from short_links
             where workspace_id = ${workspaceId}
               and post_id in (${sql.join(
                 postIds.map((id) => sql`${id}::uuid`),
                 sql`, `,
               )})) s`);
  const rows = (result as unknown as { rows: Array<{ post_id: string; clicks: unknown; uniques: unknown }> })
    .rows;
  return new Map(rows.map((row) => [row.post_id, { clicks: num(row.clicks), uniques: num(row.uniques) }]));
}
