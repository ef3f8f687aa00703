import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type WindowRow = { count: number; window_started_at: string | Date };

/**
 * One atomic upsert per hit: a fixed window per key, restarted when it has run out.
 * Returns the count in the current window and when that window started. With a lockout longer
 * than the window, the hit that first goes over `max` moves the window's start forward so that
 * the window (still over max) ends `lockoutSeconds` from now: one row holds the lockout too.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  windowSeconds: number,
  lockout: { max: number; lockoutSeconds: number } | null = null,
) {
  const expired = sql`rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds})`;
  const extendBy = lockout ? Math.max(0, lockout.lockoutSeconds - windowSeconds) : 0;
  const startOnLockout =
    lockout && extendBy > 0
      ? sql`when rate_limits.count + 1 = ${lockout.max + 1} then now() + make_interval(secs => ${extendBy})`
      : sql``;
  const result = await db.execute<WindowRow>(sql`
    insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when ${expired} then 1 else rate_limits.count + 1 end,
      window_started_at = case when ${expired} then now() ${startOnLockout}
                   else rate_limits.window_started_at end
    returning count, window_started_at`);
  const row = (result as unknown as { rows: WindowRow[] }).rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: Number(row.count), windowStartedAt: new Date(row.window_started_at) };
}

/**
 * Gives one hit back (an attempt that succeeded), in the window it was counted in only: a window
 * that has restarted since is not touched. (Compared to the millisecond: a JS Date's precision.)
 */
export async function refundRateLimitHit(db: Db, key: string, windowStartedAt: Date) {
  await db.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
    where key = ${key}
      and date_trunc('milliseconds', window_started_at) = ${windowStartedAt.toISOString()}::timestamptz`);
}

export async function deleteExpiredRateLimits(db: Db, olderThanSeconds: number) {
  await db.execute(
    sql`delete from rate_limits where window_started_at < now() - make_interval(secs => ${olderThanSeconds})`,
  );
}
