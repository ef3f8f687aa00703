import { describe, expect, it } from 'vitest';
import { platformPostingDefaults } from '../../../contracts/posting-defaults';
import {
  computeBestTime,
  formatSlot,
  HISTORY_DAYS,
  type MeasuredPost,
  scorePostingSlots,
  slotOf,
} from './best-times';

const NOW = new Date('2026-04-20T12:00:00Z');

/** `count` posts on the UTC day of `iso` at its time, a week apart going back, each with e and b. */
function postsAt(
  iso: string,
  count: number,
  engagements: number | null,
  base: number | null,
): MeasuredPost[] {
  return Array.from({ length: count }, (_, index) => ({
    publishedAt: new Date(new Date(iso).getTime() - index * 7 * 86_400_000),
    engagements,
    base,
  }));
}

/*
 * 20 posts in UTC, 2,000 base and 200 engagements in all: 10 engagements and 100 base per post, so
 * the prior adds 3 × 10 = 30 engagements and 3 × 100 = 300 base to every slot.
 *   Tue 09  1 post   40 / 100  raw 40 %  score  70 / 400 = 0.175
 *   Wed 10  4 posts 100 / 400  raw 25 %  score 130 / 700 = 0.185714…
 *   Thu 13  5 posts  30 / 500  raw  6 %  score  60 / 800 = 0.075
 *   Fri 08  5 posts  20 / 500  raw  4 %  score  50 / 800 = 0.0625
 *   Mon 17  5 posts  10 / 500  raw  2 %  score  40 / 800 = 0.05
 */
const history: MeasuredPost[] = [
  ...postsAt('2026-04-14T09:10:00Z', 1, 40, 100), // Tue
  ...postsAt('2026-04-15T10:45:00Z', 4, 25, 100), // Wed
  ...postsAt('2026-04-16T13:00:00Z', 5, 6, 100), // Thu
  ...postsAt('2026-04-17T08:30:00Z', 5, 4, 100), // Fri
  ...postsAt('2026-04-13T17:59:00Z', 5, 2, 100), // Mon
];

describe('scorePostingSlots', () => {
  it('smooths each slot toward the account rate, so one lucky post does not win', () => {
    const scored = scorePostingSlots(history, 'UTC', NOW);
    expect(scored.map(({ weekday, hour, posts }) => ({ weekday, hour, posts }))).toEqual([
      { weekday: 3, hour: 10, posts: 4 },
      { weekday: 2, hour: 9, posts: 1 },
      { weekday: 4, hour: 13, posts: 5 },
      { weekday: 5, hour: 8, posts: 5 },
      { weekday: 1, hour: 17, posts: 5 },
    ]);
    expect(scored.map((slot) => slot.score)).toEqual([
      expect.closeTo(130 / 700, 12),
      expect.closeTo(0.175, 12),
      expect.closeTo(0.075, 12),
      expect.closeTo(0.0625, 12),
      expect.closeTo(0.05, 12),
    ]);
    expect(scored[1]).toMatchObject({ engagements: 40, base: 100 });
  });

  it('breaks ties by more posts, then by the earlier slot in the week, whatever the input order', () => {
    // Prior: 60 engagements / 600 base over 6 posts: +30 and +300. Every slot scores exactly 0.1.
    const tied: MeasuredPost[] = [
      ...postsAt('2026-04-17T09:00:00Z', 1, 10, 100), // Fri 9, 1 post: 40 / 400
      ...postsAt('2026-04-14T15:00:00Z', 2, 10, 100), // Tue 15, 2 posts: 50 / 500
      ...postsAt('2026-04-13T15:00:00Z', 2, 10, 100), // Mon 15, 2 posts: 50 / 500
      ...postsAt('2026-04-15T09:00:00Z', 1, 10, 100), // Wed 9, 1 post: 40 / 400
    ];
    const order = (posts: MeasuredPost[]) =>
      scorePostingSlots(posts, 'UTC', NOW).map((slot) => formatSlot(slot));
    expect(order(tied)).toEqual(['Mon 3 PM', 'Tue 3 PM', 'Wed 9 AM', 'Fri 9 AM']);
    expect(order([...tied].reverse())).toEqual(order(tied));
    for (const slot of scorePostingSlots(tied, 'UTC', NOW)) expect(slot.score).toBe(0.1);
  });

  it('counts only posts with both engagements and a base above 0, from the last 90 days', () => {
    const since = NOW.getTime() - HISTORY_DAYS * 86_400_000;
    const scored = scorePostingSlots(
      [
        { publishedAt: new Date('2026-04-14T09:00:00Z'), engagements: 5, base: 50 },
        { publishedAt: new Date('2026-04-14T09:30:00Z'), engagements: null, base: 50 },
        { publishedAt: new Date('2026-04-14T09:40:00Z'), engagements: 5, base: null },
        { publishedAt: new Date('2026-04-14T09:50:00Z'), engagements: 0, base: 0 },
        { publishedAt: new Date(since), engagements: 90, base: 100 },
        { publishedAt: new Date(since + 60_000), engagements: 1, base: 10 },
        { publishedAt: new Date(NOW.getTime() + 60_000), engagements: 9, base: 10 },
      ],
      'UTC',
      NOW,
    );
    expect(scored.reduce((sum, slot) => sum + slot.posts, 0)).toBe(2);
    expect(scored.reduce((sum, slot) => sum + slot.engagements, 0)).toBe(6);
  });

  it('is empty without measured posts', () => {
    expect(scorePostingSlots([], 'UTC', NOW)).toEqual([]);
    expect(scorePostingSlots(postsAt('2026-04-14T09:00:00Z', 3, null, null), 'UTC', NOW)).toEqual([]);
  });
});

