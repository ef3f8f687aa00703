import { randomInt } from 'node:crypto';
import { platformLabels } from '../../../contracts/platforms';
import type { ScheduleResponse } from '../../../contracts/posts';
import {
  type QueueList,
  type QueueSchedule,
  type QueueSlot,
  type QueueSlotsBody,
  queueMoveMessages,
  sortSlots,
} from '../../../contracts/queue';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { announceSubmission, approvalModeFor, retryFields } from '../approvals';
import { listBestTimes } from '../best-times';
import { type PostWork, type PostWriter, requirePost, toPost } from '../posts';
import { dropPublishJob, queuePublish } from '../publishing';
import { findSocialAccount } from '../social-accounts';
import {
  assignDraftAccount,
  ensureQueueSchedule,
  listPlatformQueues,
  listQueuedPosts,
  type MovedPost,
  moveQueuedPosts,
  pauseQueue as pauseQueueRows,
  removeQueuedPost,
  type SlotMove,
  saveQueueSchedule,
} from './queue.repository';
import { freeSlotTimesAfter, slotTimesAfter } from './queue-slots';
import { addToQueue, QUEUE_LEAD_MS, requireQueueWithinPlan } from './queue-take';
import { findQueueSchedule, listTakenTimes, type QueueScheduleRow } from './queue-take.repository';

/*
 * An account's posting schedule and queue (issue 25, deliver 1). Adding a post to a queue is
 * queue-take.ts (addToQueue); this file edits the schedule and moves the queued posts: reorder,
 * shuffle, pause and resume, remove. Every move is a new publish version of the post with its job
 * re-queued (or dropped while the queue is paused), as the posts module moves a post; a move
 * keeps the post's approval: the approver approved its content for this queue, and a queue's
 * order is its writers' to arrange (decision 070).
 */

/** The member acting, with the zone a new schedule takes (their saved zone, else UTC). */
export interface QueueActor extends PostWriter {
  timeZone: string;
}

/** How many upcoming slot times the schedule answer shows. */
const UPCOMING_SLOTS = 5;

/** The account, when it is the workspace's (404 otherwise, as for any other workspace's thing). */
async function requireAccount(db: Db, workspaceId: string, accountId: string) {
  const account = await findSocialAccount(db, workspaceId, accountId);
  if (!account) throw new AppError('not_found', 'Account not found');
  return account;
}

/** A first schedule: the account's best times, in the user's zone, as whole hours. */
async function seedSchedule(
  db: Db,
  actor: QueueActor,
  accountId: string,
  timeZone = actor.timeZone,
): Promise<{ slots: QueueSlot[]; timeZone: string }> {
  const [best] = await listBestTimes(db, { workspaceId: actor.workspaceId, timeZone, accountId });
  const slots = (best?.slots ?? []).map((slot) => ({
    weekday: slot.weekday % 7,
    time: `${String(slot.hour).padStart(2, '0')}:00`,
  }));
  return { slots: sortSlots(slots), timeZone };
}

function scheduleAnswer(
  accountId: string,
  schedule: { slots: QueueSlot[]; timeZone: string },
  stored: QueueScheduleRow | undefined,
  now: Date,
): QueueSchedule {
  const upcoming: string[] = [];
  for (const at of slotTimesAfter(schedule.slots, schedule.timeZone, now)) {
    upcoming.push(at.toISOString());
    if (upcoming.length === UPCOMING_SLOTS) break;
  }
  return {
    accountId,
    slots: sortSlots(schedule.slots),
    timeZone: schedule.timeZone,
    saved: stored !== undefined,
    paused: stored?.pausedAt != null,
    upcoming,
  };
}

/**
 * GET /api/queue/slots: the saved schedule, or a suggestion from the account's best times in
 * `timeZone` (the page's zone; the user's saved zone by default).
 */
export async function getQueueSlots(
  db: Db,
  actor: QueueActor,
  query: { accountId: string; timeZone?: string },
  now = new Date(),
): Promise<QueueSchedule> {
  const { accountId } = query;
  await requireAccount(db, actor.workspaceId, accountId);
  await requireQueueWithinPlan(db, actor.workspaceId, accountId);
  const stored = await findQueueSchedule(db, actor.workspaceId, accountId);
  const schedule = stored ?? (await seedSchedule(db, actor, accountId, query.timeZone));
  return scheduleAnswer(accountId, schedule, stored, now);
}

/**
 * PUT /api/queue/slots: the whole week. Posts already queued keep their slots (a removed slot's
 * post still goes out then); new posts take the new slots.
 */
