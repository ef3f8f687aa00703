import type PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../context';
import { createSlots } from '../modules/publishing/publishing-slots';
import type { JobDefinition, JobsContext } from './job-definition';
import { startPump } from './job-pump';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

/** A queue in memory with pg-boss's fetch, complete and fail, recording every call. */
function fakeQueue(count: number) {
  const queued = Array.from({ length: count }, (_, i) => ({ id: `job-${i}`, name: 'q', data: { n: i } }));
  const fetches: number[] = [];
  const completed: string[][] = [];
  const failed: Array<{ id: string; data: unknown }> = [];
  const boss = {
    async fetch(_name: string, options: { batchSize: number }) {
      fetches.push(options.batchSize);
      return queued.splice(0, options.batchSize);
    },
    async complete(_name: string, ids: string[]) {
      completed.push(ids);
    },
    async fail(_name: string, id: string, data: unknown) {
      failed.push({ id, data });
    },
  };
  return { boss: boss as unknown as PgBoss, queued, fetches, completed, failed };
}

/** A job whose runs wait until released, recording how many run at once. */
function heldJob(throwFor: number[] = []) {
  const releases: Array<() => void> = [];
  let running = 0;
  let peak = 0;
  const job: JobDefinition<{ n: number }> = {
    name: 'q',
    payload: z.object({ n: z.number() }),
    async handle({ n }) {
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      if (throwFor.includes(n)) throw new Error(`job ${n} broke`);
    },
  };
  return { job: job as JobDefinition, releases, peak: () => peak, running: () => running };
}

const context = {} as JobsContext;
const log = { warn() {} };
type Slots = AppContext['publishingSlots']['posts'];

describe('the job pump', () => {
  it('fills every free slot, and each slot that frees at once, never running more than the slots', async () => {
    const queue = fakeQueue(25);
    const held = heldJob();
    const pump = startPump(queue.boss, held.job, context, { slots: createSlots(10), pollMs: 60_000, log });
    await tick();
    expect(queue.fetches).toEqual([10]);
    expect(held.running()).toBe(10);

    // Three end: their slots are filled by one fetch of three, not a poll later.
    for (const release of held.releases.splice(0, 3)) release();
    await tick(30);
    expect(queue.fetches).toEqual([10, 3]);
    expect(held.running()).toBe(10);

    while (held.running() > 0 || queue.queued.length > 0) {
      for (const release of held.releases.splice(0)) release();
      await tick(30);
    }
    expect(held.peak()).toBe(10);
    await pump.stop({ graceful: true, timeoutMs: 1_000 });
    expect(queue.completed.flat().sort()).toEqual(Array.from({ length: 25 }, (_, i) => `job-${i}`).sort());
    // Completions are written together, not one statement per job.
    expect(queue.completed.length).toBeLessThan(25);
  });

  it('fails a job whose handler throws, so pg-boss retries it, and completes the others', async () => {
    const queue = fakeQueue(3);
    const held = heldJob([1]);
    const pump = startPump(queue.boss, held.job, context, { slots: createSlots(5), pollMs: 60_000, log });
    await tick();
    for (const release of held.releases.splice(0)) release();
    await tick(30);
    await pump.stop({ graceful: true, timeoutMs: 1_000 });
    expect(queue.failed).toEqual([{ id: 'job-1', data: { message: 'job 1 broke' } }]);
    expect(queue.completed.flat().sort()).toEqual(['job-0', 'job-2']);
  });

  it('stops fetching on stop, waits for running jobs when graceful, and fails those that outlast it', async () => {
    const queue = fakeQueue(4);
    const held = heldJob();
    const pump = startPump(queue.boss, held.job, context, { slots: createSlots(2), pollMs: 60_000, log });
    await tick();
    const stopping = pump.stop({ graceful: true, timeoutMs: 200 });
    held.releases.shift()?.();
    await stopping;
    expect(queue.fetches).toEqual([2]);
    expect(queue.completed.flat()).toEqual(['job-0']);
    expect(queue.failed).toEqual([
      { id: 'job-1', data: { message: 'the worker stopped while the job ran' } },
    ]);
    expect(queue.queued.map((item) => item.id)).toEqual(['job-2', 'job-3']);
  });

  it('shares its slots with other work: fetches only what is free', async () => {
    const queue = fakeQueue(10);
    const held = heldJob();
    const slots: Slots = createSlots(4);
    let releaseOther = () => {};
    const other = slots.run(() => new Promise<void>((resolve) => (releaseOther = resolve)));
    const pump = startPump(queue.boss, held.job, context, { slots, pollMs: 60_000, log });
    await tick();
    expect(queue.fetches).toEqual([3]);
    releaseOther();
    await other;
    for (const release of held.releases.splice(0)) release();
    await tick(30);
    expect(queue.fetches.slice(1)).toEqual([4]);
    await pump.stop({ graceful: false, timeoutMs: 0 });
  });
});