describe('slots in a time zone', () => {
  it('groups by the wall clock of the zone, across a change of the clocks', () => {
    // Berlin moves from UTC+1 to UTC+2 on 29 March 2026: both posts went out at 09:15 there.
    expect(slotOf(new Date('2026-03-24T08:15:00Z'), 'Europe/Berlin')).toEqual({ weekday: 2, hour: 9 });
    expect(slotOf(new Date('2026-03-31T07:15:00Z'), 'Europe/Berlin')).toEqual({ weekday: 2, hour: 9 });
    // Late Tuesday in UTC is Wednesday in Berlin and still Tuesday evening in New York.
    expect(slotOf(new Date('2026-03-24T23:30:00Z'), 'UTC')).toEqual({ weekday: 2, hour: 23 });
    expect(slotOf(new Date('2026-03-24T23:30:00Z'), 'Europe/Berlin')).toEqual({ weekday: 3, hour: 0 });
    expect(slotOf(new Date('2026-03-24T23:30:00Z'), 'America/New_York')).toEqual({ weekday: 2, hour: 19 });
    // Sunday is 7.
    expect(slotOf(new Date('2026-03-29T12:00:00Z'), 'UTC')).toEqual({ weekday: 7, hour: 12 });
  });

  it('scores the same posts as one slot in Berlin and two in UTC', () => {
    const posts: MeasuredPost[] = [
      { publishedAt: new Date('2026-03-24T08:15:00Z'), engagements: 3, base: 30 },
      { publishedAt: new Date('2026-03-31T07:15:00Z'), engagements: 3, base: 30 },
    ];
    const now = new Date('2026-04-01T00:00:00Z');
    expect(scorePostingSlots(posts, 'Europe/Berlin', now).map(formatSlot)).toEqual(['Tue 9 AM']);
    expect(scorePostingSlots(posts, 'UTC', now).map(formatSlot).sort()).toEqual(['Tue 7 AM', 'Tue 8 AM']);
  });
});

