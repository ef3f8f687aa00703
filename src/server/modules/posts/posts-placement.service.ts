import type { ScheduleResponse } from '../../../contracts/posts';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import { announceSubmission, approvalModeFor, recordApproval, scheduleFields } from '../approvals';
import { dropPublishJob, queuePublish } from '../publishing';
import { emitPostEvent } from '../webhooks';
import { accountWarnings, lockedError, type PostWork, type PostWriter } from './post-checks';
import { toPost } from './post-view';
import { type PostRow, updateUnlockedPost } from './posts.repository';

/*
 * Where a checked post goes on the timeline: at a time of its own (scheduled by hand) or in a
 * slot of its account's queue (issue 25). The caller has run the post's checks; this writes the
 * schedule, the approval state and the publish job.
 */

export interface Placement {
  /**
   * Candidate times in order. By hand: one. In a queue: the account's free slots, of which the
   * first that no other post holds is taken (posts_queue_slot_uidx decides a race: the loser moves
   * on to the next).
   */
  times: Iterable<Date>;
  /** Hold the slot in the account's queue (posts.queue_slot_at); false: the post leaves any queue. */
  queued: boolean;
  /** A change of account (undefined keeps the post's). */
  socialAccountId?: string | null;
}

export const noFreeSlotMessage =
  'This queue has no free slot in the coming year. Add time slots to its posting schedule, or schedule the post for a time of its own.';

/**
 * Writes the post at the first of `times` whose slot it gets: `write` answers the row (undefined
 * when the post is locked). With `queued`, a unique violation means another post took that slot
 * between our read and this write, and the next time is tried.
 */
async function writeAtFirstFree(
  times: Iterable<Date>,
  queued: boolean,
  write: (at: Date) => Promise<PostRow | undefined>,
): Promise<{ row: PostRow; at: Date }> {
  for (const at of times) {
    let row: PostRow | undefined;
    try {
      row = await write(at);
    } catch (error) {
      if (queued && isUniqueViolation(error)) continue;
      throw error;
    }
    if (!row) throw lockedError();
    return { row, at };
  }
  throw new AppError('conflict', noFreeSlotMessage);
}

/** Schedules `current` at the first free time of the placement (see schedulePost for approvals). */
export async function placePost(
  ctx: PostWork,
  actor: PostWriter,
  current: PostRow,
  placement: Placement,
  now: Date,
): Promise<ScheduleResponse> {
  const db = ctx.database.db;
  const mode = await approvalModeFor(db, actor);
  const { row, at } = await writeAtFirstFree(placement.times, placement.queued, (slot) =>
    updateUnlockedPost(
      db,
      actor.workspaceId,
      current.id,
      {
        ...scheduleFields(mode, actor.userId, now),
        scheduledAt: slot,
        queueSlotAt: placement.queued ? slot : null,
        failureReason: null,
        nextAttemptAt: null,
        ...(placement.socialAccountId !== undefined ? { socialAccountId: placement.socialAccountId } : {}),
      },
      { newVersion: true },
    ),
  );
  if (row.status === 'scheduled') {
    await queuePublish(ctx, row, at);
    await emitPostEvent(ctx, 'post.scheduled', [row]);
    // An approver scheduling a post that waited for approval has approved it: say so as Approve does.
    if (current.status === 'pending_approval' && mode === 'approve') {
      await recordApproval(ctx, actor, row, at, undefined);
    }
  } else {
    // Rescheduling a scheduled post into approval: its old job must not publish it meanwhile.
    await dropPublishJob(ctx, current);
    await announceSubmission(ctx, actor, [row]);
  }
  return { ...toPost(row), warnings: await accountWarnings(db, actor, [row]) };
}

/**
 * Puts `current` in the first free slot of a paused queue: it holds its place there and publishes
 * nothing (a scheduled post becomes a draft, its job dropped; a post waiting for approval keeps
 * waiting) until the queue is resumed and re-flows its posts.
 */
export async function holdInQueue(
  ctx: PostWork,
  actor: PostWriter,
  current: PostRow,
  times: Iterable<Date>,
): Promise<ScheduleResponse> {
  const db = ctx.database.db;
  const { row } = await writeAtFirstFree(times, true, (slot) =>
    updateUnlockedPost(
      db,
      actor.workspaceId,
      current.id,
      {
        status: current.status === 'pending_approval' ? 'pending_approval' : 'draft',
        scheduledAt: slot,
        queueSlotAt: slot,
        failureReason: null,
        nextAttemptAt: null,
        publishJobId: null,
      },
      { newVersion: true },
    ),
  );
  await dropPublishJob(ctx, current);
  return { ...toPost(row), warnings: await accountWarnings(db, actor, [row]) };
}
