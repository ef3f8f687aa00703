import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * One atomic upsert per hit: a fixed window per key, restarted when it has run out.
 * Returns the count in the current window and when that window started.
 */
export async function hitRateLimit(db: Db, key: string, windowSeconds: number) {
  const result = await db.execute<{ count: number; window_started_at: string | Date }>(sql`
    insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_started_at end
    returning count, window_started_at`);
  const row = (result as unknown as { rows: { count: number; window_started_at: string | Date }[] }).rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: Number(row.count), windowStartedAt: new Date(row.window_started_at) };
}

export async function deleteExpiredRateLimits(db: Db, olderThanSeconds: number) {
  await db.execute(
    sql`delete from rate_limits where window_started_at < now() - make_interval(secs => ${olderThanSeconds})`,
  );
}
