import { describe, expect, it } from 'vitest';
import { sandboxMetrics } from './sandbox-metrics';

const HOUR = 3_600_000;

describe('sandboxMetrics', () => {
  it('is the same for the same seed, followers and age', () => {
    const input = { seed: 1234, followers: 800, ageMs: 5 * HOUR };
    expect(sandboxMetrics(input)).toEqual(sandboxMetrics(input));
  });

  it('starts at zero and never goes down as the post ages', () => {
    for (const seed of [1, 42, 99_999, 2_000_000_000]) {
      expect(sandboxMetrics({ seed, followers: 500, ageMs: 0 }).impressions).toBe(0);
      let previous = sandboxMetrics({ seed, followers: 500, ageMs: 0 });
      for (const hours of [0.1, 1, 3, 6, 12, 24, 72, 24 * 30]) {
        const next = sandboxMetrics({ seed, followers: 500, ageMs: hours * HOUR });
        for (const key of Object.keys(next) as Array<keyof typeof next>) {
          expect(next[key], `${key} at ${hours} h, seed ${seed}`).toBeGreaterThanOrEqual(previous[key]);
        }
        previous = next;
      }
    }
  });

  it('is plausible: reach in proportion to followers, engagement a small share of it, levelling off', () => {
    const day = sandboxMetrics({ seed: 7, followers: 1000, ageMs: 24 * HOUR });
    const month = sandboxMetrics({ seed: 7, followers: 1000, ageMs: 30 * 24 * HOUR });
    expect(day.impressions).toBeGreaterThan(150);
    expect(month.impressions).toBeLessThanOrEqual(3000);
    expect(month.impressions - day.impressions).toBeLessThan(day.impressions * 0.05);
    expect(day.likes).toBeLessThan(day.impressions * 0.07);
    expect(day.replies).toBeLessThanOrEqual(day.likes);
    // A new account with no followers still gets a few views.
    expect(sandboxMetrics({ seed: 7, followers: 0, ageMs: 24 * HOUR }).impressions).toBeGreaterThan(0);
  });

  it('differs between seeds', () => {
    const day = (seed: number) => sandboxMetrics({ seed, followers: 1000, ageMs: 24 * HOUR }).impressions;
    expect(new Set([1, 2, 3, 4, 5].map(day)).size).toBeGreaterThan(3);
  });
});
