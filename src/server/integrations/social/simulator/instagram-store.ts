import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxAccounts, sandboxPosts } from '../../../db/schema';
import { ownedBy, type SandboxAccount, type SandboxPost, type SandboxViewer } from './sandbox-store';

/*
 * The pretend Instagram's own reads and writes of the shared sandbox tables: media containers.
 * A container is a `sandbox_posts` row in state 'container' whose external id is the container
 * id; publishing gives it the media id and state 'published', and the container id stays in its
 * `media[0].id`, so the container still answers `status_code=PUBLISHED` afterwards.
 */

/**
 * One entry of an Instagram row's `media` (jsonb): the container's own entry first, with what the
 * pretend Instagram learnt when it was created (its type, whether it is a carousel item, when its
 * processing ends and how it failed); a carousel's children follow it, and a published post's
 * comments are appended (kind 'comment'). The table's column type names only the shared fields.
 */
export interface InstagramMediaEntry {
  id: string;
  url: string | null;
  kind: 'image' | 'video' | 'carousel' | 'comment';
  /** `media_type` as created; absent on rows made before issue 24 (single images). */
  igType?: 'IMAGE' | 'VIDEO' | 'REELS' | 'STORIES' | 'CAROUSEL';
  carouselItem?: boolean;
  /** When processing ends (epoch ms): IN_PROGRESS until then. */
  availableAt?: number;
  /** The error subcode the container fails with once processed. */
  failed?: number;
  altText?: string;
  coverUrl?: string;
  shareToFeed?: boolean;
  /** A comment's text and when it was made (epoch ms). */
  text?: string;
  at?: number;
}

export const entriesOf = (post: Pick<SandboxPost, 'media'>) => post.media as InstagramMediaEntry[];
export const headOf = (post: Pick<SandboxPost, 'media'>): InstagramMediaEntry | undefined =>
  entriesOf(post)[0];
/** A row's media as stored: the jsonb takes every field of the entries. */
export const asStoredMedia = (entries: InstagramMediaEntry[]) => entries as SandboxPost['media'];

export type InstagramObject =
  | { kind: 'container'; post: SandboxPost; account: SandboxAccount }
  | { kind: 'published-container'; post: SandboxPost; account: SandboxAccount }
  | { kind: 'media'; post: SandboxPost; account: SandboxAccount };

/**
 * A container or a published post of the viewer's, by the id Instagram shows; deleted posts are
 * not found.
 */
export async function findInstagramObject(
  db: Db,
  id: string,
  viewer: SandboxViewer,
): Promise<InstagramObject | undefined> {
  const select = () =>
    db
      .select({ post: sandboxPosts, account: sandboxAccounts })
      .from(sandboxPosts)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxPosts.accountId));
  // By its own id first (indexed); only a container already published is looked up by content.
  let rows = await select().where(
    and(eq(sandboxPosts.platform, 'instagram'), eq(sandboxPosts.externalId, id), ownedBy(viewer)),
  );
  if (rows.length === 0) {
    rows = await select().where(
      and(
        eq(sandboxPosts.platform, 'instagram'),
        sql`${sandboxPosts.media} @> ${JSON.stringify([{ id }])}::jsonb`,
        ownedBy(viewer),
      ),
    );
  }
  for (const row of rows) {
    if (row.post.externalId === id) {
      if (row.post.state === 'container') return { kind: 'container', ...row };
      if (row.post.state === 'published') return { kind: 'media', ...row };
    } else if (row.post.state === 'published') {
      return { kind: 'published-container', ...row };
    }
  }
  return undefined;
}

/** Makes a container public under its media id. Conditional: of two racing publishes one wins. */
export async function publishContainer(db: Db, postId: string, mediaId: string): Promise<boolean> {
  const rows = await db
    .update(sandboxPosts)
    .set({ externalId: mediaId, state: 'published', publishedAt: new Date() })
    .where(and(eq(sandboxPosts.id, postId), eq(sandboxPosts.state, 'container')))
    .returning({ id: sandboxPosts.id });
  return rows.length === 1;
}

/** Posts the account published in the last `windowMs` (the rolling publishing quota). */
export async function countRecentlyPublished(db: Db, accountId: string, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.accountId, accountId),
        eq(sandboxPosts.state, 'published'),
        gt(sandboxPosts.publishedAt, new Date(Date.now() - windowMs)),
      ),
    );
  return row?.total ?? 0;
}
