import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxPosts } from '../../../db/schema';
import type { SandboxPost } from './sandbox-store';

/*
 * The pretend YouTube's rows in `sandbox_posts` (no table of its own: no migration for the
 * sandbox). An upload session is a row in state 'container' (external id `upload:<id>`) whose
 * media[0] is the session; the video, once its last byte is in, a published row (external id the
 * video id, text its description) whose media[0] holds the video's other fields.
 */

export interface YouTubeMetadata {
  title: string;
  description: string;
  tags: string[];
  categoryId: string;
  privacyStatus: 'public' | 'unlisted' | 'private';
  madeForKids: boolean | null;
}

export interface UploadSession {
  id: string;
  url: null;
  kind: 'youtube-upload';
  sizeBytes: number;
  mimeType: string;
  received: number;
  /** Where each stored chunk starts, in order. */
  parts: number[];
  metadata: YouTubeMetadata;
  /** Set by the `video-processing-failed` fault: the video will fail processing. */
  failProcessing?: boolean;
  /** The video made when the last byte arrived. */
  videoId?: string;
}

export interface VideoEntry extends YouTubeMetadata {
  id: string;
  url: null;
  kind: 'video';
  sizeBytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** When processing ends. */
  availableAt: number;
  /** `status.failureReason` once processing ends; null: processed. */
  failure: string | null;
  thumbnail: boolean;
}

export const sessionOf = (row: Pick<SandboxPost, 'media'>) => row.media[0] as unknown as UploadSession;
export const videoOf = (row: Pick<SandboxPost, 'media'>) => row.media[0] as unknown as VideoEntry;
export const asStored = (entry: UploadSession | VideoEntry) => [entry] as unknown as SandboxPost['media'];
export const sessionKey = (id: string) => `upload:${id}`;
export const newUploadId = () => randomBytes(24).toString('base64url');
export const newVideoId = () => randomBytes(8).toString('base64url').slice(0, 11);

/** The account's row with that external id, in that state. */
export async function findRow(
  db: Db,
  accountId: string,
  externalId: string,
  state: 'container' | 'published',
): Promise<SandboxPost | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPosts)
    .where(
      and(
        eq(sandboxPosts.platform, 'youtube'),
        eq(sandboxPosts.accountId, accountId),
        eq(sandboxPosts.externalId, externalId),
        eq(sandboxPosts.state, state),
      ),
    );
  return row;
}

export async function updateMedia(db: Db, id: string, entry: UploadSession | VideoEntry): Promise<void> {
  await db
    .update(sandboxPosts)
    .set({ media: asStored(entry) })
    .where(eq(sandboxPosts.id, id));
}
