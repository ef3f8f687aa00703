import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { Db } from '../../db/client';
import { postMetricTotals, posts, socialAccounts, users } from '../../db/schema';
import { postMetricValueColumns } from '../metrics';
import { listSocialAccountColumns } from '../social-accounts';

export interface BestTimeAccountRow {
  id: string;
  platform: PublishingPlatform;
  displayName: string;
}

/** The workspace's connected accounts (those waiting for a reconnect included), oldest first. */
export async function listBestTimeAccounts(db: Db, workspaceId: string): Promise<BestTimeAccountRow[]> {
  return listSocialAccountColumns(db, workspaceId, {
    id: socialAccounts.id,
    platform: socialAccounts.platform,
    displayName: socialAccounts.displayName,
  });
}

/**
 * The latest reading of every post the workspace published since `since` through an account
 * (a post whose account was removed has no account to advise on). Posts not read yet are left
 * out: they are not measured.
 */
export async function listReadPostMetrics(
  db: Db,
  workspaceId: string,
  filter: { since: Date; platform?: PublishingPlatform },
) {
  return db
    .select({
      socialAccountId: postMetricTotals.socialAccountId,
      publishedAt: postMetricTotals.publishedAt,
      ...postMetricValueColumns,
    })
    .from(postMetricTotals)
    .innerJoin(posts, eq(posts.id, postMetricTotals.postId))
    .where(
      and(
        eq(postMetricTotals.workspaceId, workspaceId),
        eq(posts.workspaceId, workspaceId),
        eq(posts.status, 'published'),
        gt(postMetricTotals.publishedAt, filter.since),
        isNotNull(postMetricTotals.syncedAt),
        isNotNull(postMetricTotals.socialAccountId),
        filter.platform ? eq(postMetricTotals.platform, filter.platform) : undefined,
      ),
    );
}

/** The user's chosen IANA zone; null: none chosen (or no such user). */
export async function findUserTimeZone(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return row?.timezone ?? null;
}
