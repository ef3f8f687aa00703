import { describe, expect, it } from 'vitest';
import { sandboxFollowers } from './sandbox-followers';

const DAY = 86_400_000;
const createdAt = new Date('2026-01-05T09:00:00Z');
const at = (days: number) => new Date(createdAt.getTime() + days * DAY);

describe('sandboxFollowers', () => {
  it('starts at the stored count and is the same on every read at the same moment', () => {
    const account = { externalId: '4410', followers: 1200, createdAt };
    expect(sandboxFollowers(account, createdAt)).toBe(1200);
    expect(sandboxFollowers(account, at(-3))).toBe(1200);
    expect(sandboxFollowers(account, at(12.5))).toBe(sandboxFollowers({ ...account }, at(12.5)));
  });

  it('grows by 0.3% to 1.2% of the starting count a day, and never goes down', () => {
    for (const externalId of ['1', '77', '901234', 'abcXYZ', 'urn-ish-id']) {
      const account = { externalId, followers: 5000, createdAt };
      let previous = sandboxFollowers(account, createdAt);
      for (let hours = 1; hours <= 90 * 24; hours += 7) {
        const next = sandboxFollowers(account, at(hours / 24));
        expect(next).toBeGreaterThanOrEqual(previous);
        previous = next;
      }
      // 90 days of 15 to 60 a day, give or take the weekly rhythm (at most 0.7 day's gain).
      const grown = sandboxFollowers(account, at(90)) - 5000;
      expect(grown).toBeGreaterThanOrEqual(Math.floor(15 * 89.3));
      expect(grown).toBeLessThanOrEqual(Math.ceil(60 * 90.7));
    }
  });

  it('differs between accounts, and a new account with no followers still gains a few', () => {
    const grownBy = (externalId: string) =>
      sandboxFollowers({ externalId, followers: 10_000, createdAt }, at(30)) - 10_000;
    expect(new Set(['11', '12', '13', '14', '15'].map(grownBy)).size).toBeGreaterThan(1);
    const empty = { externalId: '5', followers: 0, createdAt };
    expect(sandboxFollowers(empty, at(1))).toBeGreaterThanOrEqual(0);
    expect(sandboxFollowers(empty, at(30))).toBeGreaterThanOrEqual(14);
    expect(sandboxFollowers(empty, at(30))).toBeLessThanOrEqual(16);
  });
});
