import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type MediaKind, mediaHoldingStatuses } from '../../../contracts/media';
import type { PostStatus, ThreadItem } from '../../../contracts/posts';
import type { Db } from '../../db/client';
import { media, posts } from '../../db/schema';

// The media library's reads and writes (issue 24, decision 058). No index of their own: every
// query is within one workspace (media_workspace_created_idx, posts_workspace_created_idx), and a
// workspace's media and posts are thousands of rows, not millions.

type MediaRow = typeof media.$inferSelect;

export interface MediaSearch {
  q?: string | undefined;
  type?: MediaKind | undefined;
  tag?: string | undefined;
  /** 'ai': AI images and branded graphics (issue 30). */
  source?: 'ai' | undefined;
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` typed into the search box are themselves, not LIKE's wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The workspace's media matching the search, newest first: `q` in the file name, in a tag or in
 * an AI image's prompt (case-insensitive), of a kind, carrying a tag, made by AI. One more row than `limit` tells there is a next
 * page.
 */
export async function searchMedia(db: Db, workspaceId: string, search: MediaSearch): Promise<MediaRow[]> {
  const conditions: SQL[] = [eq(media.workspaceId, workspaceId)];
  if (search.type) conditions.push(eq(media.kind, search.type));
  if (search.tag) conditions.push(sql`${search.tag}::text = any(${media.tags})`);
  if (search.source === 'ai') conditions.push(inArray(media.source, ['ai_image', 'ai_graphic']));
  if (search.q) {
    const pattern = likePattern(search.q);
    const matches = or(
      sql`${media.fileName} ilike ${pattern}`,
      sql`${media.prompt} ilike ${pattern}`,
      sql`exists (select 1 from unnest(${media.tags}) as tag where tag ilike ${pattern})`,
    );
    if (matches) conditions.push(matches);
  }
  return db
    .select()
    .from(media)
    .where(and(...conditions))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(search.limit)
    .offset(search.offset);
}

/** Every tag the workspace's media carry, sorted. */
export async function listMediaTags(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: sql<string>`unnest(${media.tags})`.as('tag') })
    .from(media)
    .where(eq(media.workspaceId, workspaceId))
    .orderBy(sql`tag`);
  return rows.map((row) => row.tag);
}

export async function updateMediaTags(
  db: Db,
  workspaceId: string,
  id: string,
  tags: string[],
): Promise<MediaRow | undefined> {
  const [row] = await db
    .update(media)
    .set({ tags })
    .where(and(eq(media.workspaceId, workspaceId), eq(media.id, id)))
    .returning();
  return row;
}

/** Bytes of every media file the workspace keeps (thumbnails and posters are ours, not counted). */
export async function sumMediaBytes(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${media.sizeBytes}), 0)::bigint::text` })
    .from(media)
    .where(eq(media.workspaceId, workspaceId));
  return Number(row?.total ?? 0);
}

/** A post that uses some of the asked media, with where it uses them. */
export interface MediaUsingPost {
  id: string;
  platform: (typeof posts.$inferSelect)['platform'];
  status: PostStatus;
  content: string;
  scheduledAt: Date | null;
  publishedAt: Date | null;
  createdAt: Date;
  mediaIds: string[];
  thread: ThreadItem[];
}

/** Does one of the post's X thread items carry the media id `id` (a parameter)? */
const threadUses = (id: SQL) =>
  sql`exists (select 1 from jsonb_array_elements(${posts.thread}) as item where item->'mediaIds' @> jsonb_build_array(${id}))`;

/**
 * The workspace's posts whose media, or whose X thread items' media, include one of `ids`,
 * newest first.
 */
export async function findPostsUsingMedia(
  db: Db,
  workspaceId: string,
  ids: string[],
): Promise<MediaUsingPost[]> {
  if (ids.length === 0) return [];
  const idArray = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  return db
    .select({
      id: posts.id,
      platform: posts.platform,
      status: posts.status,
      content: posts.content,
      scheduledAt: posts.scheduledAt,
      publishedAt: posts.publishedAt,
      createdAt: posts.createdAt,
      mediaIds: posts.mediaIds,
      thread: posts.thread,
    })
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        or(
          sql`${posts.mediaIds} && ${idArray}`,
          sql`exists (
            select 1 from jsonb_array_elements(${posts.thread}) as item,
              jsonb_array_elements_text(item->'mediaIds') as used(id)
            where used.id = any(${idArray})
          )`,
        ),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id));
}

/**
 * The SQL condition "a post of the workspace that must keep media `id`": one queued or going out
 * (contracts mediaHoldingStatuses) that has it in its media or in an X thread item. The delete
 * (media.repository deleteMediaUnlessHeld) runs it in the same statement as the delete.
 */
export function postHoldsMedia(workspaceId: string, id: string): SQL {
  return sql`exists (
    select 1 from ${posts}
    where ${posts.workspaceId} = ${workspaceId}
      and ${inArray(posts.status, [...mediaHoldingStatuses])}
      and (${id}::text = any(${posts.mediaIds}) or ${threadUses(sql`${id}::text`)})
  )`;
}
