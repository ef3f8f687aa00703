import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxAccounts, sandboxPosts } from '../../../db/schema';
import type { SimulatedAnswer } from './sandbox-faults';
import { newMetricsSeed } from './sandbox-metrics';
import { insertPost } from './sandbox-posts';
import { ownedBy, type SandboxAccount, type SandboxPost, type SandboxViewer } from './sandbox-store';

/*
 * Media containers of the pretend Meta networks (Instagram, Threads) in the shared sandbox tables.
 * A container is a `sandbox_posts` row in state 'container' whose external id is the container
 * id; publishing gives it the published post's id and state 'published', and the container id
 * stays in its `media[0].id`, so the container still answers PUBLISHED afterwards.
 */

/** A container; a container already published (found by its old id); a published post. */
export type GraphObject =
  | { kind: 'container'; post: SandboxPost; account: SandboxAccount }
  | { kind: 'published-container'; post: SandboxPost; account: SandboxAccount }
  | { kind: 'published'; post: SandboxPost; account: SandboxAccount };

/**
 * A container or a published post of the viewer's on this network, by the id the network shows;
 * deleted posts are not found.
 */
export async function findGraphObject(
  db: Db,
  platform: 'instagram' | 'threads',
  id: string,
  viewer: SandboxViewer,
): Promise<GraphObject | undefined> {
  const select = () =>
    db
      .select({ post: sandboxPosts, account: sandboxAccounts })
      .from(sandboxPosts)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxPosts.accountId));
  // By its own id first (indexed); only a container already published is looked up by content.
  let rows = await select().where(
    and(eq(sandboxPosts.platform, platform), eq(sandboxPosts.externalId, id), ownedBy(viewer)),
  );
  if (rows.length === 0) {
    rows = await select().where(
      and(
        eq(sandboxPosts.platform, platform),
        sql`${sandboxPosts.media} @> ${JSON.stringify([{ id }])}::jsonb`,
        ownedBy(viewer),
      ),
    );
  }
  for (const row of rows) {
    if (row.post.externalId === id) {
      if (row.post.state === 'container') return { kind: 'container', ...row };
      if (row.post.state === 'published') return { kind: 'published', ...row };
    } else if (row.post.state === 'published') {
      return { kind: 'published-container', ...row };
    }
  }
  return undefined;
}

/** A new container: its own entry first (whose id is the container's), a carousel's items after it. */
export async function insertContainer(
  db: Db,
  platform: 'instagram' | 'threads',
  account: SandboxAccount,
  text: string,
  entries: Array<{ id: string }>,
) {
  const [head] = entries;
  if (!head) throw new Error('a container needs its own entry');
  await insertPost(db, {
    platform,
    externalId: head.id,
    accountId: account.id,
    text,
    media: entries as SandboxPost['media'],
    state: 'container',
    metricsSeed: newMetricsSeed(),
    publishedAt: null,
  });
  return { status: 200, body: { id: head.id } } satisfies SimulatedAnswer;
}

/** Makes a container public under its post's id. Conditional: of two racing publishes one wins. */
export async function publishContainer(db: Db, postId: string, mediaId: string): Promise<boolean> {
  const rows = await db
    .update(sandboxPosts)
    .set({ externalId: mediaId, state: 'published', publishedAt: new Date() })
    .where(and(eq(sandboxPosts.id, postId), eq(sandboxPosts.state, 'container')))
    .returning({ id: sandboxPosts.id });
  return rows.length === 1;
}
