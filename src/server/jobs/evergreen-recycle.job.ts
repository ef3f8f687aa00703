import { z } from 'zod';
import { runEvergreenRecycling } from '../modules/queue/evergreen.service';
import type { JobDefinition } from './job-definition';

const payload = z.object({});

/**
 * Every 15 minutes: queues a copy of an evergreen post on each account whose queue ran dry
 * (evergreen.service, decision 072). Idempotent: a run that finds the queue filled, or loses the
 * account's lock to another run, queues nothing.
 */
export const evergreenRecycleJob: JobDefinition<z.infer<typeof payload>> = {
  name: 'queue.evergreen-recycle.v1',
  payload,
  cron: '*/15 * * * *',
  async handle(_payload, { app }) {
    await runEvergreenRecycling(app);
  },
};
