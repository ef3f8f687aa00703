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
 * Jobs are fetched in batches of 10 by PUBLISH_CONCURRENCY / 10 polling loops and run through the
 * process's publishing slots: a batch is done when its slowest post is (a platform's p99 is
 * seconds), so many small batches, each fetching again as soon as it is done, keep the slots busy
 * through a burst of posts due at the same second.
 */
const PUBLISH_BATCH = 10;

export const publishPostJob: JobDefinition<PublishPostPayload> = {
  name: PUBLISH_POST_JOB,
  payload: publishPostPayload,
  // Long enough for a whole batch through the slots; a job expired early is harmless, only wasted.
  queue: { retryLimit: 5, retryDelay: 10, expireInSeconds: 15 * 60 },
  batchSize: PUBLISH_BATCH,
  loops: (app) => Math.ceil(app.config.publishing.concurrency / PUBLISH_BATCH),
  pollSeconds: PUBLISH_POLL_SECONDS,
  async handle(payload, context) {
    await context.app.publishingSlots.posts.run(() => publishPost(context.app, payload));
  },
};
