import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxPosts } from '../../../db/schema';
import type { SandboxPost } from './sandbox-store';

/*
 * Replies on the pretend X (threads and first replies). `sandbox_posts` has no column for the post
 * a reply answers, and the simulator adds no migration for it: the link is kept as one more item
 * of the reply's `media` jsonb, of kind 'reply_to' (url null, so nothing treats it as a file).
 * Every X reader of a post's media goes through xAttachedMedia, which leaves it out.
 */

const REPLY_KIND = 'reply_to';

type MediaItem = SandboxPost['media'][number];

/** The marker that makes a post a reply to `parentExternalId`. */
export const replyMarker = (parentExternalId: string): MediaItem => ({
  id: parentExternalId,
  url: null,
  kind: REPLY_KIND,
});

/** The id of the post this one answers, or null for a post that starts a conversation. */
export const xReplyTarget = (post: Pick<SandboxPost, 'media'>): string | null =>
  post.media.find((item) => item.kind === REPLY_KIND)?.id ?? null;

/** The images and video a post carries (its reply marker left out). */
export const xAttachedMedia = (post: Pick<SandboxPost, 'media'>): MediaItem[] =>
  post.media.filter((item) => item.kind !== REPLY_KIND);

/** The published replies to a post, oldest first (a thread reads top to bottom). */
export function findXReplies(db: Db, parentExternalId: string): Promise<SandboxPost[]> {
  return db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, 'twitter'),
        eq(sandboxPosts.state, 'published'),
        sql`${sandboxPosts.media} @> ${JSON.stringify([{ id: parentExternalId, kind: REPLY_KIND }])}::jsonb`,
      ),
    )
    .orderBy(asc(sandboxPosts.publishedAt), asc(sandboxPosts.externalId));
}
