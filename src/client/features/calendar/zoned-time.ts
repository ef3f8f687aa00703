import { DateTime } from 'luxon';

/**
 * Wall time in the user's time zone <-> instants in UTC (architecture §4: times are stored in UTC
 * and shown in the user's zone). A post is planned as "14:00 on that day, where I am": it is
 * converted with the zone's offset on that day, so a DST change between today and then never
 * moves it (14:00 stays 14:00 local).
 */
export const DEFAULT_SCHEDULE_HOUR = 14;

export interface WallTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  time: string;
}

export interface ZonedInstant {
  /** The instant in UTC, ISO 8601 with 'Z'. */
  iso: string;
  /**
   * True when that wall time does not exist in the zone (the hour skipped when clocks go forward):
   * the instant is the first valid moment after it, and the user should be told.
   */
  shifted: boolean;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DD' + 'HH:mm' (or 'HH:mm:ss') in `zone` as a UTC instant; null when incomplete or invalid. */
export function wallTimeToUtc(date: string, time: string, zone: string): ZonedInstant | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const wanted = {
    year: Number(d[1]),
    month: Number(d[2]),
    day: Number(d[3]),
    hour: Number(t[1]),
    minute: Number(t[2]),
    second: t[3] ? Number(t[3]) : 0,
    millisecond: 0,
  };
  const at = DateTime.fromObject(wanted, { zone });
  if (!at.isValid) return null;
  // luxon rejects 2026-02-30 as invalid but moves a time inside a DST gap forward: say so.
  const shifted =
    at.year !== wanted.year ||
    at.month !== wanted.month ||
    at.day !== wanted.day ||
    at.hour !== wanted.hour ||
    at.minute !== wanted.minute;
  const iso = at.toUTC().toISO({ suppressMilliseconds: true });
  return iso ? { iso, shifted } : null;
}

/** An instant as the date and time inputs show it in `zone`. */
export function utcToWallTime(iso: string, zone: string): WallTime | null {
  const at = DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);
  if (!at.isValid) return null;
  return { date: at.toFormat('yyyy-MM-dd'), time: at.toFormat('HH:mm') };
}

/** Spec §4: tomorrow at 14:00, here tomorrow in the user's zone. */
export function defaultScheduleWallTime(zone: string, now: Date = new Date()): WallTime {
  const tomorrow = DateTime.fromJSDate(now).setZone(zone).plus({ days: 1 });
  return {
    date: tomorrow.toFormat('yyyy-MM-dd'),
    time: `${String(DEFAULT_SCHEDULE_HOUR).padStart(2, '0')}:00`,
  };
}

/** Today's date in `zone` ('YYYY-MM-DD'), the earliest a post can be planned for. */
export function todayInZone(zone: string, now: Date = new Date()): string {
  return DateTime.fromJSDate(now).setZone(zone).toFormat('yyyy-MM-dd');
}

/** Moves an instant by whole days in `zone`, keeping its wall time across a DST change. */
export function shiftDaysInZone(iso: string, days: number, zone: string): string {
  const moved = DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).plus({ days });
  return moved.toUTC().toISO({ suppressMilliseconds: true }) ?? iso;
}

/** 'Tue, Dec 1, 2026, 2:00 PM' in `zone`. */
export function formatDateTimeInZone(iso: string, zone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** '2:00 PM' in `zone`. */
export function formatTimeInZone(iso: string, zone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(
    date,
  );
}

/** 'Tue, Dec 1' in `zone`. */
export function formatDayInZone(iso: string, zone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(date);
}
