import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import { approvalOverdueJob } from './approval-overdue.job';
import { billingLifecycleJob } from './billing-lifecycle.job';
import type { JobsContext } from './boss';
import { cleanupExpiredJob } from './cleanup-expired.job';
import { emailSendJob } from './email-send.job';
import { metricsSyncJob } from './metrics-sync.job';
import { publishPostJob } from './publish-post.job';
import { socialTokenLifecycleJob } from './social-token-lifecycle.job';
import { weeklyReportJob } from './weekly-report.job';

/** One file per job: a versioned name, a zod payload and an idempotent handler. */
export interface JobDefinition<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  cron?: string;
  /** Queue options (retries, expiry) given to pg-boss when the queue is created. */
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** Jobs fetched per poll and run side by side (default 1). */
  batchSize?: number;
  /** Overrides JOBS_POLL_SECONDS for this queue. */
  pollSeconds?: number;
  handle(payload: P, context: JobsContext): Promise<void>;
}

export const allJobs: JobDefinition[] = [
  cleanupExpiredJob,
  socialTokenLifecycleJob,
  publishPostJob as JobDefinition,
  billingLifecycleJob,
  metricsSyncJob,
  weeklyReportJob,
  approvalOverdueJob,
  emailSendJob as JobDefinition,
];
