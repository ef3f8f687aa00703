/**
 * Times for the schedule dialog. `<input type="datetime-local">` speaks the browser's local time
 * as 'YYYY-MM-DDTHH:mm'; the API wants an ISO instant (spec §4: default tomorrow 14:00 local).
 */
export const DEFAULT_SCHEDULE_HOUR = 14;

const pad = (value: number) => String(value).padStart(2, '0');

/** A local date-time as the input's value. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Tomorrow at 14:00 in the browser's time zone. */
export function defaultScheduleValue(now: Date = new Date()): string {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, DEFAULT_SCHEDULE_HOUR, 0);
  return toLocalInputValue(tomorrow);
}

/** The input's local value as an instant, or null when it is not a complete date-time. */
export function localInputToDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  // A date-time without an offset is read as local time (ECMAScript date-time string format).
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The browser's time zone, e.g. 'Europe/Berlin (GMT+1)'. */
export function localTimeZoneLabel(at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  let offset = '';
  try {
    offset =
      new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    offset = '';
  }
  return offset && offset !== zone ? `${zone} (${offset})` : zone;
}

/** 'Tue, Dec 2, 2026, 2:00 PM' in the browser's locale and time zone. */
export function formatLocalDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
