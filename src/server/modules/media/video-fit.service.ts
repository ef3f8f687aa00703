import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type FitAspect, fitAspects, mediaMessages } from '../../../contracts/media';
import type { AppContext } from '../../context';
import { isRangeNotSatisfiable } from '../../integrations/storage/media-storage';
import { planVideoFit, transcodeVideo } from '../../integrations/video/video-fit';
import { AppError } from '../../lib/app-error';
import { fittedName } from './fit-image';
import { findMedia } from './media.repository';
import {
  claimMediaFit,
  failAbandonedMediaFits,
  listRunningMediaFitIds,
  type MediaFitRow,
  settleMediaFit,
  touchMediaFit,
} from './media-fits.repository';
import { updateMediaTags } from './media-library.repository';
import { ingestVideo } from './video-ingest';

/*
 * The video fit job's work (decision 068): the source video is streamed from storage to a
 * temporary file, re-encoded by ffmpeg (integrations/video/video-fit.ts) to another temporary file,
 * and that file goes through the upload path (ingestVideo: probe, poster, thumbnail, quota check,
 * putFile) as a NEW media item with the source's tags. Nothing holds the video in memory; the
 * temporary folder is removed whatever happens.
 *
 * A fit is claimed `queued → running` by one job (never run twice: the queue does not retry it).
 * While it runs, its row is written at most once a second with the progress, and every 10 s in any
 * case (a heartbeat). A process killed under a fit leaves it `running` without a heartbeat: the
 * sweep (every minute) marks it failed after two minutes (the user may ask again) and removes the
 * temporary folder it left.
 */

export const FIT_VIDEO_JOB = 'media.fit-video.v1';
export const FIT_VIDEO_SWEEP_JOB = 'media.fit-video-sweep.v1';

const PROGRESS_EVERY_MS = 1_000;
const HEARTBEAT_MS = 10_000;
/** A running fit without a heartbeat this long lost its process. */
const FIT_ABANDONED_AFTER_MS = 2 * 60_000;
/** A queued fit never started this long after its request lost its job. */
const FIT_LOST_AFTER_MS = 24 * 3_600_000;

export const videoFitMessages = {
  failed: 'The video could not be converted. It may be damaged; try another export of it.',
  timeout: (minutes: number) =>
    `Converting this video took longer than ${minutes} minutes and was stopped. Try a shorter video.`,
  sourceGone: 'The video to convert was deleted before it could be converted.',
  fileMissing: 'The file of this video is missing from storage.',
  requesterGone: 'The person who asked for this conversion is no longer in the workspace.',
  abandoned: 'The conversion stopped unexpectedly (the server restarted). Please try again.',
} as const;

type FitJobContext = Pick<AppContext, 'database' | 'storage' | 'config' | 'log' | 'videoTools'>;

/** Where fits keep their source and output while they run: one folder per fit, on local disk. */
const fitTempDir = (dataDir: string) => join(dataDir, 'fit-temp');

/** One video fit at a time in this process: re-encoding takes the CPU it is given. */
let running: Promise<unknown> = Promise.resolve();

/** Runs the fit when it is still queued (after any fit this process is running); else nothing. */
export function runVideoFit(ctx: FitJobContext, fitId: string): Promise<void> {
  const run = running.then(() => fitVideoNow(ctx, fitId));
  running = run.catch(() => undefined);
  return run;
}

async function fitVideoNow(ctx: FitJobContext, fitId: string): Promise<void> {
  const db = ctx.database.db;
  const fit = await claimMediaFit(db, fitId);
  if (!fit) return;
  let latest = 0;
  let lastWrite = Date.now();
  let writes: Promise<void> = Promise.resolve();
  const write = (progress: number) => {
    lastWrite = Date.now();
    writes = writes
      .then(() => touchMediaFit(db, fit.id, progress))
      .catch((error: unknown) => ctx.log.warn({ err: error, fitId }, 'a video fit progress was not saved'));
  };
  const heartbeat = setInterval(() => write(latest), HEARTBEAT_MS);
  const onProgress = (fraction: number) => {
    // 1 only once the new video is stored: probing and storing it come after ffmpeg.
    latest = Math.min(0.99, Math.round(fraction * 100) / 100);
    if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) write(latest);
  };
  // Named after the fit: the sweep removes what a killed process left (sweepVideoFits).
  const dir = join(fitTempDir(ctx.config.dataDir), fit.id);
  await mkdir(dir, { recursive: true });
  try {
    const resultMediaId = await produceFittedVideo(ctx, fit, dir, onProgress);
    clearInterval(heartbeat);
    await writes;
    await settleMediaFit(db, fit.id, { status: 'done', resultMediaId });
  } catch (error) {
    clearInterval(heartbeat);
    await writes;
    if (!(error instanceof AppError)) ctx.log.error({ err: error, fitId }, 'a video fit failed');
    await settleMediaFit(db, fit.id, {
      status: 'failed',
      error: error instanceof AppError ? error.message : videoFitMessages.failed,
    });
  } finally {
    clearInterval(heartbeat);
    await rm(dir, { recursive: true, force: true }).catch((error: unknown) => {
      ctx.log.warn({ err: error, dir }, 'a video fit left its temporary folder');
    });
  }
}

