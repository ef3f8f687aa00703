import { describe, expect, it } from 'vitest';
import {
  callsToRead,
  firstReadingAt,
  metricsReadBudgets,
  nextReadingAt,
  planReads,
  postsPerRun,
  retryAfterFailure,
  utcDayOf,
} from './metrics-schedule';

const published = new Date('2026-03-02T09:00:00Z');
const at = (iso: string) => new Date(iso);
const next = (now: string) => nextReadingAt(published, at(now))?.toISOString() ?? null;

describe('the reading schedule', () => {
  it('reads a new post first ten minutes after publishing', () => {
    expect(firstReadingAt(published).toISOString()).toBe('2026-03-02T09:10:00.000Z');
  });

  it('reads densely in the first days: 1 h, 3 h, 6 h, 12 h, 24 h, 48 h, 72 h', () => {
    expect(next('2026-03-02T09:10:00Z')).toBe('2026-03-02T10:00:00.000Z');
    expect(next('2026-03-02T10:00:00Z')).toBe('2026-03-02T12:00:00.000Z');
    expect(next('2026-03-02T12:00:00Z')).toBe('2026-03-02T15:00:00.000Z');
    expect(next('2026-03-02T15:00:00Z')).toBe('2026-03-02T21:00:00.000Z');
    expect(next('2026-03-02T21:00:00Z')).toBe('2026-03-03T09:00:00.000Z');
    expect(next('2026-03-03T09:00:00Z')).toBe('2026-03-04T09:00:00.000Z');
    expect(next('2026-03-04T09:00:00Z')).toBe('2026-03-05T09:00:00.000Z');
  });

  it('then daily until day 7, weekly until day 30, once at day 90, then never', () => {
    expect(next('2026-03-05T09:00:00Z')).toBe('2026-03-06T09:00:00.000Z');
    expect(next('2026-03-08T09:00:00Z')).toBe('2026-03-09T09:00:00.000Z');
    expect(next('2026-03-09T09:00:00Z')).toBe('2026-03-16T09:00:00.000Z');
    expect(next('2026-03-16T09:00:00Z')).toBe('2026-03-23T09:00:00.000Z');
    expect(next('2026-03-23T09:00:00Z')).toBe('2026-03-30T09:00:00.000Z');
    expect(next('2026-03-30T09:00:00Z')).toBe('2026-05-31T09:00:00.000Z');
    expect(next('2026-05-31T09:00:00Z')).toBeNull();
  });

  it('a late reading skips the readings it stands for', () => {
    // Read at 5 h (the 1 h and 3 h readings waited behind a backlog): next is the 6 h one.
    expect(next('2026-03-02T14:00:00Z')).toBe('2026-03-02T15:00:00.000Z');
    // A post read for the first time at 200 days old is never read again.
    expect(next('2026-09-18T09:00:00Z')).toBeNull();
  });

  it('the next reading is always strictly after the reading just taken', () => {
    for (let minutes = 0; minutes < 100 * 24 * 60; minutes += 37) {
      const now = new Date(published.getTime() + minutes * 60_000);
      const following = nextReadingAt(published, now);
      if (following) expect(following.getTime()).toBeGreaterThan(now.getTime());
    }
  });
});

describe('retrying a failed reading', () => {
  const now = at('2026-03-02T12:00:00Z');
  it('backs off 15, 30, 60, 120 minutes', () => {
    expect(retryAfterFailure(1, now)?.toISOString()).toBe('2026-03-02T12:15:00.000Z');
    expect(retryAfterFailure(2, now)?.toISOString()).toBe('2026-03-02T12:30:00.000Z');
    expect(retryAfterFailure(3, now)?.toISOString()).toBe('2026-03-02T13:00:00.000Z');
    expect(retryAfterFailure(4, now)?.toISOString()).toBe('2026-03-02T14:00:00.000Z');
  });

  it('stops reading at the fifth failure in a row', () => {
    expect(retryAfterFailure(5, now)).toBeNull();
    expect(retryAfterFailure(6, now)).toBeNull();
  });
});

describe('read budgets', () => {
  it('counts calls as the adapters make them', () => {
    expect(callsToRead(metricsReadBudgets.twitter, 250)).toBe(3 + 1);
    expect(callsToRead(metricsReadBudgets.instagram, 4)).toBe(4 + 1);
    // LinkedIn: five metric calls per post, no follower call.
    expect(callsToRead(metricsReadBudgets.linkedin, 2)).toBe(10);
  });

  it('reads at most this many posts per account in a run, the follower read included', () => {
    expect(postsPerRun(metricsReadBudgets.twitter)).toBe(400);
    expect(postsPerRun(metricsReadBudgets.instagram)).toBe(14);
    expect(postsPerRun(metricsReadBudgets.facebook)).toBe(14);
    expect(postsPerRun(metricsReadBudgets.linkedin)).toBe(6);
  });

  it('stays within each platform documented limits, a run every 5 minutes', () => {
    // Instagram: ~200 calls per hour per account.
    expect(metricsReadBudgets.instagram.callsPerHour).toBeLessThanOrEqual(200 / 2);
    for (const budget of Object.values(metricsReadBudgets)) {
      expect(budget.callsPerRun).toBeLessThanOrEqual(budget.callsPerHour);
      expect(budget.callsPerRun).toBeLessThanOrEqual(30);
    }
    // X: GET /2/tweets takes at most 100 ids.
    expect(metricsReadBudgets.twitter.postsPerRead).toBe(100);
  });

  it('spends granted calls on the posts first, then on the followers', () => {
    const ids = Array.from({ length: 250 }, (_, i) => String(i));
    const all = planReads(ids, metricsReadBudgets.twitter, 4);
    expect(all.chunks.map((chunk) => chunk.length)).toEqual([100, 100, 50]);
    expect(all.chunks.flat()).toEqual(ids);
    expect(all.readsFollowers).toBe(true);
    const short = planReads(ids, metricsReadBudgets.twitter, 2);
    expect(short.chunks.map((chunk) => chunk.length)).toEqual([100, 100]);
    expect(short.readsFollowers).toBe(false);
    expect(planReads(ids.slice(0, 3), metricsReadBudgets.instagram, 3)).toEqual({
      chunks: [['0'], ['1'], ['2']],
      readsFollowers: false,
    });
    // LinkedIn: 12 calls pay for two posts (five each); no call is needed for followers.
    expect(planReads(ids.slice(0, 3), metricsReadBudgets.linkedin, 12).chunks).toEqual([['0'], ['1']]);
    expect(planReads([], metricsReadBudgets.linkedin, 0)).toEqual({ chunks: [], readsFollowers: true });
    expect(planReads(ids, metricsReadBudgets.twitter, 0)).toEqual({ chunks: [], readsFollowers: false });
  });

  it('names the UTC day of a reading', () => {
    expect(utcDayOf(at('2026-03-02T23:59:59Z'))).toBe('2026-03-02');
    expect(utcDayOf(at('2026-03-03T00:00:00Z'))).toBe('2026-03-03');
  });
});
