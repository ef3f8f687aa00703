import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxAccounts, sandboxPosts } from '../../../db/schema';
import { ownedBy, type SandboxAccount, type SandboxPost, type SandboxViewer } from './sandbox-store';

/*
 * The pretend Threads' own reads of the shared sandbox tables. A container is a `sandbox_posts` row
 * in state 'container' whose external id is the container id; publishing gives it the post's id and
 * state 'published' (instagram-store.ts publishContainer, shared), and the container id stays in
 * its `media[0].id`, so the container still answers `status=PUBLISHED` afterwards.
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
  const select = () =>
    db
      .select({ post: sandboxPosts, account: sandboxAccounts })
      .from(sandboxPosts)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxPosts.accountId));
  let rows = await select().where(
    and(eq(sandboxPosts.platform, 'threads'), eq(sandboxPosts.externalId, id), ownedBy(viewer)),
  );
  if (rows.length === 0) {
    rows = await select().where(
      and(
        eq(sandboxPosts.platform, 'threads'),
        sql`${sandboxPosts.media} @> ${JSON.stringify([{ id }])}::jsonb`,
        ownedBy(viewer),
      ),
    );
  }
  for (const row of rows) {
    if (row.post.externalId === id) {
      if (row.post.state === 'container') return { kind: 'container', ...row };
      if (row.post.state === 'published') return { kind: 'post', ...row };
    } else if (row.post.state === 'published') {
      return { kind: 'published-container', ...row };
    }
  }
  return undefined;
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
