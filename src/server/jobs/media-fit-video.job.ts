import { z } from 'zod';
import { FIT_VIDEO_JOB, FIT_VIDEO_SWEEP_JOB, runVideoFit, sweepVideoFits } from '../modules/media';
import type { JobDefinition } from './job-definition';

const payload = z.object({ fitId: z.uuid() });

/**
 * Re-encodes (and crops) a video into a new media item (modules/media/video-fit.service.ts,
 * decision 068). Never retried: a fit is claimed `queued → running` once, and a process killed
 * under it leaves it to the sweep below, which marks it failed. One at a time per process (the
 * work loop takes one job, and the service runs one fit at a time); the expiry is past the
 * longest VIDEO_FIT_TIMEOUT_MINUTES allowed (240).
 */
export const mediaFitVideoJob: JobDefinition<z.infer<typeof payload>> = {
  name: FIT_VIDEO_JOB,
  payload,
  queue: { retryLimit: 0, expireInSeconds: 5 * 3600 },
  batchSize: 1,
  async handle({ fitId }, { app }) {
    await runVideoFit(app, fitId);
  },
};

const sweepPayload = z.object({});

/** Every minute: fails video fits whose process died (no heartbeat for 2 minutes). */
export const mediaFitVideoSweepJob: JobDefinition<z.infer<typeof sweepPayload>> = {
  name: FIT_VIDEO_SWEEP_JOB,
  payload: sweepPayload,
  cron: '* * * * *',
  async handle(_payload, { app, log }) {
    const failed = await sweepVideoFits(app);
    if (failed > 0) log.info({ failed }, 'abandoned video fits marked failed');
  },
};
