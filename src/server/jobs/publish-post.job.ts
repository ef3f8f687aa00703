import {
  PUBLISH_POLL_SECONDS,
  PUBLISH_POST_JOB,
  type PublishPostPayload,
  publishPostPayload,
} from '../modules/publishing/publish-queue';
import { publishPost } from '../modules/publishing/publishing.service';
import type { JobDefinition } from './job-definition';

/**
 * Publishes one version of one post at its time (modules/publishing). The handler settles every
 * business outcome itself (a retry is a new job of a new version, at its time) and never throws
 * for one; it throws only when the database fails, and pg-boss then runs the job again. A copy
 * of a job that runs again, because its worker died and pg-boss expired it, finds the post taken,
 * published or of another version, and does nothing: the claim is one conditional update.
 *
 * The queue is pumped through the process's publishing slots (PUBLISH_CONCURRENCY, shared with
 * the sweeper): a slot that frees takes the next due job at once (job-pump.ts, decision 055).
 */
export const publishPostJob: JobDefinition<PublishPostPayload> = {
  name: PUBLISH_POST_JOB,
  payload: publishPostPayload,
  // A job starts only in a free slot; a job expired early is harmless (its post is claimed once).
  queue: { retryLimit: 5, retryDelay: 10, expireInSeconds: 15 * 60 },
  slots: (app) => app.publishingSlots.posts,
  pollSeconds: PUBLISH_POLL_SECONDS,
  async handle(payload, context) {
    await publishPost(context.app, payload);
  },
};
