import { and, eq, notInArray } from 'drizzle-orm';
import type { BrandFinding, BrandKit } from '../../../contracts/brand-kit';
import { lockedPostStatuses } from '../../../contracts/posts';
import type { Db } from '../../db/client';
import { brandProfiles, posts } from '../../db/schema';

export type BrandProfileRow = typeof brandProfiles.$inferSelect;

export async function findBrandProfile(db: Db, workspaceId: string): Promise<BrandProfileRow | undefined> {
  const [row] = await db.select().from(brandProfiles).where(eq(brandProfiles.workspaceId, workspaceId));
  return row;
}

export async function upsertBrandProfile(
  db: Db,
  workspaceId: string,
  kit: BrandKit,
): Promise<BrandProfileRow> {
  const now = new Date();
  const [row] = await db
    .insert(brandProfiles)
    .values({ workspaceId, ...kit, updatedAt: now })
    .onConflictDoUpdate({ target: brandProfiles.workspaceId, set: { ...kit, updatedAt: now } })
    .returning();
  if (!row) throw new Error('brand profile upsert returned no row');
  return row;
}

/** The posts the brand kit's re-check reads: every one still in the user's hands. */
export async function listUnpublishedPostTexts(db: Db, workspaceId: string) {
  return db
    .select({
      id: posts.id,
      content: posts.content,
      hashtags: posts.hashtags,
      brandFindings: posts.brandFindings,
    })
    .from(posts)
    .where(and(eq(posts.workspaceId, workspaceId), notInArray(posts.status, [...lockedPostStatuses])));
}

export async function setPostBrandFindings(
  db: Db,
  workspaceId: string,
  id: string,
  findings: BrandFinding[],
) {
  await db
    .update(posts)
    .set({ brandFindings: findings })
    .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, id)));
}
