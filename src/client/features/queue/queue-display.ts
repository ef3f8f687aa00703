/** The week as a business reads it: Monday first, Sunday (0) last. */
export const weekdaysFromMonday = [1, 2, 3, 4, 5, 6, 0] as const;

/** "09:00" → "9:00 AM", "13:30" → "1:30 PM", "00:15" → "12:15 AM". */
export function formatSlotTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** The post's first line, shortened for a list row. */
export function excerptOf(content: string, max = 120): string {
  const line = content.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** `ids` with the one at `from` moved to `to` (a drag from one row to another). */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/** 'Sun, Nov 29, 7:30 AM' in `zone` (the year too when it is not this year's). */
export function formatSlotInstant(iso: string, zone: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const year = (date: Date) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric' }).format(date);
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(year(at) === year(now) ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}
