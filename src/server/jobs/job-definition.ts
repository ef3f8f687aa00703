import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Database } from '../db/client';

// What a job is and what its handler gets. Every job file imports these types, so they live apart
// from the registry (which imports every job) and from the pg-boss adapter (which imports the registry).

export interface JobsContext {
  database: Database;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** The app's context: a job passes it to the module's use case it runs (decision 051). */
  app: AppContext;
}

/** One file per job: a versioned name, a zod payload and an idempotent handler. */
export interface JobDefinition<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  cron?: string;
  /** Queue options (retries, expiry) given to pg-boss when the queue is created. */
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** Jobs fetched per poll and run side by side (default 1). */
  batchSize?: number;
  /**
   * The slots this queue's jobs run in: when given, the queue is pumped (job-pump.ts), each free
   * slot filled by a job as soon as it frees, instead of polled in batches (`batchSize` unused).
   */
  slots?: (app: AppContext) => AppContext['publishingSlots']['posts'];
  /** Overrides JOBS_POLL_SECONDS for this queue. */
  pollSeconds?: number;
  handle(payload: P, context: JobsContext): Promise<void>;
}
