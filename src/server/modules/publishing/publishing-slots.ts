import type { Config } from '../../config';

/*
 * How many posts one process publishes at once (PUBLISH_CONCURRENCY), jobs and sweeper together,
 * and how many of them may talk to one social account at the same time
 * (PUBLISH_ACCOUNT_CONCURRENCY). A publish spends most of its time waiting on the platform
 * (hundreds of milliseconds a call, seconds for an upload) and holds a database connection only
 * for short statements in between, so the process-wide number is sized for that wait; the
 * per-account one keeps a burst of one workspace's posts from reaching one account with dozens
 * of calls at once, which platforms answer with rate limits (platforms.md).
 */

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

export interface KeyedSlots {
  /**
   * Runs `task` once fewer than the limit run for `key`, in the order they asked. When no slot
   * frees within `wait.ms`, rejects with `wait.onTimeout()` and the task never starts: a caller
   * may then retry without wondering whether it ran.
   */
  run<T>(key: string, task: () => Promise<T>, wait: { ms: number; onTimeout: () => Error }): Promise<T>;
}

/** One counting semaphore per key, each of `perKey` slots; a key's lane is dropped when idle. */
export function createKeyedSlots(perKey: number): KeyedSlots {
  const lanes = new Map<string, { active: number; waiting: Array<() => void> }>();
  return {
    async run(key, task, wait) {
      let lane = lanes.get(key);
      if (!lane) {
        lane = { active: 0, waiting: [] };
        lanes.set(key, lane);
      }
      const own = lane;
      if (own.active < perKey) own.active++;
      else {
        // A finishing task hands its slot straight to the first waiter (active stays the same).
        await new Promise<void>((resolve, reject) => {
          const wake = () => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            own.waiting.splice(own.waiting.indexOf(wake), 1);
            reject(wait.onTimeout());
          }, wait.ms);
          own.waiting.push(wake);
        });
      }
      try {
        return await task();
      } finally {
        const next = own.waiting.shift();
        if (next) next();
        else if (--own.active === 0) lanes.delete(key);
      }
    },
  };
}

/** The process's publishing limits (AppContext.publishingSlots). */
export interface PublishingSlots {
  posts: Slots;
  accounts: KeyedSlots;
}

export function createPublishingSlots(
  config: Pick<Config['publishing'], 'concurrency' | 'accountConcurrency'>,
) {
  return { posts: createSlots(config.concurrency), accounts: createKeyedSlots(config.accountConcurrency) };
}
