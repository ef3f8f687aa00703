import { describe, expect, it } from 'vitest';
import { notReportedMetrics } from '../../../contracts/analytics';
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