describe('computeBestTime', () => {
  it('names the top three slots of enough history', () => {
    expect(computeBestTime({ platform: 'linkedin', posts: history, timeZone: 'UTC', now: NOW })).toEqual({
      source: 'account_history',
      label: 'Wed 10 AM, Tue 9 AM, Thu 1 PM (from your 20 posts)',
      slots: [
        { weekday: 3, hour: 10 },
        { weekday: 2, hour: 9 },
        { weekday: 4, hour: 13 },
      ],
      basedOnPosts: 20,
    });
  });

  it('reads the same history in the zone asked for', () => {
    // New York is UTC-4 in April: Wed 10 → Wed 6 AM, Tue 9 → Tue 5 AM, Thu 13 → Thu 9 AM.
    const answer = computeBestTime({
      platform: 'linkedin',
      posts: history,
      timeZone: 'America/New_York',
      now: NOW,
    });
    expect(answer.label).toBe('Wed 6 AM, Tue 5 AM, Thu 9 AM (from your 20 posts)');
  });

  it('falls back to the platform pattern with fewer than 10 measured posts', () => {
    const nine = [
      ...postsAt('2026-04-13T09:00:00Z', 3, 5, 100),
      ...postsAt('2026-04-14T10:00:00Z', 2, 5, 100),
      ...postsAt('2026-04-15T11:00:00Z', 2, 5, 100),
      ...postsAt('2026-04-16T12:00:00Z', 2, 5, 100),
      // Reported no base: not measured.
      ...postsAt('2026-04-17T12:00:00Z', 1, 5, null),
    ];
    expect(computeBestTime({ platform: 'linkedin', posts: nine, timeZone: 'UTC', now: NOW })).toEqual({
      source: 'platform_default',
      label: 'Tue–Thu, 8–10 AM (general LinkedIn pattern)',
      slots: platformPostingDefaults.linkedin.slots,
      basedOnPosts: 0,
    });
  });

  it('falls back to the platform pattern when the posts share fewer than 4 slots', () => {
    const sameHours = [
      ...postsAt('2026-04-13T09:00:00Z', 5, 5, 100),
      ...postsAt('2026-04-14T09:00:00Z', 5, 5, 100),
      ...postsAt('2026-04-15T09:00:00Z', 5, 5, 100),
    ];
    const answer = computeBestTime({ platform: 'twitter', posts: sameHours, timeZone: 'UTC', now: NOW });
    expect(answer.source).toBe('platform_default');
    expect(answer.label).toBe('Weekdays, 9 AM–12 PM (general X (Twitter) pattern)');
  });

  it('uses history from exactly 10 posts in 4 slots', () => {
    const ten = [
      ...postsAt('2026-04-13T09:00:00Z', 4, 5, 100),
      ...postsAt('2026-04-14T10:00:00Z', 2, 9, 100),
      ...postsAt('2026-04-15T11:00:00Z', 2, 5, 100),
      ...postsAt('2026-04-16T12:00:00Z', 2, 1, 100),
    ];
    // Prior: 3 × 50 / 10 = 15 engagements, 300 base. Tue 10: 33/500; Mon 9: 35/700; Wed 11: 25/500; Thu 12: 17/500.
    const answer = computeBestTime({ platform: 'facebook', posts: ten, timeZone: 'UTC', now: NOW });
    expect(answer).toMatchObject({
      source: 'account_history',
      label: 'Tue 10 AM, Mon 9 AM, Wed 11 AM (from your 10 posts)',
      basedOnPosts: 10,
    });
  });
});

describe('platform defaults', () => {
  it('hold the hours their labels name', () => {
    const hours = (platform: keyof typeof platformPostingDefaults) =>
      platformPostingDefaults[platform].slots.map(formatSlot);
    expect(hours('linkedin')).toEqual([
      'Tue 8 AM',
      'Tue 9 AM',
      'Wed 8 AM',
      'Wed 9 AM',
      'Thu 8 AM',
      'Thu 9 AM',
    ]);
    expect(platformPostingDefaults.instagram.slots).toHaveLength(10);
    expect(hours('instagram').slice(0, 2)).toEqual(['Mon 11 AM', 'Mon 12 PM']);
    expect(hours('twitter').slice(-3)).toEqual(['Fri 9 AM', 'Fri 10 AM', 'Fri 11 AM']);
    expect(hours('facebook')).toHaveLength(12);
    expect(hours('facebook')[0]).toBe('Wed 9 AM');
    expect(hours('facebook').at(-1)).toBe('Fri 12 PM');
  });

  it('formats midnight and noon', () => {
    expect(formatSlot({ weekday: 1, hour: 0 })).toBe('Mon 12 AM');
    expect(formatSlot({ weekday: 7, hour: 12 })).toBe('Sun 12 PM');
    expect(formatSlot({ weekday: 6, hour: 23 })).toBe('Sat 11 PM');
  });
});
