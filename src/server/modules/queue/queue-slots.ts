import { DateTime } from 'luxon';

/*
 * A posting schedule's arithmetic, pure: a week of slots as wall times in the queue's zone, turned
 * into instants. Each slot is placed on its calendar day in that zone, so a 09:00 slot is 09:00
 * local before and after a daylight saving change (14:00 UTC in New York's winter, 13:00 in its
 * summer). A wall time a spring-forward skips (02:30 on that Sunday) happens once, an hour later by
 * the clock (luxon moves it forward by the gap); one a fall-back repeats (01:30) happens once, the
 * second time (luxon resolves it to standard time).
 */

/** A weekday (0 Sunday … 6 Saturday, as JavaScript's getDay) and a wall time "HH:MM". */
export interface WeeklySlot {
  weekday: number;
  time: string;
}

/** How far ahead a queue looks for a free slot: beyond a year, a post is better scheduled by hand. */
export const QUEUE_HORIZON_DAYS = 366;

/** "HH:MM" as minutes after midnight. */
function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The slots of each weekday (0-6), by time of day, without repeats. */
function slotsByWeekday(slots: WeeklySlot[]): number[][] {
  const days: number[][] = [[], [], [], [], [], [], []];
  for (const slot of slots) {
    const day = days[slot.weekday];
    const minutes = minutesOf(slot.time);
    if (day && !day.includes(minutes)) day.push(minutes);
  }
  for (const day of days) day.sort((a, b) => a - b);
  return days;
}

/**
 * The schedule's slot instants after `from`, in order, for up to `horizonDays` days. Lazy: a queue
 * takes the first free one and stops.
 */
export function* slotTimesAfter(
  slots: WeeklySlot[],
  timeZone: string,
  from: Date,
  horizonDays = QUEUE_HORIZON_DAYS,
): Generator<Date> {
  const days = slotsByWeekday(slots);
  if (days.every((day) => day.length === 0)) return;
  const start = DateTime.fromJSDate(from, { zone: timeZone }).startOf('day');
  let previous = 0;
  for (let offset = 0; offset <= horizonDays; offset += 1) {
    const date = start.plus({ days: offset });
    for (const minutes of days[date.weekday % 7] ?? []) {
      const at = DateTime.fromObject(
        {
          year: date.year,
          month: date.month,
          day: date.day,
          hour: Math.floor(minutes / 60),
          minute: minutes % 60,
        },
        { zone: timeZone },
      ).toMillis();
      // After `from`, and once: a skipped wall time moved forward may land on a later slot's instant.
      if (at > from.getTime() && at > previous) {
        previous = at;
        yield new Date(at);
      }
    }
  }
}

/** The schedule's free slot instants after `from`, skipping the instants `taken` holds. */
export function* freeSlotTimesAfter(
  slots: WeeklySlot[],
  timeZone: string,
  from: Date,
  taken: Iterable<Date>,
  horizonDays = QUEUE_HORIZON_DAYS,
): Generator<Date> {
  const held = new Set<number>();
  for (const at of taken) held.add(at.getTime());
  for (const at of slotTimesAfter(slots, timeZone, from, horizonDays)) {
    if (!held.has(at.getTime())) yield at;
  }
}
