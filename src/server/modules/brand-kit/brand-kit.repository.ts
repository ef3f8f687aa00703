import { eq } from 'drizzle-orm';
import type { BrandKit } from '../../../contracts/brand-kit';
import type { Db } from '../../db/client';
import { brandProfiles } from '../../db/schema';

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
