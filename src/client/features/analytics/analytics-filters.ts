import {
  type AnalyticsPostSort,
  type AnalyticsQuery,
  analyticsPostSorts,
  isoDay,
  MAX_ANALYTICS_DAYS,
} from '../../../contracts/analytics';
import { type PublishingPlatform, publishingPlatform } from '../../../contracts/platforms';

/*
 * The analytics screen's filters live in the URL (?from&to&platform&account&sort), so a reload or
 * a shared link shows the same numbers. Days are calendar days in the user's time zone; the
 * server is told the zone (timeZone) and does the day boundaries itself.
 */

export type AnalyticsSort = AnalyticsPostSort;

export interface AnalyticsFilters {
  from: string;
  to: string;
  platform: PublishingPlatform | null;
  accountId: string | null;
}

export interface AnalyticsScreenState {
  filters: AnalyticsFilters;
  sort: AnalyticsSort;
}

export const rangePresets = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;
export const DEFAULT_PRESET_DAYS = 30;
export const DEFAULT_SORT: AnalyticsSort = 'engagements';

export const sortLabels: Record<AnalyticsSort, string> = {
  engagements: 'Most engagements',
  reach: 'Most reach',
  impressions: 'Most impressions',
  publishedAt: 'Newest',
};

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `day` moved by whole days ('YYYY-MM-DD' arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The last `days` days up to and including `today`. */
export function presetRange(days: number, today: string): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** Which preset a range is (it must end today), or null for a custom range. */
export function presetOf(range: { from: string; to: string }, today: string): number | null {
  if (range.to !== today) return null;
  return rangePresets.find((preset) => presetRange(preset.days, today).from === range.from)?.days ?? null;
}

function validDay(value: string | null): value is string {
  return value !== null && isoDay.safeParse(value).success;
}

/**
 * Why a custom range cannot be shown (the same rules as the server's analyticsQuery), or null.
 * Missing days say so first.
 */
export function rangeProblem(from: string, to: string): string | null {
  if (!validDay(from) || !validDay(to)) return 'Enter both dates.';
  if (from > to) return 'The start date must not be after the end date.';
  if (daysInRange(from, to) > MAX_ANALYTICS_DAYS) return `Choose at most ${MAX_ANALYTICS_DAYS} days.`;
  return null;
}

/**
 * The screen's state from the URL's query string. Anything missing or malformed falls back to the
 * default (the last 30 days, all platforms, all accounts, most engagements first), so a mangled
 * link still shows a sensible screen.
 */
export function readScreenState(search: string, today: string): AnalyticsScreenState {
  const query = new URLSearchParams(search);
  const from = query.get('from');
  const to = query.get('to');
  const range =
    validDay(from) && validDay(to) && rangeProblem(from, to) === null
      ? { from, to }
      : presetRange(DEFAULT_PRESET_DAYS, today);
  const platform = publishingPlatform.safeParse(query.get('platform'));
  const account = query.get('account');
  const sort = query.get('sort');
  return {
    filters: {
      ...range,
      platform: platform.success ? platform.data : null,
      accountId: account !== null && UUID.test(account) ? account : null,
    },
    sort: analyticsPostSorts.find((known) => known === sort) ?? DEFAULT_SORT,
  };
}

/** The query string for the URL ('' for the defaults, so /analytics stays a clean link). */
export function writeScreenState(state: AnalyticsScreenState, today: string): string {
  const query = new URLSearchParams();
  const { filters, sort } = state;
  if (presetOf(filters, today) !== DEFAULT_PRESET_DAYS) {
    query.set('from', filters.from);
    query.set('to', filters.to);
  }
  if (filters.platform) query.set('platform', filters.platform);
  if (filters.accountId) query.set('account', filters.accountId);
  if (sort !== DEFAULT_SORT) query.set('sort', sort);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The API's query (contracts analyticsQuery) for these filters in `timeZone`. */
export function apiQuery(filters: AnalyticsFilters, timeZone: string): AnalyticsQuery {
  return {
    from: filters.from,
    to: filters.to,
    timeZone,
    ...(filters.platform ? { platform: filters.platform } : {}),
    ...(filters.accountId ? { accountId: filters.accountId } : {}),
  };
}

/** The query as URL parameters, in a stable order. */
export function apiSearchParams(query: AnalyticsQuery, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.timeZone) params.set('timeZone', query.timeZone);
  if (query.platform) params.set('platform', query.platform);
  if (query.accountId) params.set('accountId', query.accountId);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params;
}

/** GET /api/analytics/posts.csv for the filters in view (a plain link: the session cookie goes along). */
export function csvExportHref(query: AnalyticsQuery): string {
  return `/api/analytics/posts.csv?${apiSearchParams(query)}`;
}
