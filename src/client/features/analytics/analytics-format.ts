import type { AnalyticsOverview, MetricTotals } from '../../../contracts/analytics';
import { formatCount } from '../../lib/metric-format';

export { formatCount, formatRate, NOT_REPORTED_MARK } from '../../lib/metric-format';

/*
 * How the analytics screen writes its numbers. A null number is one the platform did not report:
 * it is written as '—' (never 0), and charts leave a gap for it.
 */

const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 1.2K for chart axes. */
export function formatCompact(value: number): string {
  return compactNumber.format(value);
}

/** '+12', '−3' (a real minus sign), '0'. */
export function formatChange(value: number): string {
  if (value > 0) return `+${formatCount(value)}`;
  if (value < 0) return `\u2212${formatCount(-value)}`;
  return '0';
}

/** Today's date in `zone`, 'YYYY-MM-DD'. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return now.toLocaleDateString('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
}

/** A 'YYYY-MM-DD' day as 'Mar 3' (short: axes, phones) or 'Tue, Mar 3, 2026' (tables). */
export function formatDay(day: string, style: 'short' | 'long' = 'short'): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(
    'en-US',
    style === 'short'
      ? { month: 'short', day: 'numeric', timeZone: 'UTC' }
      : { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  );
}

/** A range as 'Mar 3 – Apr 1, 2026'. */
export function formatRange(from: string, to: string): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start = new Date(`${from}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
  const end = new Date(`${to}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return from === to ? end : `${start} – ${end}`;
}

/** When a post went out, in the user's zone: 'Mar 3, 2026, 9:05 AM'. */
export function formatPublishedAt(iso: string, zone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
}

/** The first `max` characters of a post, cut at a word and marked with '…' when cut. */
export function excerpt(text: string, max = 120): { text: string; cut: boolean } {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return { text: flat, cut: false };
  const slice = flat.slice(0, max);
  const lastSpace = slice.lastIndexOf(' ');
  return { text: `${(lastSpace > max * 0.6 ? slice.slice(0, lastSpace) : slice).trimEnd()}…`, cut: true };
}

/** True when the range has at least one published post. */
export function hasPosts(overview: Pick<AnalyticsOverview, 'totals'>): boolean {
  return overview.totals.posts > 0;
}

/** The days that had posts: what the daily chart's text table lists. */
export function daysWithPosts<T extends MetricTotals & { date: string }>(daily: T[]): T[] {
  return daily.filter((day) => day.posts > 0);
}

/** True when some row has a reach or an engagement count to draw (else the chart would be an empty frame). */
export function hasMeasurements(rows: Pick<MetricTotals, 'reach' | 'engagements'>[]): boolean {
  return rows.some((row) => row.reach !== null || row.engagements !== null);
}

export interface FollowerRow {
  date: string;
  /** accountId -> followers that day; an account without a reading that day is absent. */
  [accountId: string]: number | string;
}

/**
 * The follower series merged into one row per day (what a multi-line chart plots), days in order.
 * An account without a reading on a day has no value there (the line joins its known readings).
 */
export function followerRows(series: AnalyticsOverview['followerGrowth']): FollowerRow[] {
  const byDay = new Map<string, FollowerRow>();
  for (const account of series) {
    for (const point of account.points) {
      const row = byDay.get(point.date) ?? { date: point.date };
      row[account.accountId] = point.followers;
      byDay.set(point.date, row);
    }
  }
  return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** What Refresh read, for its toast. */
export function refreshSummary(postsRead: number, accountsSkipped: number): string {
  const read = `Read the latest numbers of ${postsRead} post${postsRead === 1 ? '' : 's'}.`;
  if (accountsSkipped === 0) return read;
  return `${read} ${accountsSkipped} account${accountsSkipped === 1 ? ' was' : 's were'} skipped (the platform asked us to wait, or it needs reconnecting).`;
}

/** Colours for series, in order (distinct on white, and for common colour blindness). */
export const seriesColours = [
  '#4f46e5',
  '#0d9488',
  '#d97706',
  '#db2777',
  '#2563eb',
  '#65a30d',
  '#7c3aed',
  '#dc2626',
];

export function seriesColour(index: number): string {
  return seriesColours[index % seriesColours.length] ?? '#4f46e5';
}
