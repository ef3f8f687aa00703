import { describe, expect, it } from 'vitest';
import {
  daysWithPosts,
  excerpt,
  followerRows,
  formatChange,
  formatCount,
  formatDay,
  formatRange,
  formatRate,
  refreshSummary,
  todayIn,
} from './analytics-format';

describe('numbers', () => {
  it('writes a missing number as a dash, never 0', () => {
    expect(formatCount(null)).toBe('—');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatRate(null)).toBe('—');
    expect(formatRate(4.25)).toBe('4.25%');
    expect(formatRate(12)).toBe('12%');
  });

  it('signs a change', () => {
    expect(formatChange(12)).toBe('+12');
    expect(formatChange(-1500)).toBe('\u22121,500');
    expect(formatChange(0)).toBe('0');
  });
});

describe('days', () => {
  it('takes today in the user’s zone', () => {
    const instant = new Date('2026-03-10T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-03-10');
    expect(todayIn('Europe/Berlin', instant)).toBe('2026-03-11');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-03-10');
  });

  it('writes days and ranges without moving them across zones', () => {
    expect(formatDay('2026-03-01')).toBe('Mar 1');
    expect(formatDay('2026-03-01', 'long')).toBe('Sun, Mar 1, 2026');
    expect(formatRange('2026-02-09', '2026-03-10')).toBe('Feb 9 – Mar 10, 2026');
    expect(formatRange('2025-12-20', '2026-01-05')).toBe('Dec 20, 2025 – Jan 5, 2026');
    expect(formatRange('2026-03-10', '2026-03-10')).toBe('Mar 10, 2026');
  });
});

describe('excerpt', () => {
  it('keeps a short post whole and cuts a long one at a word', () => {
    expect(excerpt('Hello\n\nworld')).toEqual({ text: 'Hello world', cut: false });
    const long = `${'word '.repeat(40)}end`;
    const cut = excerpt(long, 120);
    expect(cut.cut).toBe(true);
    expect(cut.text.endsWith('word…')).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(121);
  });
});

describe('chart data', () => {
  const totals = { impressions: null, reach: null, engagements: null, engagementRate: null };

  it('lists only the days that had posts in the text table', () => {
    const daily = [
      { date: '2026-03-01', posts: 0, ...totals },
      { date: '2026-03-02', posts: 2, ...totals, reach: 40 },
      { date: '2026-03-03', posts: 0, ...totals },
    ];
    expect(daysWithPosts(daily).map((day) => day.date)).toEqual(['2026-03-02']);
  });

  it('merges follower series into one row per day, leaving out days an account was not read', () => {
    const rows = followerRows([
      {
        accountId: 'a',
        platform: 'linkedin',
        displayName: 'A',
        points: [
          { date: '2026-03-02', followers: 10 },
          { date: '2026-03-01', followers: 8 },
        ],
      },
      {
        accountId: 'b',
        platform: 'twitter',
        displayName: 'B',
        points: [{ date: '2026-03-02', followers: 99 }],
      },
    ]);
    expect(rows).toEqual([
      { date: '2026-03-01', a: 8 },
      { date: '2026-03-02', a: 10, b: 99 },
    ]);
  });
});

describe('refreshSummary', () => {
  it('counts what was read and what was skipped', () => {
    expect(refreshSummary(1, 0)).toBe('Read the latest numbers of 1 post.');
    expect(refreshSummary(3, 2)).toBe(
      'Read the latest numbers of 3 posts. 2 accounts were skipped (the platform asked us to wait, or it needs reconnecting).',
    );
  });
});
