import type PgBoss from 'pg-boss';
import type { AppContext } from '../context';
import type { JobDefinition, JobsContext } from './job-definition';

type Slots = AppContext['publishingSlots']['posts'];

export interface Pump {
  /**
   * Fetches no more; gracefully, waits up to `timeoutMs` for the running jobs. Jobs still running
   * then are failed (pg-boss runs them again after their retry delay), as pg-boss's own stop does.
   */
  stop(options: { graceful: boolean; timeoutMs: number }): Promise<void>;
}

/** Completions are written together, at most this long after a job ends. */
const COMPLETE_EVERY_MS = 200;
/** A job that ends wakes the fetch after this, so that jobs ending together cost one fetch. */
const REFILL_AFTER_MS = 10;

/**
 * Runs a queue's jobs through `slots`, fetching as many as there are free slots and completing
 * each job as it ends (decision 055). pg-boss's `work` fetches a batch and waits for the whole of
 * it before the next: with platform calls of hundreds of milliseconds and a p99 of seconds, a
 * batch waits for its slowest post while the others' slots stand idle. Here a slot that frees is
 * filled within milliseconds while jobs are due, and the queue is polled every `pollMs` while none
 * are. Completions and failures go to pg-boss as they would from `work`: a handler that throws
 * fails its job, which pg-boss retries by the queue's policy.
 */
export function startPump(
  boss: PgBoss,
  job: JobDefinition,
  context: JobsContext,
  options: { slots: Slots; pollMs: number; log: { warn(obj: object, msg?: string): void } },
): Pump {
  const { slots, pollMs, log } = options;
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  let wake: (() => void) | undefined;
  let refillTimer: NodeJS.Timeout | undefined;

  let completed: string[] = [];
  let completeTimer: NodeJS.Timeout | undefined;
  const writeCompleted = async () => {
    clearTimeout(completeTimer);
    completeTimer = undefined;
    const ids = completed;
    completed = [];
    // A completion that is not written leaves its job active until it expires; pg-boss then runs
    // it again, and the handler, idempotent, finds its work done.
    if (ids.length > 0)
      await boss
        .complete(job.name, ids)
        .catch((error) => log.warn({ err: error }, `${job.name}: not completed`));
  };

  const refillSoon = () => {
    if (refillTimer || !wake) return;
    refillTimer = setTimeout(() => {
      refillTimer = undefined;
      wake?.();
    }, REFILL_AFTER_MS);
  };

  const start = (item: PgBoss.Job<unknown>) => {
    const run = (async () => {
      try {
        await slots.run(() => job.handle(job.payload.parse(item.data), context));
        completed.push(item.id);
        completeTimer ??= setTimeout(() => void writeCompleted(), COMPLETE_EVERY_MS);
      } catch (error) {
        await boss
          .fail(job.name, item.id, { message: error instanceof Error ? error.message : String(error) })
          .catch((failError) => log.warn({ err: failError }, `${job.name}: failure not recorded`));
      } finally {
        running.delete(item.id);
        refillSoon();
      }
    })();
    running.set(item.id, run);
  };

  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => wake?.(), ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopping) {
      const free = slots.free();
      let fetched = 0;
      if (free > 0) {
        // pg-boss's fetch answers [] when the database fails; the next poll tries again.
        const items = await boss.fetch<unknown>(job.name, { batchSize: free });
        if (stopping) {
          // Fetched while stopping: back to the queue at once, never left active.
          if (items.length > 0)
            await boss
              .fail(
                job.name,
                items.map((item) => item.id),
              )
              .catch(() => {});
          break;
        }
        for (const item of items) start(item);
        fetched = items.length;
      }
      // Every slot filled from a queue that may hold more: fetch again as soon as one frees.
      // Otherwise poll; either way a job that ends wakes the loop to fill its slot.
      if (free === 0 || fetched < free) await nap(pollMs);
    }
  })();

  return {
    async stop({ graceful, timeoutMs }) {
      stopping = true;
      wake?.();
      await loop;
      clearTimeout(refillTimer);
      if (graceful && running.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled(running.values()),
          new Promise((resolve) => {
            timer = setTimeout(resolve, timeoutMs);
          }),
        ]);
        clearTimeout(timer);
      }
      await writeCompleted();
      const message = 'the worker stopped while the job ran';
      await Promise.all(
        [...running.keys()].map((id) =>
          boss
            .fail(job.name, id, { message })
            .catch((error) => log.warn({ err: error }, `${job.name}: running job not failed`)),
        ),
      );
    },
  };
}
