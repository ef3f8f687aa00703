import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { FirstCommentStatus, ThreadItem } from '../../../contracts/posts';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema';
import type { PostRow } from './publishing.repository';

/*
 * The follow-up steps' writes (the next posts of an X thread, the first comment). Each is a
 * compare-and-set on the state the runner read: a step that finds the post moved on (another
 * runner took it) writes nothing and stops.
 */

/** Replaces the thread's state, only while it is still `expected` (jsonb equality). */
export async function updateThread(
  db: Db,
  postId: string,
  expected: ThreadItem[],
  next: ThreadItem[],
): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ thread: next })
    .where(and(eq(posts.id, postId), sql`${posts.thread} = ${JSON.stringify(expected)}::jsonb`))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** The workspace's post by id, for the follow-ups' retry; undefined when it is not the workspace's. */
export async function findWorkspacePost(
  db: Db,
  workspaceId: string,
  postId: string,
): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)));
  return row;
}

/** Moves the first comment from `from` to `to` (with what came of it); false when it was not `from`. */
export async function moveFirstComment(
  db: Db,
  postId: string,
  from: FirstCommentStatus,
  to: {
    status: FirstCommentStatus;
    externalId?: string | null;
    url?: string | null;
    error?: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({
      firstCommentStatus: to.status,
      ...(to.externalId !== undefined ? { firstCommentExternalId: to.externalId } : {}),
      ...(to.url !== undefined ? { firstCommentUrl: to.url } : {}),
      ...(to.error !== undefined ? { firstCommentError: to.error } : {}),
    })
    .where(and(eq(posts.id, postId), eq(posts.firstCommentStatus, from)))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/**
 * Published posts whose follow-ups have not all run (a job lost with its process, or a step left
 * `sending` by a crash): a first comment pending or sending, or a thread not stopped by a failure
 * with a post pending or sending, published since `since` and before `before`.
 */
export async function listPostsWithPendingFollowUps(
  db: Db,
  window: { since: Date; before: Date },
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.status, 'published'),
        gte(posts.publishedAt, window.since),
        lt(posts.publishedAt, window.before),
        sql`(${posts.firstCommentStatus} in ('pending', 'sending')
             or (exists (select 1 from jsonb_array_elements(${posts.thread}) item
                          where item->>'status' in ('pending', 'sending'))
                 and not exists (select 1 from jsonb_array_elements(${posts.thread}) item
                                  where item->>'status' = 'failed')))`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Whether a post has follow-ups still to send (or left `sending` by a crash). */
export function hasPendingFollowUps(post: Pick<PostRow, 'firstCommentStatus' | 'thread'>): boolean {
  const open = (status: string | null) => status === 'pending' || status === 'sending';
  return open(post.firstCommentStatus) || post.thread.some((item) => open(item.status));
}
