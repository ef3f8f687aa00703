import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { SocialContext } from '../modules/social-accounts/social-accounts.service';
import { allJobs, type JobDefinition } from './registry';

export type ProcessRole = 'all' | 'web' | 'worker';

export interface JobsContext {
  database: Database;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Social platforms' adapters and the token cipher, for the token job. */
  social: SocialContext;
}

/**
 * pg-boss on whichever database runs: PostgreSQL through its own pool, the embedded database
 * through our single PGlite connection. Web processes only send; workers also run handlers,
 * cron schedules and pg-boss maintenance.
 */
export async function startJobs(
  database: Database,
  options: {
    role: ProcessRole;
    databaseUrl: string | undefined;
    pollSeconds: number;
    log: JobsContext['log'];
    social: SocialContext;
  },
) {
  const runsWork = options.role !== 'web';
  const common = { schema: 'pgboss', supervise: runsWork, schedule: runsWork };
  const boss =
    database.kind === 'postgres' && options.databaseUrl
      ? new PgBoss({ ...common, connectionString: options.databaseUrl, max: 4 })
      : new PgBoss({ ...common, db: { executeSql: database.executeSql } });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();

  const context: JobsContext = { database, log: options.log, social: options.social };
  for (const job of allJobs) {
    await boss.createQueue(job.name);
    if (!runsWork) continue;
    await registerJob(boss, job, context, options.pollSeconds);
  }
  return boss;
}

async function registerJob(boss: PgBoss, job: JobDefinition, context: JobsContext, pollSeconds: number) {
  if (job.cron) await boss.schedule(job.name, job.cron, {});
  await boss.work(job.name, { pollingIntervalSeconds: pollSeconds }, async (batch) => {
    for (const item of batch) {
      const payload = job.payload.parse(item.data);
      await job.handle(payload, context);
    }
  });
}