const isFitAspect = (value: string | null): value is FitAspect =>
  value !== null && (fitAspects as readonly string[]).includes(value);

/** The new video's media id; AppError (its message for the user) when it cannot be made. */
async function produceFittedVideo(
  ctx: FitJobContext,
  fit: MediaFitRow,
  dir: string,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const db = ctx.database.db;
  const source = await findMedia(db, fit.workspaceId, fit.sourceMediaId);
  if (source?.kind !== 'video') throw new AppError('not_found', videoFitMessages.sourceGone);
  if (!fit.requestedByUserId) throw new AppError('not_found', videoFitMessages.requesterGone);
  const tools = await ctx.videoTools.check;
  if (tools.status !== 'ok') throw new AppError('service_unavailable', mediaMessages.videoToolsUnavailable);
  const object = await ctx.storage.get(source.storageKey);
  if (!object || isRangeNotSatisfiable(object)) throw new AppError('not_found', videoFitMessages.fileMissing);
  const input = join(dir, 'source');
  const output = join(dir, 'fitted.mp4');
  await pipeline(object.body, createWriteStream(input));
  const aspect = isFitAspect(fit.aspect) ? fit.aspect : null;
  const transcoded = await transcodeVideo(ctx.videoTools.paths, {
    input,
    output,
    plan: planVideoFit({ width: source.width, height: source.height, frameRate: source.frameRate }, aspect),
    durationMs: source.durationMs ?? 0,
    threads: ctx.config.videoFit.threads,
    timeoutMs: ctx.config.videoFit.timeoutMs,
    onProgress,
  });
  if (!transcoded.ok) {
    if (transcoded.reason === 'timeout') {
      throw new AppError(
        'bad_request',
        videoFitMessages.timeout(Math.round(ctx.config.videoFit.timeoutMs / 60_000)),
      );
    }
    ctx.log.warn({ fitId: fit.id, detail: transcoded.detail }, 'ffmpeg could not fit a video');
    throw new AppError('bad_request', videoFitMessages.failed);
  }
  // The upload path: probed again, poster and thumbnail, the quota checked with the real size.
  const created = await ingestVideo(
    ctx,
    { workspaceId: fit.workspaceId, userId: fit.requestedByUserId },
    {
      id: crypto.randomUUID(),
      path: output,
      fileName: fittedName(source.fileName ?? 'video', { aspect: aspect ?? undefined }, 'mp4'),
    },
  );
  if (source.tags.length > 0) await updateMediaTags(db, fit.workspaceId, created.id, source.tags);
  return created.id;
}

/**
 * Fails the fits whose process died under them or whose job was lost, and removes the temporary
 * folders of fits no longer running (a killed process leaves its folder). Returns how many failed.
 */
export async function sweepVideoFits(
  ctx: Pick<AppContext, 'database' | 'config' | 'log'>,
  now = new Date(),
): Promise<number> {
  const failed = await failAbandonedMediaFits(
    ctx.database.db,
    {
      runningBefore: new Date(now.getTime() - FIT_ABANDONED_AFTER_MS),
      queuedBefore: new Date(now.getTime() - FIT_LOST_AFTER_MS),
    },
    videoFitMessages.abandoned,
  );
  const root = fitTempDir(ctx.config.dataDir);
  const folders = (await readdir(root).catch(() => [] as string[])).filter((name) => UUID.test(name));
  if (folders.length > 0) {
    const running = new Set(await listRunningMediaFitIds(ctx.database.db, folders));
    for (const name of folders.filter((id) => !running.has(id))) {
      await rm(join(root, name), { recursive: true, force: true }).catch((error: unknown) => {
        ctx.log.warn({ err: error, fitId: name }, 'could not remove a video fit temporary folder');
      });
    }
  }
  return failed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
