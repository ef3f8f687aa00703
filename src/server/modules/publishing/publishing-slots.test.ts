import { describe, expect, it } from 'vitest';
import { createKeyedSlots } from './publishing-slots';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
const never = { ms: 60_000, onTimeout: () => new Error('waited too long') };

/** A task that records how many of its key run at once, and finishes when released. */
function tracker() {
  const running = new Map<string, number>();
  const peak = new Map<string, number>();
  const order: string[] = [];
  const releases: Array<() => void> = [];
  const task = (key: string, name: string) => async () => {
    running.set(key, (running.get(key) ?? 0) + 1);
    peak.set(key, Math.max(peak.get(key) ?? 0, running.get(key) ?? 0));
    order.push(name);
    await new Promise<void>((resolve) => releases.push(resolve));
    running.set(key, (running.get(key) ?? 1) - 1);
    return name;
  };
  const releaseAll = async () => {
    while (releases.length > 0) {
      for (const release of releases.splice(0)) release();
      await tick();
    }
  };
  return { task, peak, order, releases, releaseAll };
}

describe('per-account publishing slots', () => {
  it('runs at most the limit per key, the rest in the order they asked, and keys apart', async () => {
    const slots = createKeyedSlots(2);
    const t = tracker();
    const runs = [
      ...['a1', 'a2', 'a3', 'a4'].map((name) => slots.run('account-a', t.task('account-a', name), never)),
      ...['b1', 'b2'].map((name) => slots.run('account-b', t.task('account-b', name), never)),
    ];
    await tick();
    expect(t.order).toEqual(['a1', 'a2', 'b1', 'b2']);
    await t.releaseAll();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'b2']);
    expect(t.order).toEqual(['a1', 'a2', 'b1', 'b2', 'a3', 'a4']);
    expect(t.peak.get('account-a')).toBe(2);
    expect(t.peak.get('account-b')).toBe(2);
  });

  it('gives up waiting after the time given, without ever starting the task', async () => {
    const slots = createKeyedSlots(1);
    const t = tracker();
    const first = slots.run('account', t.task('account', 'first'), never);
    const late = slots.run('account', t.task('account', 'late'), {
      ms: 20,
      onTimeout: () => new Error('the account is busy'),
    });
    await expect(late).rejects.toThrow('the account is busy');
    await t.releaseAll();
    expect(await first).toBe('first');
    expect(t.order).toEqual(['first']);
    // The lane is free again: a new task runs at once.
    const next = slots.run('account', t.task('account', 'next'), never);
    await tick();
    expect(t.order).toEqual(['first', 'next']);
    await t.releaseAll();
    await next;
  });

  it('frees the slot when a task throws', async () => {
    const slots = createKeyedSlots(1);
    await expect(
      slots.run('account', async () => Promise.reject(new Error('platform down')), never),
    ).rejects.toThrow('platform down');
    expect(
      await slots.run('account', async () => 'ran', { ms: 10, onTimeout: () => new Error('stuck') }),
    ).toBe('ran');
  });
});
