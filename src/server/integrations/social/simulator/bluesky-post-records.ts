import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxPosts } from '../../../db/schema';
import { html } from './sandbox-page';
import type { SandboxPost } from './sandbox-store';

/*
 * A pretend Bluesky post as a record. `sandbox_posts` keeps the text and the images; what else the
 * record says (its createdAt, its reply refs) rides as marker items of the row's `media` jsonb (url
 * null, so nothing treats them as files), as x-threads.ts does for X's replies: no migration for
 * the simulator.
 */

type MediaItem = SandboxPost['media'][number];
interface StrongRef {
  uri: string;
  cid: string;
}
export interface PostMarkers {
  items: MediaItem[];
  reply: { root: StrongRef; parent: StrongRef } | null;
}

const CREATED_AT = 'bsky_created_at';
const ROOT = 'bsky_reply_root';
const PARENT = 'bsky_reply_parent';

const refOf = (value: unknown): StrongRef | null => {
  const ref = value as { uri?: unknown; cid?: unknown } | null;
  return typeof ref?.uri === 'string' && typeof ref.cid === 'string' ? { uri: ref.uri, cid: ref.cid } : null;
};

/** The markers a record's createdAt and reply refs are kept as. */
export function postMarkers(record: { createdAt?: unknown; reply?: unknown }): PostMarkers {
  const reply = record.reply as { root?: unknown; parent?: unknown } | undefined;
  const root = refOf(reply?.root);
  const parent = refOf(reply?.parent);
  const items: MediaItem[] = [];
  if (typeof record.createdAt === 'string') items.push({ id: record.createdAt, url: null, kind: CREATED_AT });
  if (root && parent) {
    items.push({ id: `${root.uri} ${root.cid}`, url: null, kind: ROOT });
    items.push({ id: `${parent.uri} ${parent.cid}`, url: null, kind: PARENT });
  }
  return { items, reply: root && parent ? { root, parent } : null };
}

const refFromMarker = (post: SandboxPost, kind: string): StrongRef | null => {
  const [uri, cid] = post.media.find((item) => item.kind === kind)?.id.split(' ') ?? [];
  return uri && cid ? { uri, cid } : null;
};

/** The record as getRecord and listRecords answer it (its `value`). */
export function recordValueOf(post: SandboxPost): Record<string, unknown> {
  const createdAt =
    post.media.find((item) => item.kind === CREATED_AT)?.id ??
    (post.publishedAt ?? post.createdAt).toISOString();
  const root = refFromMarker(post, ROOT);
  const parent = refFromMarker(post, PARENT);
  return {
    $type: 'app.bsky.feed.post',
    text: post.text,
    createdAt,
    ...(root && parent ? { reply: { root, parent } } : {}),
  };
}

/** The account's posts, newest first (record keys are TIDs: they sort by time), after `cursor`. */
export async function blueskyRecordsOf(
  db: Db,
  accountId: string,
  input: { limit: number; cursor?: string },
): Promise<{ posts: SandboxPost[]; cursor: string | null }> {
  const rows = await db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, 'bluesky'),
        eq(sandboxPosts.accountId, accountId),
        eq(sandboxPosts.state, 'published'),
        input.cursor ? lt(sandboxPosts.externalId, input.cursor) : undefined,
      ),
    )
    .orderBy(desc(sandboxPosts.externalId))
    .limit(input.limit + 1);
  const posts = rows.slice(0, input.limit);
  return { posts, cursor: rows.length > input.limit ? (posts.at(-1)?.externalId ?? null) : null };
}

export const replyingTo = () => html`<p class="muted">Replying to an earlier post of the thread</p>`;
