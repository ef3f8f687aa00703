import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema';
import type { NearbyPost } from './post-import-rows';

/** The most posts read to find duplicates: far more than 500 rows' accounts post in two weeks. */
const NEARBY_LIMIT = 10_000;

/**
 * The workspace's posts on these accounts whose time (published, else scheduled, else written)
 * falls in the span: what an imported row may duplicate. Cancelled posts do not count.
 */
export async function listNearbyPosts(
  db: Db,
  workspaceId: string,
  accountIds: string[],
  span: { from: Date; to: Date },
): Promise<NearbyPost[]> {
  if (accountIds.length === 0) return [];
  const at = sql<Date>`coalesce(${posts.publishedAt}, ${posts.scheduledAt}, ${posts.createdAt})`;
  const rows = await db
    .select({ id: posts.id, socialAccountId: posts.socialAccountId, content: posts.content, at })
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        inArray(posts.socialAccountId, accountIds),
        ne(posts.status, 'cancelled'),
        gte(at, span.from),
        lte(at, span.to),
      ),
    )
    .limit(NEARBY_LIMIT);
  return rows.flatMap((row) =>
    row.socialAccountId ? [{ ...row, socialAccountId: row.socialAccountId, at: new Date(row.at) }] : [],
  );
}
