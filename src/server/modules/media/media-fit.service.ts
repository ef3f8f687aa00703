import {
  type FitMediaBody,
  type Media,
  type MediaFit,
  mediaLibraryMessages,
  mediaMessages,
} from '../../../contracts/media';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { fitImage, fittedName } from './fit-image';
import { findMedia } from './media.repository';
import { type MediaActor, uploadMedia } from './media.service';
import {
  findMediaFit,
  findOpenMediaFit,
  insertMediaFit,
  type MediaFitRow,
  settleMediaFit,
} from './media-fits.repository';
import { updateMediaTags } from './media-library.repository';
import { toMedia } from './media-view';
import { assertStorageQuota } from './storage-quota';
import { FIT_VIDEO_JOB } from './video-fit.service';

type FitContext = Pick<AppContext, 'database' | 'storage' | 'config' | 'log' | 'jobs' | 'videoTools'>;

/** What a fit request made: a new image at once, or a video's fit job to follow. */
export type FitOutcome = { kind: 'image'; media: Media } | { kind: 'video'; fit: MediaFit };

/**
 * Fits a media item to a platform into a NEW item (the original stays as it was). An image is
 * converted to JPEG and/or centre-cropped at once (sharp). A video is re-encoded to H.264/AAC MP4
 * and optionally cropped by a background job (decision 068): this answers the job's fit, or the
 * one already queued or running for the same video and aspect.
 */
export async function fitMedia(
  ctx: FitContext,
  actor: MediaActor,
  id: string,
  body: FitMediaBody,
): Promise<FitOutcome> {
  const db = ctx.database.db;
  const original = await findMedia(db, actor.workspaceId, id);
  if (!original) throw new AppError('not_found', mediaMessages.notFound);
  if (original.kind === 'document') throw new AppError('bad_request', mediaLibraryMessages.fitDocument);
  if (original.kind === 'video')
    return { kind: 'video', fit: await queueVideoFit(ctx, actor, original, body) };
  if (body.format === 'mp4') throw new AppError('bad_request', mediaLibraryMessages.fitImageToMp4);
  const bytes = await ctx.storage.read(original.storageKey);
  if (!bytes) throw new AppError('not_found', 'The file of this image is missing from storage.');
  const fitted = await fitImage(bytes, body);
  if (!fitted) throw new AppError('bad_request', mediaMessages.unreadable);
  const created = await uploadMedia(ctx, actor, {
    bytes: fitted.bytes,
    fileName: fittedName(original.fileName, body, fitted.extension),
  });
  if (original.tags.length === 0) return { kind: 'image', media: created };
  const tagged = await updateMediaTags(db, actor.workspaceId, created.id, original.tags);
  return { kind: 'image', media: tagged ? toMedia(tagged, ctx.config.appUrl) : created };
}

async function queueVideoFit(
  ctx: FitContext,
  actor: MediaActor,
  source: NonNullable<Awaited<ReturnType<typeof findMedia>>>,
  body: FitMediaBody,
): Promise<MediaFit> {
  if (body.format === 'jpeg') throw new AppError('bad_request', mediaLibraryMessages.fitVideoToJpeg);
  const tools = await ctx.videoTools.check;
  if (tools.status !== 'ok') throw new AppError('service_unavailable', mediaMessages.videoToolsUnavailable);
  const db = ctx.database.db;
  const aspect = body.aspect ?? null;
  // One fit of a video to an aspect at a time: a second click answers the first.
  const open = await findOpenMediaFit(db, actor.workspaceId, source.id, aspect);
  if (open) return toMediaFit(ctx, actor.workspaceId, open);
  // Before any work: the new video is about as large as its source (checked again before storing).
  await assertStorageQuota(db, actor.workspaceId, source.sizeBytes);
  const row = await insertMediaFit(db, actor.workspaceId, {
    sourceMediaId: source.id,
    requestedByUserId: actor.userId,
    aspect,
  });
  if (!row) {
    // Another request queued the same fit between the look and the insert: answer that one.
    const raced = await findOpenMediaFit(db, actor.workspaceId, source.id, aspect);
    if (raced) return toMediaFit(ctx, actor.workspaceId, raced);
    throw new AppError('conflict', FIT_RACED);
  }
  try {
    await ctx.jobs.send(FIT_VIDEO_JOB, { fitId: row.id }, { singletonKey: row.id });
  } catch (error) {
    ctx.log.error({ err: error, fitId: row.id }, 'a video fit could not be queued');
    await settleMediaFit(db, row.id, { status: 'failed', error: FIT_NOT_QUEUED });
    throw new AppError('service_unavailable', FIT_NOT_QUEUED);
  }
  return toMediaFit(ctx, actor.workspaceId, row);
}

const FIT_RACED = 'This video is being converted by another request. Please try again in a moment.';
const FIT_NOT_QUEUED = 'The video could not be queued for converting. Please try again in a moment.';

/** GET /api/media/fits/{fitId}: a fit of the caller's workspace, with its new video once done. */
export async function getMediaFit(
  ctx: Pick<AppContext, 'database' | 'config'>,
  workspaceId: string,
  fitId: string,
): Promise<MediaFit> {
  const row = await findMediaFit(ctx.database.db, workspaceId, fitId);
  if (!row) throw new AppError('not_found', mediaLibraryMessages.fitNotFound);
  return toMediaFit(ctx, workspaceId, row);
}

async function toMediaFit(
  ctx: Pick<AppContext, 'database' | 'config'>,
  workspaceId: string,
  row: MediaFitRow,
): Promise<MediaFit> {
  const result = row.resultMediaId
    ? await findMedia(ctx.database.db, workspaceId, row.resultMediaId)
    : undefined;
  return {
    id: row.id,
    sourceMediaId: row.sourceMediaId,
    aspect: row.aspect as MediaFit['aspect'],
    status: row.status,
    progress: row.progress,
    resultMedia: result ? toMedia(result, ctx.config.appUrl) : null,
    error: row.error,
  };
}
