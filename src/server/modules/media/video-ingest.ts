import { stat } from 'node:fs/promises';
import type { Media } from '../../../contracts/media';
import { mediaMessages } from '../../../contracts/media';
import type { AppContext } from '../../context';
import { extractFrame, probeVideo, type VideoFacts } from '../../integrations/video/ffmpeg-tools';
import { AppError } from '../../lib/app-error';
import { insertMedia } from './media.repository';
import { cleanFileName, type MediaActor, removeObjects } from './media-files';
import { mediaFileName, posterFileName, thumbnailFileName, toMedia } from './media-view';
import { processImage } from './process-image';
import { assertStorageQuota } from './storage-quota';

/**
 * Where the poster frame is taken: a second in (past a fade from black), or the middle of a clip
 * shorter than two seconds.
 */
export function posterTimeMs(durationMs: number): number {
  return durationMs >= 2_000 ? 1_000 : Math.floor(durationMs / 2);
}

/** The poster frame as JPEG; the first frame when seeking found none (a very short clip). */
async function posterFrame(ctx: Pick<AppContext, 'videoTools'>, file: string, facts: VideoFacts) {
  const at = await extractFrame(ctx.videoTools.paths, file, posterTimeMs(facts.durationMs));
  if (at.length > 0) return at;
  return extractFrame(ctx.videoTools.paths, file, 0);
}

/**
 * Stores an uploaded video whose file is on disk at `path` (an MP4/MOV by its first bytes): it is
 * probed by ffprobe (never trusted by its name or declared type), refused when it is not an
 * MP4/MOV video stream or does not read; its poster frame (JPEG, re-encoded by sharp without
 * metadata) and a WebP thumbnail of it are made; the video is streamed into the storage as
 * uploaded under `<workspace>/<id>.mp4|mov`, then the row is written with the probe's facts.
 */
export async function ingestVideo(
  ctx: Pick<AppContext, 'database' | 'storage' | 'config' | 'log' | 'videoTools'>,
  actor: MediaActor,
  upload: { id: string; path: string; fileName: string | undefined },
): Promise<Media> {
  const tools = await ctx.videoTools.check;
  if (tools.status !== 'ok') throw new AppError('service_unavailable', mediaMessages.videoToolsUnavailable);
  const probed = await probeVideo(ctx.videoTools.paths, upload.path);
  if (!probed.ok) {
    throw new AppError(
      'bad_request',
      probed.reason === 'not_video' ? mediaMessages.videoUnsupported : mediaMessages.videoUnreadable,
    );
  }
  const { facts } = probed;
  if (facts.durationMs <= 0) throw new AppError('bad_request', mediaMessages.videoUnreadable);
  let poster: Buffer;
  try {
    poster = await posterFrame(ctx, upload.path, facts);
  } catch (error) {
    ctx.log.info({ err: error }, 'no poster frame could be decoded from an uploaded video');
    throw new AppError('bad_request', mediaMessages.videoUnreadable);
  }
  const processed = await processImage(poster);
  if (!processed.ok) throw new AppError('bad_request', mediaMessages.videoUnreadable);
  const { size } = await stat(upload.path);
  await assertStorageQuota(ctx.database.db, actor.workspaceId, size);
  const row = { id: upload.id, mimeType: facts.container };
  const keys = {
    storageKey: `${actor.workspaceId}/${mediaFileName(row)}`,
    posterKey: `${actor.workspaceId}/${posterFileName(row)}`,
    thumbnailKey: `${actor.workspaceId}/${thumbnailFileName(row)}`,
  };
  const all = Object.values(keys);
  try {
    await ctx.storage.putFile(keys.storageKey, upload.path, facts.container);
    await ctx.storage.put(keys.posterKey, processed.image.bytes, 'image/jpeg');
    await ctx.storage.put(keys.thumbnailKey, processed.image.thumbnail.bytes, 'image/webp');
  } catch (error) {
    ctx.log.error({ err: error, storageKey: keys.storageKey }, 'media storage refused a video');
    await removeObjects(ctx, all);
    throw new AppError('upstream_failed', 'The video could not be stored. Please try again.');
  }
  try {
    const inserted = await insertMedia(ctx.database.db, actor.workspaceId, {
      id: upload.id,
      uploadedByUserId: actor.userId,
      ...keys,
      kind: 'video',
      mimeType: facts.container,
      sizeBytes: size,
      width: facts.width,
      height: facts.height,
      durationMs: facts.durationMs,
      frameRate: facts.frameRate,
      videoCodec: facts.videoCodec,
      audioCodec: facts.audioCodec,
      audioSampleRate: facts.audioSampleRate,
      bitrate: facts.bitrate,
      fileName: cleanFileName(upload.fileName),
    });
    return toMedia(inserted, ctx.config.appUrl);
  } catch (error) {
    await removeObjects(ctx, all);
    throw error;
  }
}
