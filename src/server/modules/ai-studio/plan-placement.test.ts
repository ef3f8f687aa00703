import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { type PlacementNetwork, placePlan } from './plan-placement';

const now = new Date('2026-12-01T06:00:00Z');
const base = { startsOn: '2026-12-07', weeks: 2, timeZone: 'UTC', now, skipDates: [] as string[] };
const x = (extra: Partial<PlacementNetwork> = {}): PlacementNetwork => ({
  platform: 'twitter',
  accountId: 'acc-x',
  postsPerWeek: 3,
  busy: [],
  ...extra,
});
const local = (at: Date, zone = 'UTC') => DateTime.fromJSDate(at, { zone });

describe('placePlan', () => {
  it('puts posts on the account’s queue slots, spread over the week', () => {
    // Monday, Wednesday and Friday at 09:30 (weekday 0 = Sunday).
    const queue = { timeZone: 'UTC', slots: [1, 3, 5].map((weekday) => ({ weekday, time: '09:30' })) };
    const placed = placePlan({ ...base, networks: [x({ queue })] });
    expect(placed).toHaveLength(6);
    for (const slot of placed) {
      expect(local(slot.plannedAt).toFormat('HH:mm')).toBe('09:30');
      expect([1, 3, 5]).toContain(local(slot.plannedAt).weekday);
    }
  });

  it('uses measured best times, else the platform default', () => {
    const measured = placePlan({
      ...base,
      weeks: 1,
      networks: [
        x({
          postsPerWeek: 2,
          bestTimes: [
            { weekday: 2, hour: 19 },
            { weekday: 6, hour: 15 },
          ],
        }),
      ],
    });
    expect(measured.map((slot) => local(slot.plannedAt).toFormat('c HH'))).toEqual(['2 19', '6 15']);
    const general = placePlan({
      ...base,
      weeks: 1,
      networks: [x({ platform: 'linkedin', postsPerWeek: 2 })],
    });
    // LinkedIn's general pattern: Tuesday to Thursday, 8–10 AM.
    for (const slot of general) {
      expect([2, 3, 4]).toContain(local(slot.plannedAt).weekday);
      expect([8, 9]).toContain(local(slot.plannedAt).hour);
    }
  });

  it('skips skip dates, keeps 60 minutes from busy times and 3 hours between one account’s posts', () => {
    const busy = [new Date('2026-12-08T09:30:00Z')];
    const placed = placePlan({
      ...base,
      skipDates: ['2026-12-09'],
      networks: [x({ postsPerWeek: 14, busy }), x({ platform: 'linkedin', postsPerWeek: 3 })],
    });
    expect(placed.some((slot) => local(slot.plannedAt).toISODate() === '2026-12-09')).toBe(false);
    const sameAccount = placed.map((slot) => slot.plannedAt.getTime()).sort((a, b) => a - b);
    for (let i = 1; i < sameAccount.length; i += 1) {
      expect((sameAccount[i] as number) - (sameAccount[i - 1] as number)).toBeGreaterThanOrEqual(
        3 * 3_600_000,
      );
    }
    for (const slot of placed)
      expect(Math.abs(slot.plannedAt.getTime() - (busy[0] as Date).getTime())).toBeGreaterThanOrEqual(
        3_600_000,
      );
    // Nothing before now + 1 h, nothing outside the two weeks.
    expect(placed.every((slot) => slot.plannedAt >= new Date('2026-12-07T00:00:00Z'))).toBe(true);
    expect(placed.every((slot) => slot.plannedAt < new Date('2026-12-21T00:00:00Z'))).toBe(true);
  });

  it('keeps wall times through a daylight saving change in Europe/Berlin', () => {
    // 29 March 2026: clocks go forward in Berlin.
    const queue = {
      timeZone: 'Europe/Berlin',
      slots: [0, 1, 5].map((weekday) => ({ weekday, time: '09:00' })),
    };
    const placed = placePlan({
      ...base,
      startsOn: '2026-03-23',
      weeks: 2,
      timeZone: 'Europe/Berlin',
      now: new Date('2026-03-01T00:00:00Z'),
      networks: [x({ queue })],
    });
    expect(placed).toHaveLength(6);
    for (const slot of placed) expect(local(slot.plannedAt, 'Europe/Berlin').toFormat('HH:mm')).toBe('09:00');
    const utcHours = new Set(placed.map((slot) => slot.plannedAt.getUTCHours()));
    expect(utcHours).toEqual(new Set([8, 7]));
  });
});
