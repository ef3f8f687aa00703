import { z } from 'zod';
import { FEED_POLL_JOB, FEED_POLL_SWEEP_JOB, pollFeed, sweepDueFeeds } from '../modules/feeds';
import type { JobDefinition } from './job-definition';

const payload = z.object({ feedId: z.uuid() });

/**
 * One read of one RSS or Atom feed (modules/feeds/feed-poll.service.ts, decision 074). Never
 * retried by pg-boss: a failed read is counted by the service (five in a row pause the feed), and
 * the feed's next read is already set by the sweep that claimed it. One job per feed at a time
 * (singletonKey = the feed); an item is recorded once, so even two reads at once post it once.
 */
export const feedPollJob: JobDefinition<z.infer<typeof payload>> = {
  name: FEED_POLL_JOB,
  payload,
  queue: { retryLimit: 0, expireInSeconds: 10 * 60 },
  batchSize: 4,
  async handle({ feedId }, { app, log }) {
    const outcome = await pollFeed(app, feedId);
    if (outcome.postsCreated > 0) log.info({ feedId, posts: outcome.postsCreated }, 'feed items posted');
  },
};

const sweepPayload = z.object({});

/** Every 5 minutes: claims the feeds whose next read is due and queues a read of each. */
export const feedPollSweepJob: JobDefinition<z.infer<typeof sweepPayload>> = {
  name: FEED_POLL_SWEEP_JOB,
  payload: sweepPayload,
  cron: '*/5 * * * *',
  async handle(_payload, { app, log }) {
    const queued = await sweepDueFeeds(app);
    if (queued > 0) log.info({ queued }, 'feed reads queued');
  },
};