export async function saveQueueSlots(
  db: Db,
  actor: QueueActor,
  accountId: string,
  body: QueueSlotsBody,
  now = new Date(),
): Promise<QueueSchedule> {
  await requireAccount(db, actor.workspaceId, accountId);
  await requireQueueWithinPlan(db, actor.workspaceId, accountId);
  const current = await findQueueSchedule(db, actor.workspaceId, accountId);
  const timeZone = body.timeZone ?? current?.timeZone ?? actor.timeZone;
  const stored = await saveQueueSchedule(db, actor.workspaceId, accountId, {
    slots: sortSlots(body.slots),
    timeZone,
  });
  return scheduleAnswer(accountId, stored, stored, now);
}

/** GET /api/queue: the queued posts in slot order. */
export async function listQueue(db: Db, actor: QueueActor, accountId: string): Promise<QueueList> {
  await requireAccount(db, actor.workspaceId, accountId);
  const stored = await findQueueSchedule(db, actor.workspaceId, accountId);
  const rows = await listQueuedPosts(db, actor.workspaceId, accountId);
  return {
    accountId,
    timeZone: stored?.timeZone ?? actor.timeZone,
    paused: stored?.pausedAt != null,
    posts: rows.flatMap((row) =>
      row.queueSlotAt ? [{ ...toPost(row), queueSlotAt: row.queueSlotAt.toISOString() }] : [],
    ),
  };
}

/**
 * After a move: a scheduled post's job is queued for its new slot (the stale one dropped); any
 * other post (held by a paused queue, waiting for approval) has no job.
 */
async function requeueMoved(ctx: PostWork, moved: MovedPost[]): Promise<void> {
  for (const { row, previousJobId } of moved) {
    if (row.status === 'scheduled' && row.scheduledAt) {
      await queuePublish(ctx, { ...row, publishJobId: previousJobId }, row.scheduledAt);
    } else {
      await dropPublishJob(ctx, { publishJobId: previousJobId });
    }
  }
}

