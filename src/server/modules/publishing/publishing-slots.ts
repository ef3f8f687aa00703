/**
 * How many posts one process publishes at once, jobs and sweeper together. Each holds a database
 * connection for a few short statements and waits on the platform in between; more than this only
 * queues up on the connection pool (and, after a crash, leaves more posts to reconcile).
 */
export const PUBLISH_CONCURRENCY = 10;

export interface Slots {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Slots neither taken nor waited for. */
  free(): number;
}

/** A counting semaphore: at most `size` tasks run, the others wait in order. */
export function createSlots(size: number): Slots {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async run(task) {
      while (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      active++;
      try {
        return await task();
      } finally {
        active--;
        waiting.shift()?.();
      }
    },
    free: () => Math.max(0, size - active - waiting.length),
  };
}

/** The process's publishing slots. */
export const publishingSlots = createSlots(PUBLISH_CONCURRENCY);
