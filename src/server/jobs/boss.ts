import PgBoss from 'pg-boss';
import { CONNECT_TIMEOUT_MS, type Database } from '../db/client';
import { isConnectionError } from '../db/connection-errors';
import type { JobDefinition, JobsContext } from './job-definition';
import { type Pump, startPump } from './job-pump';
import type { JobQueue, ProcessRole } from './job-queue';
import { allJobs } from './registry';

export interface Jobs extends JobQueue {
  /** Runs the handlers, cron schedules and pg-boss maintenance: web-only processes never call it. */
  startWorkers(context: JobsContext): Promise<void>;
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}

/**
 * pg-boss on whichever database runs: PostgreSQL through its own pool, the embedded database
 * through our single PGlite connection. Every process sends; only `all` and `worker` processes
 * run handlers, cron schedules and maintenance (`startWorkers`).
 */
export async function startJobQueue(
  database: Database,
  options: {
    role: ProcessRole;
    databaseUrl: string | undefined;
    pollSeconds: number;
    log: JobsContext['log'] & { warn(obj: object, msg?: string): void };
  },
): Promise<Jobs> {
  const runsWork = options.role !== 'web';
  const common = { schema: 'pgboss', supervise: runsWork, schedule: runsWork };
  const boss =
    database.kind === 'postgres' && options.databaseUrl
      ? new PgBoss({
          ...common,
          connectionString: options.databaseUrl,
          max: 4,
          application_name: `kitepost ${options.role} pid ${process.pid} jobs`,
          // pg-boss hands its whole configuration to pg.Pool (src/db.js); its types omit this.
          ...({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS } as object),
        })
      : new PgBoss({ ...common, db: { executeSql: database.executeSql } });
  // pg-boss reports its pool's lost connections and its workers' failed polls here, and keeps
  // polling: while the database is away this logs, and the work resumes once it answers.
  boss.on('error', (error) =>
    isConnectionError(error)
      ? options.log.warn({ err: error }, 'job queue: the database does not answer')
      : options.log.error({ err: error }, 'job queue error'),
  );
  // pg-boss's own install is safe side by side, but creating a queue is not: its create_queue()
  // adds a partition and foreign keys, and three processes starting on an empty database
  // deadlocked in two of them. One process at a time, under the migrations' lock.
  await database.exclusively(async () => {
    await boss.start();
    for (const job of allJobs) {
      const options = { ...job.queue, name: job.name };
      if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, options);
      else await boss.createQueue(job.name, options);
    }
  });

  let stopped = false;
  const pumps: Pump[] = [];
  return {
    async send(name, payload, sendOptions = {}) {
      return boss.send(name, payload, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    async cancel(name, id) {
      await boss.cancel(name, id).catch(() => {});
    },
    async startWorkers(context) {
      if (!runsWork) throw new Error('a web-only process does not run jobs');
      for (const job of allJobs) {
        if (job.cron) await boss.schedule(job.name, job.cron, {});
        const pollSeconds = job.pollSeconds ?? options.pollSeconds;
        const slots = job.slots?.(context.app);
        if (slots)
          pumps.push(startPump(boss, job, context, { slots, pollMs: pollSeconds * 1000, log: options.log }));
        else await workLoop(boss, job, context, pollSeconds);
      }
    },
    async stop({ graceful = true, timeoutMs = 15_000 } = {}) {
      if (stopped) return;
      stopped = true;
      const began = Date.now();
      await Promise.all(pumps.map((pump) => pump.stop({ graceful, timeoutMs })));
      await boss.stop({ graceful, wait: true, timeout: Math.max(0, timeoutMs - (Date.now() - began)) });
    },
  };
}

async function workLoop(boss: PgBoss, job: JobDefinition, context: JobsContext, pollSeconds: number) {
  const batchSize = job.batchSize ?? 1;
  let workerId: string | undefined;
  workerId = await boss.work(job.name, { pollingIntervalSeconds: pollSeconds, batchSize }, async (batch) => {
    // A batch's jobs run side by side; each handler settles its own errors when it must not be
    // retried as a whole (the publish job does), else the batch fails and pg-boss retries it.
    await Promise.all(batch.map((item) => job.handle(job.payload.parse(item.data), context)));
    // A full batch means more jobs are likely due (a burst): fetch again now, not a poll later.
    if (batch.length === batchSize && workerId) boss.notifyWorker(workerId);
  });
}