/** The slot times the posts hold, earliest first, given to them in `order`. */
function reassign(queued: { id: string; queueSlotAt: Date | null }[], order: string[]): SlotMove[] {
  const byId = new Map(queued.map((post) => [post.id, post]));
  const times = order
    .flatMap((id) => {
      const at = byId.get(id)?.queueSlotAt;
      return at ? [at] : [];
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return order
    .map((postId, index) => ({ postId, slotAt: times[index] as Date }))
    .filter((move) => byId.get(move.postId)?.queueSlotAt?.getTime() !== move.slotAt.getTime());
}

/** PUT /api/queue/order: the named posts' slot times, reassigned in the order given. */
export async function reorderQueue(
  ctx: PostWork,
  actor: QueueActor,
  accountId: string,
  postIds: string[],
): Promise<QueueList> {
  const db = ctx.database.db;
  await requireAccount(db, actor.workspaceId, accountId);
  await requireQueueWithinPlan(db, actor.workspaceId, accountId);
  const queued = await listQueuedPosts(db, actor.workspaceId, accountId);
  const known = new Set(queued.map((post) => post.id));
  if (postIds.some((id) => !known.has(id))) throw new AppError('conflict', queueMoveMessages.notQueued);
  await requeueMoved(ctx, await moveQueuedPosts(db, actor.workspaceId, accountId, reassign(queued, postIds)));
  return listQueue(db, actor, accountId);
}

/** POST /api/queue/shuffle: the queue's posts in a random order over the same slots. */
export async function shuffleQueue(ctx: PostWork, actor: QueueActor, accountId: string): Promise<QueueList> {
  const db = ctx.database.db;
  await requireAccount(db, actor.workspaceId, accountId);
  await requireQueueWithinPlan(db, actor.workspaceId, accountId);
  const queued = await listQueuedPosts(db, actor.workspaceId, accountId);
  const order = queued.map((post) => post.id);
  // Fisher–Yates with a uniform random index.
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  await requeueMoved(ctx, await moveQueuedPosts(db, actor.workspaceId, accountId, reassign(queued, order)));
  return listQueue(db, actor, accountId);
}

/**
 * POST /api/queue/pause: the queue's scheduled posts are held as drafts in their slots and
 * publish nothing; posts waiting for approval keep waiting. Pausing a paused queue holds any post
 * scheduled in it since (an approval landing meanwhile).
 */
export async function pauseQueue(
  ctx: PostWork,
  actor: QueueActor,
  accountId: string,
  now = new Date(),
): Promise<QueueList> {
  const db = ctx.database.db;
  await requireAccount(db, actor.workspaceId, accountId);
  const seed = await seedSchedule(db, actor, accountId);
  await ensureQueueSchedule(db, actor.workspaceId, accountId, seed);
  for (const publishJobId of await pauseQueueRows(db, actor.workspaceId, accountId, now)) {
    await dropPublishJob(ctx, { publishJobId });
  }
  return listQueue(db, actor, accountId);
}

/**
 * POST /api/queue/resume: the held posts, in their order, take the next free slots from now and
 * are scheduled again. Approvals as retrying a post: one whose approval still stands (or with
 * approvals off) goes straight to scheduled; one without waits for an approver again.
 */
export async function resumeQueue(
  ctx: PostWork,
  actor: QueueActor,
  accountId: string,
  now = new Date(),
): Promise<QueueList> {
  const db = ctx.database.db;
  await requireAccount(db, actor.workspaceId, accountId);
  await requireQueueWithinPlan(db, actor.workspaceId, accountId);
  const schedule = await findQueueSchedule(db, actor.workspaceId, accountId);
  if (!schedule?.pausedAt) throw new AppError('conflict', queueMoveMessages.notPaused);
  const held = await listQueuedPosts(db, actor.workspaceId, accountId);
  const heldIds = held.map((post) => post.id);
  const from = new Date(now.getTime() + QUEUE_LEAD_MS);
  const taken = await listTakenTimes(db, accountId, from, heldIds);
  const free = freeSlotTimesAfter(schedule.slots, schedule.timeZone, from, taken);
  const mode = await approvalModeFor(db, actor);
  const moves: SlotMove[] = held.map((post) => {
    const next = free.next();
    if (next.done) throw new AppError('conflict', queueMoveMessages.noRoomToResume);
    return {
      postId: post.id,
      slotAt: next.value,
      changes:
        post.status === 'draft'
          ? { ...retryFields(mode, post.approvedAt !== null, actor.userId, now), failureReason: null }
          : {},
    };
  });
  const moved = await moveQueuedPosts(db, actor.workspaceId, accountId, moves, { resume: true });
  await requeueMoved(ctx, moved);
  const submitted = moved.filter(
    ({ row }) =>
      row.status === 'pending_approval' && held.find((post) => post.id === row.id)?.status === 'draft',
  );
  if (submitted.length > 0)
    await announceSubmission(
      ctx,
      actor,
      submitted.map(({ row }) => row),
    );
  return listQueue(db, actor, accountId);
}

/**
 * DELETE /api/queue/posts/:id: the post leaves its queue as a draft without a time; with
 * `closeGap`, each later post moves up one slot.
 */
export async function removeFromQueue(
  ctx: PostWork,
  actor: QueueActor,
  postId: string,
  closeGap: boolean,
): Promise<QueueList> {
  const db = ctx.database.db;
  const result = await removeQueuedPost(db, actor.workspaceId, postId, closeGap);
  if (!result) throw new AppError('not_found', queueMoveMessages.notQueued);
  await dropPublishJob(ctx, { publishJobId: result.removed.previousJobId });
  await requeueMoved(ctx, result.moved);
  return listQueue(db, actor, result.accountId);
}

/**
 * POST /api/posts/:id/queue: addToQueue. A draft written for a platform rather than an account
 * (the generator's) joins the queue of the workspace's account on that platform when there is
 * one to choose: the only one with a posting schedule, or the only one at all; else addToQueue
 * asks for an account.
 */
export async function queuePost(ctx: PostWork, actor: QueueActor, postId: string): Promise<ScheduleResponse> {
  const db = ctx.database.db;
  const current = await requirePost(db, actor, postId);
  if (!current.socialAccountId && current.status === 'draft') {
    const accounts = await listPlatformQueues(db, actor.workspaceId, current.platform);
    const queues = accounts.filter((account) => account.slotCount > 0);
    const chosen = queues.length === 1 ? queues[0] : accounts.length === 1 ? accounts[0] : undefined;
    const platform = platformLabels[current.platform];
    if (!chosen) {
      throw new AppError(
        'bad_request',
        accounts.length === 0
          ? queueMoveMessages.noAccountOn(platform)
          : queueMoveMessages.severalAccountsOn(platform),
      );
    }
    await assignDraftAccount(db, actor.workspaceId, postId, chosen.accountId);
  }
  return addToQueue(ctx, actor, postId);
}
