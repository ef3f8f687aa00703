import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { notReportedMetrics } from '../../../contracts/analytics';
import { isKnownZone } from '../../lib/time-zones';
import {
  dayIn,
  daysOfRange,
  followerChangeOf,
  metricTotalsBy,
  metricTotalsOf,
  monthInstants,
  rangeInstants,
  resolveTimeZone,
  sumKnown,
} from './analytics-sums';

// X reports impressions but no reach: engagements 40 + 5 + 7 = 52, measured against 1000.
const xPost = { ...notReportedMetrics, impressions: 1000, likes: 40, comments: 5, shares: 7 };
// LinkedIn reports reach: engagements 20, measured against 500.
const linkedInPost = { ...notReportedMetrics, reach: 500, likes: 20 };
// Instagram answered an empty set while its data lags: nothing reported.
const instagramPost = notReportedMetrics;

describe('metricTotalsOf', () => {
  it('sums each metric over the posts that report it and weights the rate', () => {
    // engagements 52 + 20 = 72; rate 72 / (1000 + 500) = 4.8 %.
    expect(metricTotalsOf([xPost, linkedInPost, instagramPost])).toEqual({
      posts: 3,
      impressions: 1000,
      reach: 500,
      engagements: 72,
      engagementRate: 4.8,
    });
  });

  it('is 0 posts and every metric null for no posts', () => {
    expect(metricTotalsOf([])).toEqual({
      posts: 0,
      impressions: null,
      reach: null,
      engagements: null,
      engagementRate: null,
    });
  });

  it('keeps a metric null when no post reported it, however many posts there are', () => {
    expect(metricTotalsOf([instagramPost, instagramPost])).toEqual({
      posts: 2,
      impressions: null,
      reach: null,
      engagements: null,
      engagementRate: null,
    });
  });

  it('counts engagements of a post without a base in the sum but not in the rate', () => {
    // Facebook after Meta removed impressions, reach not reported: 10 likes, no base.
    // engagements 20 + 10 = 30; rate over LinkedIn alone: 20 / 500 = 4 %.
    const facebookPost = { ...notReportedMetrics, likes: 10 };
    expect(metricTotalsOf([linkedInPost, facebookPost])).toMatchObject({
      engagements: 30,
      engagementRate: 4,
    });
  });

  it('has no rate when the only base is 0', () => {
    expect(metricTotalsOf([{ ...notReportedMetrics, reach: 0, likes: 0 }])).toMatchObject({
      reach: 0,
      engagements: 0,
      engagementRate: null,
    });
  });
});

describe('metricTotalsBy', () => {
  it('groups in the order of the keys and gives empty keys 0 posts and nulls', () => {
    const items = [
      { day: '2026-11-03', metrics: linkedInPost },
      { day: '2026-11-01', metrics: xPost },
      { day: '2026-11-03', metrics: instagramPost },
    ];
    const byDay = metricTotalsBy(items, ['2026-11-01', '2026-11-02', '2026-11-03'], (item) => item.day);
    expect([...byDay.keys()]).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(byDay.get('2026-11-01')).toMatchObject({
      posts: 1,
      impressions: 1000,
      reach: null,
      engagements: 52,
    });
    expect(byDay.get('2026-11-02')).toEqual(metricTotalsOf([]));
    expect(byDay.get('2026-11-03')).toMatchObject({
      posts: 2,
      reach: 500,
      engagements: 20,
      engagementRate: 4,
    });
  });
});

