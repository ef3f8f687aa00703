import type { z } from 'zod';
import type { JobsContext } from './boss';
import { cleanupExpiredJob } from './cleanup-expired.job';
import { socialTokenLifecycleJob } from './social-token-lifecycle.job';

/** One file per job: a versioned name, a zod payload and an idempotent handler. */
export interface JobDefinition<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  cron?: string;
  handle(payload: P, context: JobsContext): Promise<void>;
}

export const allJobs: JobDefinition[] = [cleanupExpiredJob, socialTokenLifecycleJob];
