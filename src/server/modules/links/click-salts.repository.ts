import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clickSalts, linkClicks } from '../../db/schema';

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
