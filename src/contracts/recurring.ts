import { z } from 'zod';
import { safeString } from './common';

/*
 * The units are scheduling.ts's recurrenceUnits, spelled again: contracts/posts.ts shows a post's
 * series from here, and scheduling.ts imports from posts.ts (no cycles). The server assigns one to
 * the other both ways, so the compiler keeps them equal.
 */
const recurrenceUnits = ['day', 'week', 'month'] as const;
type RecurrenceUnit = (typeof recurrenceUnits)[number];

/*
 * Recurring posts (issue 25): a scheduled post repeats every N days, weeks or months, until a date
 * or for a number of times. Each occurrence is a post of its own; editing or deleting one says
 * whether it is 'this' post only or 'future': this one and every later one of its series.
 */

export const MAX_REPEAT_EVERY = 365;
export const MAX_REPEAT_COUNT = 500;

const zoneMessage = 'Choose a time zone such as Europe/Berlin or America/New_York';

/** PUT /api/posts/{id}/repeat: how the scheduled post repeats, from its own time on. */
export const repeatPostBody = z
  .object({
    every: z.number().int().min(1, 'Repeat at least every 1').max(MAX_REPEAT_EVERY),
    unit: z.enum(recurrenceUnits),
    /** The last day an occurrence may fall on (inclusive); omit, with `count` omitted too, to repeat on. */
    until: z.iso.datetime({ offset: true, message: 'until must be an ISO date-time' }).optional(),
    /** How many posts in all, the first included. */
    count: z
      .number()
      .int()
      .min(2, 'A repeating post goes out at least twice')
      .max(MAX_REPEAT_COUNT)
      .optional(),
    /** The zone whose wall time the occurrences keep (IANA); the member's zone, else UTC, when omitted. */
    timeZone: safeString().trim().min(1).max(64, zoneMessage).optional(),
  })
  .refine((body) => body.until === undefined || body.count === undefined, {
    message: 'End the repeat on a date or after a number of times, not both',
    path: ['count'],
  });
export type RepeatPostBody = z.infer<typeof repeatPostBody>;

/** Which posts of a series an edit or a delete applies to. */
export const postScopes = ['this', 'future'] as const;
export type PostScope = (typeof postScopes)[number];
export const postScopeQuery = z.object({ scope: z.enum(postScopes).default('this') });

/** What a post answer says of its series: null for a post that does not repeat. */
export const postSeriesSummary = z.object({
  id: z.string(),
  every: z.number().int(),
  unit: z.enum(recurrenceUnits),
  /** Which occurrence this post is: 1 for the first. */
  occurrence: z.number().int(),
});
export type PostSeriesSummary = z.infer<typeof postSeriesSummary>;

const unitWords: Record<RecurrenceUnit, [string, string]> = {
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
};

/** "Repeats every week", "Repeats every 3 months". */
export function repeatInWords(series: Pick<PostSeriesSummary, 'every' | 'unit'>): string {
  const [one, many] = unitWords[series.unit];
  return series.every === 1 ? `Repeats every ${one}` : `Repeats every ${series.every} ${many}`;
}

export const recurringMessages = {
  notPlanned: 'Schedule the post first; a scheduled post can repeat.',
  alreadyRepeats: 'This post repeats already. Stop the repeat first to change it.',
  notInSeries: 'This post does not repeat; edit it on its own.',
  untilBeforeStart: 'The end date must be after the post’s scheduled time.',
  futureMovesOne:
    'Only this post can be moved or given another account; edit the content of all future posts, or move this one.',
  unknownZone: zoneMessage,
} as const;
