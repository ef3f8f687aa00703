import { z } from 'zod';
import { POST_FOLLOW_UPS_JOB, runPostFollowUps, sweepFollowUps } from '../modules/publishing';
import type { JobDefinition } from './job-definition';

const payload = z.object({ postId: z.uuid() });

/**
 * The steps after a post is out: the next posts of an X thread, then the first comment
 * (modules/publishing/post-follow-ups.service.ts). 'stately': one job per post waits and one runs
 * at a time (singletonKey = the post), so a runner that finds a step `sending` knows a crash left
 * it. Each step settles its own outcome; the handler throws when the database fails or when the
 * steps wait for a passing failure (a token refresh the platform answered with 5xx): the steps stay
 * pending, pg-boss retries, and the 5-minute sweep queues them again once its retries are spent.
 */
export const postFollowUpsJob: JobDefinition<z.infer<typeof payload>> = {
  name: POST_FOLLOW_UPS_JOB,
  payload,
  queue: { policy: 'stately', retryLimit: 3, retryDelay: 30, expireInSeconds: 60 * 60 },
  async handle({ postId }, { app }) {
    await runPostFollowUps(app, postId);
  },
};

const sweepPayload = z.object({});

/** Every 5 minutes: queues follow-ups a lost job left undone (a process killed after publishing). */
export const postFollowUpsSweepJob: JobDefinition<z.infer<typeof sweepPayload>> = {
  name: 'publish.follow-ups-sweep.v1',
  payload: sweepPayload,
  cron: '*/5 * * * *',
  async handle(_payload, { app, log }) {
    const queued = await sweepFollowUps(app);
    if (queued > 0) log.info({ queued }, 'follow-ups of published posts queued again');
  },
};
