import type { ScheduledPost } from './demo-data';

export interface CalendarCell {
  /** yyyy-mm-dd, local. */
  key: string;
  date: Date;
  inMonth: boolean;
}

export const CALENDAR_CELLS = 35;

function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * The month grid of the tour's calendar: Sunday first, `count` cells from the Sunday on or
 * before the 1st (December 2024 starts on a Sunday: Dec 1..31, then Jan 1..4).
 */
export function monthCells(year: number, monthIndex: number, count = CALENDAR_CELLS): CalendarCell[] {
  const first = new Date(year, monthIndex, 1);
  const start = new Date(year, monthIndex, 1 - first.getDay());
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(start.getFullYear(), start.getMonth(), start.getDate() + index);
    return { key: dayKey(date), date, inMonth: date.getMonth() === monthIndex };
  });
}

/** A local ISO date-time without zone ('2024-12-03T09:00:00') as a local Date. */
export function localDate(iso: string): Date {
  const [datePart = '', timePart = '00:00'] = iso.split('T');
  const [year = 0, month = 1, day = 1] = datePart.split('-').map(Number);
  const [hours = 0, minutes = 0] = timePart.split(':').map(Number);
  return new Date(year, month - 1, day, hours, minutes);
}

/** Posts grouped by their day key, each day in time order. */
export function postsByDay(posts: ScheduledPost[]): Map<string, ScheduledPost[]> {
  const byDay = new Map<string, ScheduledPost[]>();
  const sorted = [...posts].sort(
    (a, b) => localDate(a.scheduledAt).getTime() - localDate(b.scheduledAt).getTime(),
  );
  for (const post of sorted) {
    const key = dayKey(localDate(post.scheduledAt));
    byDay.set(key, [...(byDay.get(key) ?? []), post]);
  }
  return byDay;
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const shortTimeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric' });
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
const longDayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** '9 AM' on the hour, else '9:30 AM'. */
export function shortTime(date: Date): string {
  return date.getMinutes() === 0 ? shortTimeFormat.format(date) : timeFormat.format(date);
}

export function postWhen(iso: string): string {
  const date = localDate(iso);
  return `${dayFormat.format(date)} · ${timeFormat.format(date)}`;
}

export function longDay(date: Date): string {
  return longDayFormat.format(date);
}
