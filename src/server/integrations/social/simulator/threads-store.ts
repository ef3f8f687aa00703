import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxPosts } from '../../../db/schema';
import { findGraphObject } from './meta-graph-store';
import type { SandboxAccount, SandboxPost, SandboxViewer } from './sandbox-store';

/*
 * The pretend Threads' own reads of the shared sandbox tables. A container is a `sandbox_posts` row
 * in state 'container' whose external id is the container id; publishing gives it the post's id and
 * state 'published' (meta-graph-store.ts publishContainer, shared with Instagram), and the
 * container id stays in its `media[0].id`, so the container still answers `status=PUBLISHED`
 * afterwards.
 */

export type ThreadsObject =
  | { kind: 'container'; post: SandboxPost; account: SandboxAccount }
  | { kind: 'published-container'; post: SandboxPost; account: SandboxAccount }
  | { kind: 'post'; post: SandboxPost; account: SandboxAccount };

/** A container or a published post of the viewer's, by the id Threads shows. */
export async function findThreadsObject(
  db: Db,
  id: string,
  viewer: SandboxViewer,
): Promise<ThreadsObject | undefined> {
  if (!/^\d{1,20}$/.test(id)) return undefined;
  const found = await findGraphObject(db, 'threads', id, viewer);
  return found?.kind === 'published' ? { ...found, kind: 'post' } : found;
}

/**
 * Posts (or replies) the account published in the last `windowMs`: the two quotas of
 * `threads_publishing_limit` are counted apart (a reply's first media entry names `replyTo`).
 */
export async function countPublishedSince(
  db: Db,
  accountId: string,
  windowMs: number,
  replies: boolean,
): Promise<number> {
  const isReply = sql`(${sandboxPosts.media} -> 0 ->> 'replyTo') is not null`;
  const [row] = await db
    .select({ total: count() })
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.accountId, accountId),
        eq(sandboxPosts.state, 'published'),
        gt(sandboxPosts.publishedAt, new Date(Date.now() - windowMs)),
        replies ? isReply : sql`not ${isReply}`,
      ),
    );
  return row?.total ?? 0;
}
