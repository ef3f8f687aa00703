import { describe, expect, it } from 'vitest';
import type { StorageProbe } from './media-storage';
import { createStorageCheck } from './storage-health';

const probing = (answers: Array<StorageProbe | 'hang' | 'throw'>) => {
  const calls = { count: 0 };
  const storage = {
    probe: async (): Promise<StorageProbe> => {
      const answer = answers[Math.min(calls.count, answers.length - 1)] ?? 'hang';
      calls.count += 1;
      if (answer === 'hang') return new Promise<StorageProbe>(() => {});
      if (answer === 'throw') throw new Error('S3 secret sk-123 leaked?');
      return answer;
    },
  };
  return { storage, calls };
};

describe('createStorageCheck', () => {
  it('says ok or unreachable with the probe’s words', async () => {
    const { storage } = probing([
      { ok: false, detail: 'The S3 bucket refused our credentials (SignatureDoesNotMatch).' },
    ]);
    expect(await createStorageCheck(storage)()).toEqual({
      status: 'unreachable',
      detail: 'The S3 bucket refused our credentials (SignatureDoesNotMatch).',
    });
    expect(await createStorageCheck(probing([{ ok: true }]).storage)()).toEqual({ status: 'ok' });
  });

  it('reuses an answer for its time to live, and concurrent callers share one probe', async () => {
    let clock = 1_000;
    const { storage, calls } = probing([{ ok: true }, { ok: false, detail: 'down' }]);
    const check = createStorageCheck(storage, { ttlMs: 30_000, now: () => clock });
    const [first, second] = await Promise.all([check(), check()]);
    expect(first).toEqual({ status: 'ok' });
    expect(second).toEqual({ status: 'ok' });
    expect(calls.count).toBe(1);
    clock += 29_999;
    expect(await check()).toEqual({ status: 'ok' });
    expect(calls.count).toBe(1);
    clock += 1;
    expect(await check()).toEqual({ status: 'unreachable', detail: 'down' });
    expect(calls.count).toBe(2);
  });

  it('answers unreachable when the probe hangs, at its time limit', async () => {
    const check = createStorageCheck(probing(['hang']).storage, { timeoutMs: 50 });
    const started = Date.now();
    expect(await check()).toEqual({
      status: 'unreachable',
      detail: 'The media storage does not answer in time.',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('never repeats what a failing probe threw (it may carry anything)', async () => {
    const result = await createStorageCheck(probing(['throw']).storage)();
    expect(result.status).toBe('unreachable');
    expect(JSON.stringify(result)).not.toContain('sk-123');
  });
});
