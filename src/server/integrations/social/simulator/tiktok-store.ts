import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxPosts } from '../../../db/schema';
import { newMetricsSeed } from './sandbox-metrics';
import { insertPost, updateContainerMedia } from './sandbox-posts';
import { newSnowflakeId, type SandboxAccount, type SandboxPost } from './sandbox-store';

/*
 * The pretend TikTok's publishes: each is a `sandbox_posts` row in state 'container' whose external
 * id is the publish_id; its one media item holds the publish's state (below). When TikTok is done,
 * a direct post becomes a published row with the video's id (kept in the state as `postId`).
 */

export interface TikTokPublish {
  id: string;
  url: string | null;
  kind: 'tiktok-publish';
  mediaType: 'video' | 'photo';
  mode: 'direct' | 'inbox';
  privacy: string | null;
  caption: string;
  title: string | null;
  videoSize: number;
  chunkSize: number;
  totalChunks: number;
  /** Bytes received so far (chunks come in order). */
  received: number;
  /** When processing ends (ms); null until the upload is complete. */
  availableAt: number | null;
  /** TikTok's verdict, told once processing ends: null = fine. */
  failReason: string | null;
  /** The `video-processing-failed` sandbox fault marked it. */
  forcedFailure?: boolean;
  /** The video's id once published. */
  postId: string | null;
  /** What the post shows: the photos' URLs, or a video's facts. */
  photos?: string[];
  video?: { durationMs: number; width: number; height: number };
}

export const newPublishId = (mediaType: 'video' | 'photo') =>
  `${mediaType === 'video' ? 'v_pub_file' : 'p_pub_url'}~v2-1.${newSnowflakeId()}`;

export async function insertPublish(db: Db, account: SandboxAccount, publish: TikTokPublish): Promise<void> {
  await insertPost(db, {
    platform: 'tiktok',
    externalId: publish.id,
    accountId: account.id,
    text: publish.caption,
    media: [publish as unknown as SandboxPost['media'][number]],
    state: 'container',
    metricsSeed: 0,
    publishedAt: null,
  });
}

/** The account's publish by its publish_id. */
export async function findPublish(
  db: Db,
  account: SandboxAccount,
  publishId: string,
): Promise<{ row: SandboxPost; publish: TikTokPublish } | null> {
  const [row] = await db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, 'tiktok'),
        eq(sandboxPosts.externalId, publishId),
        eq(sandboxPosts.accountId, account.id),
        eq(sandboxPosts.state, 'container'),
      ),
    );
  const publish = row?.media[0] as unknown as TikTokPublish | undefined;
  return row && publish?.kind === 'tiktok-publish' ? { row, publish } : null;
}

export async function savePublish(db: Db, row: SandboxPost, publish: TikTokPublish): Promise<void> {
  await updateContainerMedia(db, row.id, [publish as unknown as SandboxPost['media'][number]]);
}

/** Publishes a finished direct post once (two status reads racing publish it once). */
export async function materializePost(
  db: Db,
  account: SandboxAccount,
  publish: TikTokPublish,
): Promise<void> {
  if (!publish.postId || publish.availableAt === null) return;
  const media =
    publish.mediaType === 'photo'
      ? (publish.photos ?? []).map((url, index) => ({ id: `${publish.postId}-${index}`, url, kind: 'image' }))
      : [{ id: publish.postId, url: null, kind: 'video', ...publish.video }];
  await db
    .insert(sandboxPosts)
    .values({
      platform: 'tiktok',
      externalId: publish.postId,
      accountId: account.id,
      text: publish.caption,
      media,
      state: 'published',
      metricsSeed: newMetricsSeed(),
      publishedAt: new Date(publish.availableAt),
    })
    .onConflictDoNothing();
}
