import { z } from 'zod';
import { runTokenLifecycle } from '../modules/social-accounts/token-lifecycle.service';
import type { JobDefinition } from './job-definition';

const payload = z.object({});

/** Every 10 minutes: refresh social tokens before they expire, flag the ones that need the user. */
export const socialTokenLifecycleJob: JobDefinition<z.infer<typeof payload>> = {
  name: 'social.token-lifecycle.v1',
  payload,
  cron: '*/10 * * * *',
  async handle(_payload, { app, log }) {
    const report = await runTokenLifecycle(app);
    log.info({ job: 'social.token-lifecycle.v1', ...report }, 'social tokens checked');
  },
};
