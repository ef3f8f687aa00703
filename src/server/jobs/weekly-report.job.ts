import { z } from 'zod';
import { sendWeeklyReports } from '../modules/reports/weekly-report.service';
import type { JobDefinition } from './job-definition';

const payload = z.object({});

/**
 * Every hour: the weekly reports that are due (Monday from 08:00 in each user's zone, so every
 * zone's Monday morning is met by one of the runs). Reruns send nothing twice.
 */
export const weeklyReportJob: JobDefinition<z.infer<typeof payload>> = {
  name: 'reports.weekly.v1',
  payload,
  cron: '0 * * * *',
  async handle(_payload, { app, log }) {
    const outcome = await sendWeeklyReports(app);
    log.info({ job: 'reports.weekly.v1', ...outcome }, 'weekly reports checked');
  },
};
