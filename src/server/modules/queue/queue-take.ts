import type { ScheduleResponse } from '../../../contracts/posts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { schedulingRefusal, workspaceScheduling } from '../plans';
import {
  accountWarnings,
  assertReadyToQueue,
  holdInQueue,
  type PostWork,
  type PostWriter,
  placePost,
  requirePost,
  toPost,
} from '../posts';
import { freeSlotTimesAfter } from './queue-slots';
import {
  findQueueSchedule,
  listScheduledAccountIds,
  listTakenTimes,
  type QueueScheduleRow,
} from './queue-take.repository';

/*
 * Adding a post to its account's queue (issue 25): the post takes the first slot of the account's
 * posting schedule that no other post holds, through the same checks, approvals and publish job as
 * a post scheduled by hand. Two requests racing for one slot: the unique index on
 * (social_account_id, queue_slot_at) lets one write it, and the other takes the next slot.
 */

/** A slot this close is skipped: the person adding a post gets a moment to change their mind. */
export const QUEUE_LEAD_MS = 60_000;

export const queueMessages = {
  noAccount: 'Choose the social account this post goes out on before adding it to a queue.',
  noSchedule:
    'This account has no posting schedule yet. Set its time slots on the Queue page, then add the post again.',
} as const;

/** Refuses (402) a queue on an account beyond the plan's number of queues. */
export async function requireQueueWithinPlan(db: Db, workspaceId: string, accountId: string) {
  const { planId, features } = await workspaceScheduling(db, workspaceId);
  const limit = features.queueAccounts;
  if (limit === null) return;
  const scheduled = await listScheduledAccountIds(db, workspaceId);
  const rank = scheduled.indexOf(accountId);
  const position = rank === -1 ? scheduled.length : rank;
  if (position >= limit) throw schedulingRefusal('queueAccounts', planId, position + 1);
}

/**
 * POST /api/posts/:id/queue: schedules the post at its account's next free slot (held in its
 * place, publishing nothing, while the queue is paused). A post already holding a coming slot
 * keeps it: adding it twice (a double click, a retried request) does not send it to the back.
 */
export async function addToQueue(
  ctx: PostWork,
  actor: PostWriter,
  postId: string,
  now = new Date(),
): Promise<ScheduleResponse> {
  const db = ctx.database.db;
  const current = await requirePost(db, actor, postId);
  const accountId = current.socialAccountId;
  if (!accountId) throw new AppError('bad_request', queueMessages.noAccount);
  const schedule = await findQueueSchedule(db, actor.workspaceId, accountId);
  if (!schedule || schedule.slots.length === 0) throw new AppError('conflict', queueMessages.noSchedule);
  if (holdsComingSlot(current, now)) {
    return { ...toPost(current), warnings: await accountWarnings(db, actor, [current]) };
  }
  await requireQueueWithinPlan(db, actor.workspaceId, accountId);
  await assertReadyToQueue(db, actor, current, accountId, ctx.config);
  const times = await freeSlotsOf(db, schedule, current.id, now);
  return schedule.pausedAt
    ? holdInQueue(ctx, actor, current, times)
    : placePost(ctx, actor, current, { times, queued: true }, now);
}

/** The schedule's free slots from a moment from now on, for `postId` (its own slot is not taken). */
async function freeSlotsOf(
  db: Db,
  schedule: Pick<QueueScheduleRow, 'socialAccountId' | 'slots' | 'timeZone'>,
  postId: string,
  now: Date,
): Promise<Iterable<Date>> {
  const from = new Date(now.getTime() + QUEUE_LEAD_MS);
  const taken = await listTakenTimes(db, schedule.socialAccountId, from, [postId]);
  return freeSlotTimesAfter(schedule.slots, schedule.timeZone, from, taken);
}

function holdsComingSlot(post: { queueSlotAt: Date | null; status: string }, now: Date): boolean {
  return (
    post.queueSlotAt !== null &&
    post.queueSlotAt.getTime() > now.getTime() &&
    ['scheduled', 'pending_approval', 'approved', 'draft'].includes(post.status)
  );
}
