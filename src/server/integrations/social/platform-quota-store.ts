import { and, eq, sql } from 'drizzle-orm';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { Db } from '../../db/client';
import { platformQuotaUsage } from '../../db/schema';

/**
 * A platform app's daily quota as Kitepost spends it (issue 28: the YouTube Data API's units, one
 * budget per Google Cloud project and day, shared by every workspace). Table platform_quota_usage;
 * the simulator's spending (`sandbox`) is kept apart from a real project's.
 */
export interface PlatformQuotaStore {
  /** Units spent on this quota day. */
  used(key: QuotaKey): Promise<number>;
  /**
   * Spends `units` only if the day's total stays within `limit`, in one statement (two processes
   * cannot both take the last units). False: nothing was spent.
   */
  reserve(key: QuotaKey, units: number, limit: number): Promise<boolean>;
  /** Gives back units reserved for a call that did not happen (refused before it was sent). */
  release(key: QuotaKey, units: number): Promise<void>;
}

export interface QuotaKey {
  platform: PublishingPlatform;
  sandbox: boolean;
  /** The platform's quota day, YYYY-MM-DD in the platform's own time zone. */
  day: string;
}

export function createPlatformQuotaStore(db: Db): PlatformQuotaStore {
  const where = (key: QuotaKey) =>
    and(
      eq(platformQuotaUsage.platform, key.platform),
      eq(platformQuotaUsage.sandbox, key.sandbox),
      eq(platformQuotaUsage.day, key.day),
    );
  return {
    async used(key) {
      const [row] = await db
        .select({ units: platformQuotaUsage.units })
        .from(platformQuotaUsage)
        .where(where(key));
      return row?.units ?? 0;
    },
    async reserve(key, units, limit) {
      if (units > limit) return false;
      const rows = await db
        .insert(platformQuotaUsage)
        .values({ ...key, units })
        .onConflictDoUpdate({
          target: [platformQuotaUsage.platform, platformQuotaUsage.sandbox, platformQuotaUsage.day],
          set: { units: sql`${platformQuotaUsage.units} + ${units}`, updatedAt: new Date() },
          setWhere: sql`${platformQuotaUsage.units} + ${units} <= ${limit}`,
        })
        .returning({ units: platformQuotaUsage.units });
      return rows.length > 0;
    },
    async release(key, units) {
      await db
        .update(platformQuotaUsage)
        .set({ units: sql`greatest(0, ${platformQuotaUsage.units} - ${units})`, updatedAt: new Date() })
        .where(where(key));
    },
  };
}
