import { and, asc, desc, eq, inArray, isNotNull, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bioLinks, bioPages, posts, shortLinks } from '../../db/schema';

export type BioPageRow = typeof bioPages.$inferSelect;
export type BioLinkRow = typeof bioLinks.$inferSelect;

export async function findBioPage(db: Db, workspaceId: string): Promise<BioPageRow | undefined> {
  const [row] = await db.select().from(bioPages).where(eq(bioPages.workspaceId, workspaceId));
  return row;
}

/** The public page's one lookup: by its (lowercase, unique) address. */
export async function findBioPageBySlug(db: Db, slug: string): Promise<BioPageRow | undefined> {
  const [row] = await db.select().from(bioPages).where(eq(bioPages.slug, slug));
  return row;
}

/** Whether another workspace has this address (a 409 before the unique index has to say so). */
export async function slugTakenByOther(db: Db, workspaceId: string, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ workspaceId: bioPages.workspaceId })
    .from(bioPages)
    .where(and(eq(bioPages.slug, slug), ne(bioPages.workspaceId, workspaceId)));
  return row !== undefined;
}

export async function upsertBioPage(
  db: Db,
  workspaceId: string,
  page: { slug: string; title: string; description: string; showPosts: boolean },
): Promise<BioPageRow> {
  const now = new Date();
  const [row] = await db
    .insert(bioPages)
    .values({ workspaceId, ...page, updatedAt: now })
    .onConflictDoUpdate({ target: bioPages.workspaceId, set: { ...page, updatedAt: now } })
    .returning();
  if (!row) throw new Error('bio page upsert returned no row');
  return row;
}

export function listBioLinks(db: Db, workspaceId: string): Promise<BioLinkRow[]> {
  return db
    .select()
    .from(bioLinks)
    .where(eq(bioLinks.workspaceId, workspaceId))
    .orderBy(asc(bioLinks.position), asc(bioLinks.createdAt));
}

export async function insertBioLink(db: Db, link: typeof bioLinks.$inferInsert): Promise<void> {
  await db.insert(bioLinks).values(link);
}

export async function updateBioLink(
  db: Db,
  workspaceId: string,
  id: string,
  changes: Partial<Omit<typeof bioLinks.$inferInsert, 'id' | 'workspaceId'>>,
): Promise<void> {
  await db
    .update(bioLinks)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(bioLinks.workspaceId, workspaceId), eq(bioLinks.id, id)));
}

/** Removes the links left out of a save; their short links stay (a code keeps redirecting). */
export async function deleteBioLinksExcept(db: Db, workspaceId: string, keep: string[]): Promise<void> {
  await db
    .delete(bioLinks)
    .where(
      keep.length === 0
        ? eq(bioLinks.workspaceId, workspaceId)
        : and(eq(bioLinks.workspaceId, workspaceId), notInArray(bioLinks.id, keep)),
    );
}

/** The grid: the workspace's latest published posts. */
export function listLatestPublishedPosts(db: Db, workspaceId: string, limit: number) {
  return db
    .select({
      id: posts.id,
      content: posts.content,
      mediaIds: posts.mediaIds,
      altTexts: posts.altTexts,
      externalUrl: posts.externalUrl,
    })
    .from(posts)
    .where(
      and(eq(posts.workspaceId, workspaceId), eq(posts.status, 'published'), isNotNull(posts.publishedAt)),
    )
    .orderBy(desc(posts.publishedAt))
    .limit(limit);
}

/** Each post's first short link (lowest position), by post id. */
export async function firstShortCodes(db: Db, postIds: string[]): Promise<Map<string, string>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({ postId: shortLinks.postId, code: shortLinks.code, position: shortLinks.position })
    .from(shortLinks)
    .where(inArray(shortLinks.postId, postIds))
    .orderBy(asc(shortLinks.position), asc(shortLinks.createdAt));
  const first = new Map<string, string>();
  for (const row of rows) if (row.postId && !first.has(row.postId)) first.set(row.postId, row.code);
  return first;
}
