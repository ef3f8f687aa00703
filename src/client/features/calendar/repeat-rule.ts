import { MAX_REPEAT_COUNT, MAX_REPEAT_EVERY, type RepeatPostBody } from '../../../contracts/recurring';
import type { RecurrenceUnit } from '../../../contracts/scheduling';
import { wallTimeToUtc } from './zoned-time';

/** What the composer's Repeat control holds. */
export interface RepeatValue {
  /** null: the post does not repeat. */
  unit: RecurrenceUnit | null;
  every: number;
  ends: 'never' | 'on' | 'after';
  /** The last day ('YYYY-MM-DD', in the calendar's zone) when `ends` is 'on'. */
  until: string;
  /** How many posts in all when `ends` is 'after'. */
  count: number;
}

export const noRepeat: RepeatValue = { unit: null, every: 1, ends: 'never', until: '', count: 5 };

/** Why the rule cannot be saved as it is, or null. `firstDate` is the post's date ('YYYY-MM-DD'). */
export function repeatProblem(value: RepeatValue, firstDate: string): string | null {
  if (!value.unit) return null;
  if (!Number.isInteger(value.every) || value.every < 1 || value.every > MAX_REPEAT_EVERY) {
    return `Repeat every 1 to ${MAX_REPEAT_EVERY}.`;
  }
  if (
    value.ends === 'after' &&
    (!Number.isInteger(value.count) || value.count < 2 || value.count > MAX_REPEAT_COUNT)
  ) {
    return `End after 2 to ${MAX_REPEAT_COUNT} posts.`;
  }
  if (value.ends === 'on' && (!value.until || value.until <= firstDate)) {
    return 'Choose an end date after the first post.';
  }
  return null;
}

/**
 * The PUT /api/posts/{id}/repeat body for the rule, or null when the post does not repeat. An end
 * date means the whole day, in the calendar's zone, which is also the zone the posts keep.
 */
export function repeatBody(value: RepeatValue, zone: string): RepeatPostBody | null {
  if (!value.unit) return null;
  const body: RepeatPostBody = { every: value.every, unit: value.unit, timeZone: zone };
  if (value.ends === 'after') body.count = value.count;
  if (value.ends === 'on') {
    const until = wallTimeToUtc(value.until, '23:59', zone);
    if (until) body.until = until.iso;
  }
  return body;
}
