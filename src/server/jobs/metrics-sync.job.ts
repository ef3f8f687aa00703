import { z } from 'zod';
import { runMetricsSync } from '../modules/metrics/metrics-sync.service';
import type { JobDefinition } from './job-definition';

const payload = z.object({});

/**
 * Every 5 minutes: reads the metrics of the published posts that are due (metrics-schedule.ts)
 * and stale follower counts. Idempotent: posts are claimed per run, and a run that dies leaves
 * them to the next one once their lease ends. The run logs its own summary line.
 */
export const metricsSyncJob: JobDefinition<z.infer<typeof payload>> = {
  name: 'analytics.metrics-sync.v1',
  payload,
  cron: '*/5 * * * *',
  async handle(_payload, { app }) {
    await runMetricsSync(app);
  },
};
