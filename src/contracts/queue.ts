import { z } from 'zod';
import { safeString } from './common';
import { post } from './posts';

/*
 * The posting schedule and queue of a social account (issue 25, deliver 1): weekly time slots as
 * wall times in the queue's zone, and the posts that hold those slots, in slot order.
 */

/** A week holds at most one slot per hour of each day's clock. */
export const MAX_QUEUE_SLOTS = 7 * 24;
/** A reorder names at most this many posts (a queue is a year of slots at most). */
export const MAX_QUEUE_REORDER = 500;

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A weekday (0 Sunday … 6 Saturday) and a wall time "HH:MM" (00:00–23:59). */
export const queueSlot = z.object({
  weekday: z
    .number({ message: 'weekday must be a number from 0 (Sunday) to 6 (Saturday)' })
    .int('weekday must be a whole number from 0 (Sunday) to 6 (Saturday)')
    .min(0, 'weekday must be from 0 (Sunday) to 6 (Saturday)')
    .max(6, 'weekday must be from 0 (Sunday) to 6 (Saturday)'),
  time: safeString().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM, from 00:00 to 23:59'),
});
export type QueueSlot = z.infer<typeof queueSlot>;

const slotKey = (slot: QueueSlot) => `${slot.weekday} ${slot.time}`;

/** Slots sorted by weekday, then time: the order the server stores and answers. */
export function sortSlots(slots: readonly QueueSlot[]): QueueSlot[] {
  return [...slots].sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time));
}

export const queueAccountQuery = z.object({
  accountId: z.uuid({ message: 'Not an account id' }),
});

/** GET /api/queue/slots: `timeZone` is the zone a suggestion (no saved schedule yet) is read in. */
export const queueSlotsQuery = queueAccountQuery.extend({
  timeZone: safeString().trim().min(1).max(64).optional(),
});

/** PUT /api/queue/slots: the whole week; the zone stays as it is when omitted. */
export const queueSlotsBody = z.object({
  slots: z
    .array(queueSlot)
    .max(MAX_QUEUE_SLOTS, `At most ${MAX_QUEUE_SLOTS} time slots a week`)
    .refine((slots) => new Set(slots.map(slotKey)).size === slots.length, {
      message: 'Each time slot may appear only once',
    }),
  /** An IANA zone such as Europe/Berlin (checked by the server). */
  timeZone: safeString().trim().min(1).max(64).optional(),
});
export type QueueSlotsBody = z.infer<typeof queueSlotsBody>;

/** An account's posting schedule (GET and PUT /api/queue/slots). */
export const queueSchedule = z.object({
  accountId: z.string(),
  slots: z.array(queueSlot),
  timeZone: z.string(),
  /** False: not saved yet; the slots are a suggestion from the account's best times. */
  saved: z.boolean(),
  paused: z.boolean(),
  /** The next slot times from now (free or not), for the page to show what the week means. */
  upcoming: z.array(z.string()),
});
export type QueueSchedule = z.infer<typeof queueSchedule>;

/** A post in a queue, with the slot it holds. */
export const queuedPost = post.extend({ queueSlotAt: z.string() });
export type QueuedPost = z.infer<typeof queuedPost>;

/** GET /api/queue: the account's queued posts in slot order. */
export const queueList = z.object({
  accountId: z.string(),
  timeZone: z.string(),
  /** Paused: the posts keep their places and publish nothing until resumed. */
  paused: z.boolean(),
  posts: z.array(queuedPost),
});
export type QueueList = z.infer<typeof queueList>;

export const queueAccountBody = z.object({ accountId: z.uuid({ message: 'Not an account id' }) });

/** PUT /api/queue/order: the posts' slot times, reassigned in this order. */
export const queueOrderBody = z.object({
  accountId: z.uuid({ message: 'Not an account id' }),
  postIds: z
    .array(z.uuid({ message: 'Not a post id' }))
    .min(1, 'Name the posts in their new order')
    .max(MAX_QUEUE_REORDER)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each post may appear only once' }),
});
export type QueueOrderBody = z.infer<typeof queueOrderBody>;

export const queueRemoveQuery = z.object({
  /** Each later post moves up one slot (true), or the slot stays free (false, the default). */
  closeGap: z
    .enum(['true', 'false'], { message: 'closeGap must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

/** Why a change to a queue was refused. */
export const queueMoveMessages = {
  changed: 'The queue changed since you opened it. Reload it and try again.',
  notQueued: 'That post is not in this queue.',
  notPaused: 'This queue is not paused.',
  noAccountOn: (platform: string) =>
    `No ${platform} account is connected: connect one and set its posting times, then add the post to its queue.`,
  severalAccountsOn: (platform: string) =>
    `Several ${platform} accounts can take this post: open it in the calendar, choose one, then add it to its queue.`,
  noRoomToResume:
    'This queue has too few time slots in the coming year for its posts. Add time slots to its posting schedule, then resume it.',
} as const;