describe('days and zones', () => {
  it('takes the asked zone, else a valid user zone, else UTC', () => {
    expect(resolveTimeZone('Asia/Tokyo', 'Europe/Paris')).toBe('Asia/Tokyo');
    expect(resolveTimeZone(undefined, 'Europe/Paris')).toBe('Europe/Paris');
    expect(resolveTimeZone(undefined, null)).toBe('UTC');
    expect(resolveTimeZone(undefined, 'Mars/Olympus')).toBe('UTC');
  });

  it('turns a range of days into instants in the zone, across a DST change', () => {
    // New York leaves daylight time on 2026-11-01: EDT (-4) before, EST (-5) after.
    const { start, end } = rangeInstants('2026-10-31', '2026-11-01', 'America/New_York');
    expect(start.toISOString()).toBe('2026-10-31T04:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('puts 23:30 on the last day of a month in New York in that month there, the next one in UTC', () => {
    const instant = new Date('2026-03-01T04:30:00Z'); // 2026-02-28 23:30 EST
    expect(dayIn(instant, 'America/New_York')).toBe('2026-02-28');
    expect(dayIn(instant, 'UTC')).toBe('2026-03-01');
    const march = monthInstants(new Date('2026-03-15T12:00:00Z'), 'America/New_York');
    expect(march.start.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(march.end.toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(instant < march.start).toBe(true);
  });

  it('lists every day of a range, across a month end and a leap day', () => {
    expect(daysOfRange('2028-02-27', '2028-03-01')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(daysOfRange('2026-11-05', '2026-11-05')).toEqual(['2026-11-05']);
  });
});

/*
 * dayIn, daysOfRange and isKnownZone no longer go through Luxon per call (issue 22); these hold them
 * to what Luxon answers, on the days where a zone's offset changes.
 */
const luxonDayIn = (instant: Date, zone: string) => DateTime.fromJSDate(instant, { zone }).toISODate() ?? '';
function luxonDaysOfRange(from: string, to: string): string[] {
  const days: string[] = [];
  const last = DateTime.fromISO(to, { zone: 'utc' });
  for (let day = DateTime.fromISO(from, { zone: 'utc' }); day <= last; day = day.plus({ days: 1 })) {
    days.push(day.toISODate() ?? '');
  }
  return days;
}
/** Every 15 minutes of the UTC days around `day`, as instants. */
function quartersAround(day: string): Date[] {
  const start = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
  return Array.from({ length: 3 * 96 }, (_, i) => new Date(start + i * 900_000));
}

describe('days and zones, as Luxon counts them', () => {
  const dstDays: Array<[zone: string, day: string, why: string]> = [
    ['Europe/Berlin', '2026-03-29', 'CET to CEST at 02:00'],
    ['Europe/Berlin', '2026-10-25', 'CEST to CET at 03:00'],
    ['America/New_York', '2026-03-08', 'EST to EDT at 02:00'],
    ['America/New_York', '2026-11-01', 'EDT to EST at 02:00'],
    ['Asia/Kolkata', '2026-06-15', '+05:30 all year'],
    ['Australia/Adelaide', '2026-04-05', '+10:30 to +09:30'],
    ['Australia/Adelaide', '2026-10-04', '+09:30 to +10:30'],
    ['Australia/Lord_Howe', '2026-04-05', 'a DST change of 30 minutes'],
    ['America/Santiago', '2026-09-06', 'midnight skipped'],
    ['UTC', '2026-03-29', 'no offset'],
  ];

  it.each(dstDays)('puts every instant around %s %s (%s) on the day Luxon does', (zone, day) => {
    for (const instant of quartersAround(day)) expect(dayIn(instant, zone)).toBe(luxonDayIn(instant, zone));
  });

  it('counts the hour before and after a change on the right local day', () => {
    // Berlin, 2026-03-29: 00:30 CET is 23:30Z the day before; 23:30 CEST is 21:30Z.
    expect(dayIn(new Date('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(dayIn(new Date('2026-03-29T21:59:59Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(dayIn(new Date('2026-03-29T22:00:00Z'), 'Europe/Berlin')).toBe('2026-03-30');
    // New York, 2026-11-01 is 25 hours long: 04:00Z to 05:00Z the next day.
    expect(dayIn(new Date('2026-11-01T03:59:59Z'), 'America/New_York')).toBe('2026-10-31');
    expect(dayIn(new Date('2026-11-02T04:59:59Z'), 'America/New_York')).toBe('2026-11-01');
    expect(dayIn(new Date('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02');
    // Kolkata, +05:30: its day starts at 18:30Z the day before.
    expect(dayIn(new Date('2026-06-14T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-06-14');
    expect(dayIn(new Date('2026-06-14T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-06-15');
  });

  it('answers as Luxon for instants outside the years the formatter handles', () => {
    for (const iso of [
      '1500-06-01T12:00:00Z',
      '0999-12-31T23:00:00Z',
      '1600-01-01T00:30:00Z',
      '9999-12-31T12:00:00Z',
    ]) {
      const instant = new Date(iso);
      expect(dayIn(instant, 'Europe/Berlin')).toBe(luxonDayIn(instant, 'Europe/Berlin'));
    }
    expect(dayIn(new Date(Number.NaN), 'Europe/Berlin')).toBe(
      luxonDayIn(new Date(Number.NaN), 'Europe/Berlin'),
    );
  });

  it('turns ranges into the instants of their days, across DST changes and a 30-minute offset', () => {
    // Berlin springs forward on 2026-03-29 (that day has 23 hours): midnight CET, then CEST.
    const berlin = rangeInstants('2026-03-29', '2026-03-29', 'Europe/Berlin');
    expect(berlin.start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(berlin.end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    const kolkata = rangeInstants('2026-06-15', '2026-06-16', 'Asia/Kolkata');
    expect(kolkata.start.toISOString()).toBe('2026-06-14T18:30:00.000Z');
    expect(kolkata.end.toISOString()).toBe('2026-06-16T18:30:00.000Z');
    // Asked again (now from the cache): the same instants, as new objects the caller may change.
    const again = rangeInstants('2026-03-29', '2026-03-29', 'Europe/Berlin');
    expect(again).toEqual(berlin);
    expect(again.start).not.toBe(berlin.start);
  });

  it('lists the days of a range as Luxon does, odd years and impossible days included', () => {
    const ranges: Array<[string, string]> = [
      ['2026-03-01', '2026-04-30'],
      ['2026-10-20', '2026-11-05'],
      ['2028-02-25', '2028-03-02'],
      ['2100-02-27', '2100-03-01'],
      ['2000-02-27', '2000-03-01'],
      ['0050-12-30', '0051-01-02'],
      ['9999-12-30', '9999-12-31'],
      ['2026-02-30', '2026-03-02'],
      ['2026-01-05', '2026-01-04'],
      ['2026-13-01', '2026-13-02'],
      ['2026-1-1', '2026-1-2'],
    ];
    for (const [from, to] of ranges) expect(daysOfRange(from, to)).toEqual(luxonDaysOfRange(from, to));
    expect(daysOfRange('2026-01-01', '2026-12-31')).toHaveLength(365);
  });

  it('knows the zones Luxon knows, and remembers only those', () => {
    for (const zone of [
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kolkata',
      'UTC',
      'Mars/Olympus',
      '',
      'Europe/Berlin',
    ]) {
      expect(isKnownZone(zone)).toBe(IANAZone.isValidZone(zone));
    }
    expect(isKnownZone(null)).toBe(false);
    expect(isKnownZone(undefined)).toBe(false);
  });
});

describe('followers', () => {
  it('sums last minus first per account that has two readings in the range', () => {
    const readings = [
      { accountId: 'a', day: '2026-11-10', followers: 130 },
      { accountId: 'a', day: '2026-11-01', followers: 100 },
      { accountId: 'a', day: '2026-11-05', followers: 90 },
      { accountId: 'b', day: '2026-11-02', followers: 500 },
      { accountId: 'b', day: '2026-11-09', followers: 480 },
      { accountId: 'c', day: '2026-11-03', followers: 70 },
    ];
    // a: 130 - 100 = +30; b: 480 - 500 = -20; c has one reading: left out. Total +10.
    expect(followerChangeOf(readings)).toBe(10);
  });

  it('is null when no account has two readings', () => {
    expect(followerChangeOf([{ accountId: 'a', day: '2026-11-01', followers: 5 }])).toBeNull();
    expect(followerChangeOf([])).toBeNull();
  });

  it('sums what is known, null when nothing is', () => {
    expect(sumKnown([3, null, undefined, 4])).toBe(7);
    expect(sumKnown([null, undefined])).toBeNull();
    expect(sumKnown([0])).toBe(0);
  });
});
