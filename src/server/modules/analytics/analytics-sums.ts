import { DateTime, IANAZone } from 'luxon';
import {
  engagementBaseOf,
  engagementRate,
  engagementsOf,
  type MetricTotals,
  type PostMetricValues,
} from '../../../contracts/analytics';

/*
 * The arithmetic of dashboard and analytics numbers (pure). A missing metric stays missing: a sum
 * is null when no post in the set reported that metric, and the rate is weighted over the posts
 * that report both engagements and a base (docs/decisions/023-analytics-numbers.md).
 */

/** Sums of a set of posts' latest readings; an empty set is 0 posts and every metric null. */
export function metricTotalsOf(readings: readonly PostMetricValues[]): MetricTotals {
  let impressions: number | null = null;
  let reach: number | null = null;
  let engagements: number | null = null;
  let measuredEngagements: number | null = null;
  let measuredBase: number | null = null;
  for (const values of readings) {
    if (values.impressions !== null) impressions = (impressions ?? 0) + values.impressions;
    if (values.reach !== null) reach = (reach ?? 0) + values.reach;
    const postEngagements = engagementsOf(values);
    if (postEngagements !== null) engagements = (engagements ?? 0) + postEngagements;
    const base = engagementBaseOf(values);
    if (postEngagements !== null && base !== null) {
      measuredEngagements = (measuredEngagements ?? 0) + postEngagements;
      measuredBase = (measuredBase ?? 0) + base;
    }
  }
  return {
    posts: readings.length,
    impressions,
    reach,
    engagements,
    engagementRate: engagementRate(measuredEngagements, measuredBase),
  };
}

/** The zone to count days in: the one asked for, else the user's, else UTC (the server's default). */
export function resolveTimeZone(requested: string | undefined, userZone: string | null | undefined): string {
  if (requested !== undefined) return requested;
  return userZone && IANAZone.isValidZone(userZone) ? userZone : 'UTC';
}

/** The instants [start, end) of the days `from`..`to` (inclusive) in `zone`. */
export function rangeInstants(from: string, to: string, zone: string): { start: Date; end: Date } {
  return {
    start: DateTime.fromISO(from, { zone }).startOf('day').toJSDate(),
    end: DateTime.fromISO(to, { zone }).plus({ days: 1 }).startOf('day').toJSDate(),
  };
}

/** The calendar month around `now` in `zone`, as instants [start, end). */
export function monthInstants(now: Date, zone: string): { start: Date; end: Date } {
  const start = DateTime.fromJSDate(now, { zone }).startOf('month');
  return { start: start.toJSDate(), end: start.plus({ months: 1 }).toJSDate() };
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export function dayIn(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() ?? '';
}

/** Every day from `from` to `to`, inclusive, in order. */
export function daysOfRange(from: string, to: string): string[] {
  const days: string[] = [];
  const last = DateTime.fromISO(to, { zone: 'utc' });
  for (let day = DateTime.fromISO(from, { zone: 'utc' }); day <= last; day = day.plus({ days: 1 })) {
    days.push(day.toISODate() ?? '');
  }
  return days;
}

/** Sums of `items` grouped by `keyOf`, in the order of `keys` (keys without items: 0 posts, nulls). */
export function metricTotalsBy<K, T extends { metrics: PostMetricValues }>(
  items: readonly T[],
  keys: readonly K[],
  keyOf: (item: T) => K,
): Map<K, MetricTotals> {
  const groups = new Map<K, PostMetricValues[]>(keys.map((key) => [key, []]));
  for (const item of items) groups.get(keyOf(item))?.push(item.metrics);
  return new Map([...groups].map(([key, readings]) => [key, metricTotalsOf(readings)]));
}

export interface FollowerReading {
  accountId: string;
  day: string;
  followers: number;
}

/**
 * Followers gained over the range: per account, its last reading in the range minus its first;
 * summed over the accounts with at least two readings there; null when none has two.
 */
export function followerChangeOf(readingsInRange: readonly FollowerReading[]): number | null {
  const byAccount = new Map<string, FollowerReading[]>();
  for (const reading of readingsInRange) {
    const list = byAccount.get(reading.accountId) ?? [];
    list.push(reading);
    byAccount.set(reading.accountId, list);
  }
  let change: number | null = null;
  for (const readings of byAccount.values()) {
    if (readings.length < 2) continue;
    const sorted = [...readings].sort((a, b) => a.day.localeCompare(b.day));
    const first = sorted[0];
    const last = sorted[sorted.length - 1];
    if (first && last) change = (change ?? 0) + (last.followers - first.followers);
  }
  return change;
}

/** Sum of the known values; null when none is known. */
export function sumKnown(values: ReadonlyArray<number | null | undefined>): number | null {
  let total: number | null = null;
  for (const value of values) if (value !== null && value !== undefined) total = (total ?? 0) + value;
  return total;
}
