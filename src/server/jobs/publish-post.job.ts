import { PUBLISH_POST_JOB, type PublishPostPayload, publishPostPayload } from '../modules/publishing/publish-queue';
import type { JobDefinition } from './registry';

/**
 * Publishes one version of one post at its time (modules/publishing). The handler settles every
 * outcome itself (retries are new jobs at their time), so pg-boss retries only a worker that died.
 */
export const publishPostJob: JobDefinition<PublishPostPayload> = {
  name: PUBLISH_POST_JOB,
  payload: publishPostPayload,
  queue: { retryLimit: 5, retryDelay: 5, expireInSeconds: 300 },
  batchSize: 20,
  pollSeconds: 0.5,
  async handle(_payload, _context) {
    throw new Error('publishing engine: not built yet');
  },
};
