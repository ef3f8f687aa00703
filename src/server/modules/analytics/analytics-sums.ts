import { LRUCache } from 'lru-cache';
import { DateTime } from 'luxon';
import {
  engagementBaseOf,
  engagementRate,
  engagementsOf,
  type MetricTotals,
  type PostMetricValues,
} from '../../../contracts/analytics';
import { isKnownZone } from '../../lib/time-zones';

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

/*
 * Days and zones. The analytics overview asks these once per post and once per day of its range,
 * on every request, so they avoid Luxon where a cheaper exact way exists (issue 22: Luxon's zone
 * work was most of the overview's CPU). Each answers what Luxon answers (analytics-sums.test.ts
 * compares them, DST days included).
 */

/** The zone to count days in: the one asked for, else the user's, else UTC (the server's default). */
export function resolveTimeZone(requested: string | undefined, userZone: string | null | undefined): string {
  if (requested !== undefined) return requested;
  return isKnownZone(userZone) ? userZone : 'UTC';
}

/**
 * rangeInstants' answers: the same days in the same zone are the same instants while the process
 * runs (its zone data is fixed), and the analytics screen asks the same few ranges again and again.
 */
const rangeInstantsCache = new LRUCache<string, { start: number; end: number }>({ max: 1_000 });

/** The instants [start, end) of the days `from`..`to` (inclusive) in `zone`. */
export function rangeInstants(from: string, to: string, zone: string): { start: Date; end: Date } {
  const key = `${zone} ${from} ${to}`;
  let range = rangeInstantsCache.get(key);
  if (!range) {
    // Luxon's start of a day, kept for the days whose midnight a DST change skips (the first
    // instant that exists is the day's start).
    range = {
      start: DateTime.fromISO(from, { zone }).startOf('day').toMillis(),
      end: DateTime.fromISO(to, { zone }).plus({ days: 1 }).startOf('day').toMillis(),
    };
    rangeInstantsCache.set(key, range);
  }
  return { start: new Date(range.start), end: new Date(range.end) };
}

/** The calendar month around `now` in `zone`, as instants [start, end). */
export function monthInstants(now: Date, zone: string): { start: Date; end: Date } {
  const start = DateTime.fromJSDate(now, { zone }).startOf('month');
  return { start: start.toJSDate(), end: start.plus({ months: 1 }).toJSDate() };
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** en-US numeric dates: MM/DD/YYYY. */
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/**
 * The instants the formatter answers as Luxon would: Intl's Gregorian calendar is Julian before
 * 1582 (Luxon's is proleptic) and prints years before 1000 with fewer digits and no era. Outside
 * 1600-9999 (a day either side), Luxon answers.
 */
const FORMATTER_FROM_MS = Date.UTC(1600, 0, 2);
const FORMATTER_UNTIL_MS = Date.UTC(9999, 11, 30);

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone` (a valid zone). */
export function dayIn(instant: Date, zone: string): string {
  let formatter = dayFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(zone, formatter);
  }
  const ms = instant.getTime();
  const match =
    ms >= FORMATTER_FROM_MS && ms < FORMATTER_UNTIL_MS ? US_DATE.exec(formatter.format(ms)) : null;
  if (match) return `${match[3]}-${match[1]}-${match[2]}`;
  return DateTime.fromJSDate(instant, { zone }).toISODate() ?? '';
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a YYYY-MM-DD day, or null when it is not one (Luxon's invalid DateTime). */
function utcDayMs(day: string): number | null {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as they are; it rolls 02-30 over to 03-02,
  // which is then not the day asked for.
  const back = new Date(0);
  const ms = back.setUTCFullYear(year, month - 1, date);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) {
    return null;
  }
  return ms;
}

/** Every day from `from` to `to`, inclusive, in order (none when either is not a day). */
export function daysOfRange(from: string, to: string): string[] {
  const first = utcDayMs(from);
  const last = utcDayMs(to);
  if (first === null || last === null) return [];
  const days: string[] = [];
  // ISO_DAY's years (0000-9999) print as YYYY-MM-DD.
  for (let ms = first; ms <= last; ms += DAY_MS) days.push(new Date(ms).toISOString().slice(0, 10));
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
