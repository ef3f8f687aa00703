const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, in words that fit a list row: 'just now', '5 min ago', '3 h ago', 'yesterday',
 * '4 days ago', then the date ('Mar 3', with the year when it is not this one). `timeZone`: the
 * user's chosen zone (null or absent: the browser's), for the calendar parts.
 */
export function formatRelativeTime(iso: string, now: Date, timeZone?: string | null): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  const zone = timeZone ?? undefined;
  const daysApart = calendarDaysBetween(then, now, zone);
  if (elapsed < 12 * HOUR || daysApart === 0) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (daysApart === 1) return 'yesterday';
  if (daysApart < 7) return `${daysApart} days ago`;
  const sameYear = dayKey(then, zone).slice(0, 4) === dayKey(now, zone).slice(0, 4);
  return then.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: zone,
  });
}

/** The full date and time, for the title of a <time>. */
export function formatFullTime(iso: string, timeZone?: string | null): string {
  return new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timeZone ?? undefined,
  });
}

/** 'YYYY-MM-DD' of the instant in the zone. */
function dayKey(date: Date, timeZone: string | undefined): string {
  return date.toLocaleDateString('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
}

function calendarDaysBetween(earlier: Date, later: Date, timeZone: string | undefined): number {
  const toUtcDay = (key: string) => Date.parse(`${key}T00:00:00Z`);
  return Math.round((toUtcDay(dayKey(later, timeZone)) - toUtcDay(dayKey(earlier, timeZone))) / DAY);
}
