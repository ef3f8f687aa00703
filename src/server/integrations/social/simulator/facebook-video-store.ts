import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxPosts } from '../../../db/schema';
import type { VideoFacts } from '../../video/ffmpeg-tools';
import { keepPageContainer, publishPagePost } from './facebook-store';
import type { SandboxAccount, SandboxPost } from './sandbox-store';

/*
 * The pretend Facebook's videos, Reels, stories and comments, in `sandbox_posts` (no table of
 * their own): a video is a row whose external id is the video id, `container` until it is
 * published; its one media item carries the upload's progress and the probe's facts. A comment is
 * a `container` row (never in a feed or a count) whose media item names the object it answers.
 */

export type FacebookVideoKind = 'video' | 'reel' | 'story-video';

/** A video's media item: the row's `media[0]` (jsonb takes the extra keys). */
export interface FacebookVideoItem {
  id: string;
  /** Where it was fetched from; null until uploaded. */
  url: string | null;
  kind: FacebookVideoKind;
  /** started: a session without bytes; uploaded: fetched and probed; finished: published. */
  phase: 'started' | 'uploaded' | 'finished';
  /** When processing ends (epoch ms); absent before the upload. */
  availableAt?: number;
  /** The processing failure Facebook reports once processing ends. */
  error?: { code: number; message: string };
  /** The `video-processing-failed` sandbox fault reached a call before the upload: processing fails. */
  forcedFailure?: boolean;
  facts?: Pick<VideoFacts, 'durationMs' | 'width' | 'height' | 'frameRate' | 'videoCodec'>;
}

export const isVideoItem = (item: unknown): item is FacebookVideoItem =>
  !!item &&
  typeof item === 'object' &&
  ['video', 'reel', 'story-video'].includes((item as { kind?: string }).kind ?? '') &&
  typeof (item as { phase?: unknown }).phase === 'string';

export async function insertVideo(
  db: Db,
  page: SandboxAccount,
  input: { id: string; item: FacebookVideoItem; description: string; publishedAt: Date | null },
): Promise<SandboxPost> {
  const row = { externalId: input.id, text: input.description, media: [input.item] as SandboxPost['media'] };
  return input.publishedAt
    ? publishPagePost(db, page, { ...row, publishedAt: input.publishedAt })
    : keepPageContainer(db, page, row);
}

/** A video row by its id, whatever its state but deleted (callers check whose it is). */
export async function findVideo(
  db: Db,
  id: string,
): Promise<{ post: SandboxPost; item: FacebookVideoItem } | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPosts)
    .where(and(eq(sandboxPosts.platform, 'facebook'), eq(sandboxPosts.externalId, id)))
    .limit(1);
  const item = row?.media[0];
  if (!row || row.state === 'deleted' || !isVideoItem(item)) return undefined;
  return { post: row, item };
}

export async function updateVideo(
  db: Db,
  post: SandboxPost,
  item: FacebookVideoItem,
  changes: { description?: string; publishedAt?: Date; metricsSeed?: number } = {},
): Promise<void> {
  await db
    .update(sandboxPosts)
    .set({
      media: [item] as SandboxPost['media'],
      ...(changes.description !== undefined ? { text: changes.description } : {}),
      ...(changes.publishedAt
        ? {
            state: 'published' as const,
            publishedAt: changes.publishedAt,
            metricsSeed: changes.metricsSeed ?? 1,
          }
        : {}),
    })
    .where(eq(sandboxPosts.id, post.id));
}

/** Reels the Page published in the 24 hours before `now`, and when the oldest of them was. */
export async function reelsPublishedSince(
  db: Db,
  page: SandboxAccount,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: sql<string | null>`min(${sandboxPosts.publishedAt})` })
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, 'facebook'),
        eq(sandboxPosts.accountId, page.id),
        eq(sandboxPosts.state, 'published'),
        gte(sandboxPosts.publishedAt, since),
        sql`${sandboxPosts.media} @> ${JSON.stringify([{ kind: 'reel' }])}::jsonb`,
      ),
    );
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Has a published post of the Page shown the photo (its id among a post's media)? */
export async function photoWasPublished(db: Db, page: SandboxAccount, photoId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sandboxPosts.id })
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, 'facebook'),
        eq(sandboxPosts.accountId, page.id),
        eq(sandboxPosts.state, 'published'),
        sql`${sandboxPosts.media} @> ${JSON.stringify([{ id: photoId }])}::jsonb`,
      ),
    )
    .limit(1);
  return !!row;
}

/** A comment's row: its message, and the object it answers in its media item. */
export async function insertComment(
  db: Db,
  page: SandboxAccount,
  input: { id: string; parentId: string; message: string },
): Promise<void> {
  await keepPageContainer(db, page, {
    externalId: input.id,
    text: input.message,
    media: [{ id: input.parentId, url: null, kind: 'comment' }],
    at: new Date(),
  });
}

/** The comments under an object, oldest first. */
export function findComments(db: Db, parentId: string): Promise<SandboxPost[]> {
  return db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, 'facebook'),
        eq(sandboxPosts.state, 'container'),
        sql`${sandboxPosts.media} @> ${JSON.stringify([{ id: parentId, kind: 'comment' }])}::jsonb`,
      ),
    )
    .orderBy(sandboxPosts.createdAt);
}
