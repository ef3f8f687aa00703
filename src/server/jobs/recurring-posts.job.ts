import { z } from 'zod';
import { generateAllOccurrences } from '../modules/recurring';
import type { JobDefinition } from './job-definition';

const payload = z.object({});

/**
 * Every hour: creates the occurrences of recurring posts that fall within the coming 30 days
 * (recurring/occurrences.service). Idempotent: an occurrence exists once whichever run or worker
 * creates it (unique series and occurrence index).
 */
export const recurringPostsJob: JobDefinition<z.infer<typeof payload>> = {
  name: 'posts.recurring.v1',
  payload,
  cron: '7 * * * *',
  async handle(_payload, { app, log }) {
    const outcome = await generateAllOccurrences(app);
    log.info({ job: 'posts.recurring.v1', ...outcome }, 'recurring posts created ahead');
  },
};
