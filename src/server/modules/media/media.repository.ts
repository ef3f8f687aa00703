import { and, desc, eq, inArray, not } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import { postHoldsMedia } from './media-library.repository';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = Omit<typeof media.$inferInsert, 'workspaceId' | 'createdAt'> & { id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function insertMedia(db: Db, workspaceId: string, values: NewMediaRow): Promise<MediaRow> {
  const [row] = await db
    .insert(media)
    .values({ ...values, workspaceId })
    .returning();
  if (!row) throw new Error('media insert returned no row');
  return row;
}

/** Newest first. */
export async function listMedia(db: Db, workspaceId: string, limit: number): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(eq(media.workspaceId, workspaceId))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit);
}

export async function findMedia(db: Db, workspaceId: string, id: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.workspaceId, workspaceId), eq(media.id, id)));
  return row;
}

/**
 * By id alone, for the public file route: platforms download an image without a session, and
 * the random id in the URL is the capability. Every other read is scoped to a workspace.
 */
export async function findMediaForServing(db: Db, id: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row;
}

/**
 * The workspace's images with these ids, in the order of `ids` (a post's attachment order).
 * Ids that are not the workspace's, or no longer exist, are left out: compare the lengths to
 * find them. Strings that are not uuids are left out too (posts.media_ids is text).
 */
export async function findMediaByIds(db: Db, workspaceId: string, ids: string[]): Promise<MediaRow[]> {
  const wanted = ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
  if (wanted.length === 0) return [];
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.workspaceId, workspaceId), inArray(media.id, [...new Set(wanted)])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

export type DeleteMediaOutcome =
  | { outcome: 'deleted'; row: MediaRow }
  | { outcome: 'in_use' }
  | { outcome: 'not_found' };

/**
 * Deletes the row unless a queued (pending approval, approved, scheduled) or publishing post of
 * the workspace uses it, in its media or in an X thread item (media-library postHoldsMedia). The
 * check and the delete are one statement, so a post that is scheduled at the same moment sees
 * either the image or its absence, never a half-deleted one.
 */
export async function deleteMediaUnlessHeld(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<DeleteMediaOutcome> {
  const [row] = await db
    .delete(media)
    .where(and(eq(media.workspaceId, workspaceId), eq(media.id, id), not(postHoldsMedia(workspaceId, id))))
    .returning();
  if (row) return { outcome: 'deleted', row };
  return (await findMedia(db, workspaceId, id)) ? { outcome: 'in_use' } : { outcome: 'not_found' };
}
