import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { freeSlotTimesAfter, slotTimesAfter, type WeeklySlot } from './queue-slots';

const NEW_YORK = 'America/New_York';
const take = (times: Iterable<Date>, n: number) => {
  const out: string[] = [];
  for (const at of times) {
    out.push(DateTime.fromJSDate(at, { zone: NEW_YORK }).toISO() ?? '');
    if (out.length === n) break;
  }
  return out;
};
const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).toJSDate();

describe('a posting schedule in time', () => {
  // Sunday 9:00 and Monday 9:00 and 17:30, Sunday being 0 as JavaScript's getDay.
  const slots: WeeklySlot[] = [
    { weekday: 1, time: '17:30' },
    { weekday: 0, time: '09:00' },
    { weekday: 1, time: '09:00' },
    { weekday: 1, time: '09:00' },
  ];

  it('gives the slots after a moment in order, each once, in the zone of the schedule', () => {
    // Saturday 2026-03-07 12:00 in New York.
    expect(take(slotTimesAfter(slots, NEW_YORK, utc('2026-03-07T17:00:00Z')), 4)).toEqual([
      '2026-03-08T09:00:00.000-04:00',
      '2026-03-09T09:00:00.000-04:00',
      '2026-03-09T17:30:00.000-04:00',
      '2026-03-15T09:00:00.000-04:00',
    ]);
  });

  it('keeps 09:00 at 09:00 local across the spring and autumn changes', () => {
    const spring = take(
      slotTimesAfter([{ weekday: 6, time: '09:00' }], NEW_YORK, utc('2026-03-01T00:00:00Z')),
      2,
    );
    // Saturday before the change (EST, UTC-5) and after it (EDT, UTC-4).
    expect(spring).toEqual(['2026-03-07T09:00:00.000-05:00', '2026-03-14T09:00:00.000-04:00']);
    const autumn = [
      ...slotTimesAfter([{ weekday: 0, time: '09:00' }], NEW_YORK, utc('2026-10-26T00:00:00Z'), 14),
    ];
    expect(autumn.map((at) => at.toISOString())).toEqual([
      '2026-11-01T14:00:00.000Z',
      '2026-11-08T14:00:00.000Z',
    ]);
  });

  it('places a wall time the spring change skips once, an hour on, and a repeated one once', () => {
    const skipped = [
      ...slotTimesAfter([{ weekday: 0, time: '02:30' }], NEW_YORK, utc('2026-03-07T00:00:00Z'), 2),
    ];
    expect(skipped.map((at) => at.toISOString())).toEqual(['2026-03-08T07:30:00.000Z']);
    const repeated = [
      ...slotTimesAfter([{ weekday: 0, time: '01:30' }], NEW_YORK, utc('2026-10-31T00:00:00Z'), 2),
    ];
    // luxon takes the second 01:30, in standard time.
    expect(repeated.map((at) => at.toISOString())).toEqual(['2026-11-01T06:30:00.000Z']);
  });

  it('skips the instants other posts hold, and gives nothing for an empty week', () => {
    const from = utc('2026-03-07T17:00:00Z');
    const taken = [utc('2026-03-08T13:00:00Z'), utc('2026-03-09T21:30:00Z')];
    expect(take(freeSlotTimesAfter(slots, NEW_YORK, from, taken), 2)).toEqual([
      '2026-03-09T09:00:00.000-04:00',
      '2026-03-15T09:00:00.000-04:00',
    ]);
    expect([...slotTimesAfter([], NEW_YORK, from)]).toEqual([]);
  });

  it('starts after the moment given, not at it', () => {
    const at = utc('2026-03-08T13:00:00Z');
    expect(take(slotTimesAfter(slots, NEW_YORK, at), 1)).toEqual(['2026-03-09T09:00:00.000-04:00']);
  });
});
