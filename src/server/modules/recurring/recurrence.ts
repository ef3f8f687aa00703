import { DateTime } from 'luxon';
import type { RecurrenceUnit } from '../../../contracts/scheduling';

/*
 * The recurrence arithmetic, pure: when each occurrence of a series falls. Occurrences keep the
 * first one's wall time in the series' zone (a 09:00 post stays 09:00 across daylight saving
 * time) and are counted from the first, never from the one before: a monthly post on the 31st
 * falls on the last day of a shorter month and is back on the 31st the month after.
 */

export interface RecurrenceRule {
  startsAt: Date;
  timeZone: string;
  interval: number;
  unit: RecurrenceUnit;
  /** The last moment an occurrence may fall on; null: no end date. */
  until: Date | null;
  /** How many occurrences in all; null: no count. */
  count: number | null;
}

const durationKey = { day: 'days', week: 'weeks', month: 'months' } as const;

/** When occurrence `index` (0 is the first) falls, whether or not the rule's end allows it. */
export function occurrenceAt(rule: RecurrenceRule, index: number): Date {
  const start = DateTime.fromJSDate(rule.startsAt, { zone: rule.timeZone });
  // Luxon adds days, weeks and months in wall time, and clamps a month's day to its last one.
  return start.plus({ [durationKey[rule.unit]]: rule.interval * index }).toJSDate();
}

/** Whether occurrence `index`, falling at `at`, is within the rule's end (count or until). */
export function withinEnd(rule: RecurrenceRule, index: number, at: Date): boolean {
  if (rule.count !== null && index >= rule.count) return false;
  if (rule.until !== null && at.getTime() > rule.until.getTime()) return false;
  return true;
}

export interface DueOccurrences {
  /** Occurrences to create: index and time, all after `now` and up to the horizon. */
  due: Array<{ index: number; at: Date }>;
  /** The index the next run starts from. */
  nextIndex: number;
  /** The rule's end is reached: no occurrence will ever follow. */
  finished: boolean;
}

/**
 * The occurrences from `fromIndex` on that fall up to `horizon`, at most `limit` of them.
 * Occurrences whose time has passed (the job did not run meanwhile) are skipped, never created
 * in the past: a post goes out at its time or not at all.
 */
export function dueOccurrences(
  rule: RecurrenceRule,
  fromIndex: number,
  now: Date,
  horizon: Date,
  limit: number,
): DueOccurrences {
  const due: DueOccurrences['due'] = [];
  let index = fromIndex;
  for (;;) {
    const at = occurrenceAt(rule, index);
    if (!withinEnd(rule, index, at)) return { due, nextIndex: index, finished: true };
    if (at.getTime() > horizon.getTime() || due.length >= limit) {
      return { due, nextIndex: index, finished: false };
    }
    if (at.getTime() > now.getTime()) due.push({ index, at });
    index += 1;
  }
}
