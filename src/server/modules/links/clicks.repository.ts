import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clickSalts, linkClicks } from '../../db/schema';

/** A row of link_clicks as the recorder writes it. */
export interface ClickRow {
  workspaceId: string;
  occurredAt: Date;
  kind: 'click' | 'view';
  code: string | null;
  postId: string | null;
  platform: string | null;
  bioLinkId: string | null;
  country: string | null;
  visitorHash: string;
  isBot: boolean;
}

/**
 * One statement for a whole batch, its rows as one JSON parameter (json_to_recordset): a thousand
 * rows cost one parameter to bind and one plan, not ten thousand. A row whose workspace was
 * deleted while it waited in the batch is left out rather than failing the others.
 */
export async function insertClicks(db: Db, rows: ClickRow[]) {
  const json = JSON.stringify(
    rows.map((row) => ({
      workspace_id: row.workspaceId,
      occurred_at: row.occurredAt.toISOString(),
      kind: row.kind,
      code: row.code,
      post_id: row.postId,
      platform: row.platform,
      bio_link_id: row.bioLinkId,
      country: row.country,
      visitor_hash: row.visitorHash,
      is_bot: row.isBot,
    })),
  );
  await db.execute(sql`
    insert into link_clicks (workspace_id, occurred_at, kind, code, post_id, platform, bio_link_id,
                             country, visitor_hash, is_bot)
    select r.workspace_id, r.occurred_at, r.kind, r.code, r.post_id, r.platform, r.bio_link_id,
           r.country, r.visitor_hash, r.is_bot
      from rows from (json_to_recordset(${json}::json) as (workspace_id uuid,
             occurred_at timestamptz, kind text, code text, post_id uuid, platform text,
             bio_link_id uuid, country text, visitor_hash text, is_bot boolean))
           with ordinality as r(workspace_id, occurred_at, kind, code, post_id, platform,
             bio_link_id, country, visitor_hash, is_bot, n)
     where exists (select 1 from workspaces w where w.id = r.workspace_id)
     -- In the order they came (the ids follow it), whatever join the planner picks.
     order by r.n`);
}

/** Bot clicks are kept 30 days (enough to see what was filtered), every click 400 days. */
const BOT_CLICK_DAYS = 30;
/** Longer than the analytics' longest range (MAX_ANALYTICS_DAYS), so a year compares with the last. */
const CLICK_DAYS = 400;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the instant in UTC: the salt's day. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The salt of a UTC day, made by whichever process asks first: every process inserts its own
 * candidate, one wins (on conflict do nothing), and all read the winner, so two web processes
 * hash the same visitor alike.
 */
export async function saltOfDay(db: Db, day: string): Promise<string> {
  await db
    .insert(clickSalts)
    .values({ day, salt: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ salt: clickSalts.salt }).from(clickSalts).where(eq(clickSalts.day, day));
  if (!row) throw new Error(`no click salt for ${day}`);
  return row.salt;
}

/**
 * The hourly retention (cleanup job): salts older than yesterday (yesterday's stays for clicks
 * still in a batch at midnight), so a stored hash can no longer be recomputed from an address;
 * bot clicks after 30 days; every click after 400 days.
 */
export async function deleteExpiredClickData(db: Db, now: Date) {
  await db.delete(clickSalts).where(lt(clickSalts.day, utcDay(new Date(now.getTime() - DAY_MS))));
  await db
    .delete(linkClicks)
    .where(
      and(
        eq(linkClicks.isBot, true),
        lt(linkClicks.occurredAt, new Date(now.getTime() - BOT_CLICK_DAYS * DAY_MS)),
      ),
    );
  await db.delete(linkClicks).where(lt(linkClicks.occurredAt, new Date(now.getTime() - CLICK_DAYS * DAY_MS)));
}
