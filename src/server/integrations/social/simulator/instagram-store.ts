import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxPosts } from '../../../db/schema';
import { findGraphObject } from './meta-graph-store';
import type { SandboxAccount, SandboxPost, SandboxViewer } from './sandbox-store';

/*
 * The pretend Instagram's own reads and writes of the shared sandbox tables: media containers.
 * A container is a `sandbox_posts` row in state 'container' whose external id is the container
 * id; publishing (meta-graph-store.ts publishContainer) gives it the media id and state
 * 'published', and the container id stays in its `media[0].id`, so the container still answers
 * `status_code=PUBLISHED` afterwards.
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
  const found = await findGraphObject(db, 'instagram', id, viewer);
  return found?.kind === 'published' ? { ...found, kind: 'media' } : found;
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
