import { and, asc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { PostStatus } from '../../../contracts/posts';
import { type QueueSlot, queueMoveMessages } from '../../../contracts/queue';
import type { Db } from '../../db/client';
import { posts, queueSchedules, socialAccounts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { conflictOnUniqueViolation } from '../../lib/unique-violation';
import { findQueueSchedule, type QueueScheduleRow } from './queue-take.repository';

/*
 * The queue's rows: an account's posting schedule (queue_schedules) and the posts that hold its
 * slots (posts.queue_slot_at, unique per account). Every move of several posts happens in one
 * transaction that first frees their slots and then gives each its new one, so the unique index
 * never sees two posts in one slot, and a post that left the queue meanwhile (published, moved by
 * hand) aborts the whole move instead of leaving half of it done.
 */

export type QueuedPostRow = typeof posts.$inferSelect;

/** A post in a queue is one of these: a held post of a paused queue is a draft. */
export const QUEUED_STATUSES: PostStatus[] = ['draft', 'pending_approval', 'scheduled'];

/** Saves the week's slots (and the zone, when given); a first save takes `seedZone`. */
export async function saveQueueSchedule(
  db: Db,
  workspaceId: string,
  accountId: string,
  values: { slots: QueueSlot[]; timeZone: string },
): Promise<QueueScheduleRow> {
  const [row] = await db
    .insert(queueSchedules)
    .values({ socialAccountId: accountId, workspaceId, slots: values.slots, timeZone: values.timeZone })
    .onConflictDoUpdate({
      target: queueSchedules.socialAccountId,
      set: { slots: values.slots, timeZone: values.timeZone, updatedAt: new Date() },
      // An account belongs to one workspace; the guard keeps another's row out of reach all the same.
      setWhere: eq(queueSchedules.workspaceId, workspaceId),
    })
    .returning();
  if (!row) throw new AppError('not_found', 'Account not found');
  return row;
}

/** Creates the schedule from `seed` unless it exists, and answers the stored one. */
export async function ensureQueueSchedule(
  db: Db,
  workspaceId: string,
  accountId: string,
  seed: { slots: QueueSlot[]; timeZone: string },
): Promise<QueueScheduleRow> {
  await db
    .insert(queueSchedules)
    .values({ socialAccountId: accountId, workspaceId, slots: seed.slots, timeZone: seed.timeZone })
    .onConflictDoNothing({ target: queueSchedules.socialAccountId });
  const row = await findQueueSchedule(db, workspaceId, accountId);
  if (!row) throw new AppError('not_found', 'Account not found');
  return row;
}

const inQueueOf = (workspaceId: string, accountId: string): SQL | undefined =>
  and(
    eq(posts.workspaceId, workspaceId),
    eq(posts.socialAccountId, accountId),
    isNotNull(posts.queueSlotAt),
    inArray(posts.status, QUEUED_STATUSES),
  );

/** The account's queued posts in slot order. */
export async function listQueuedPosts(
  db: Db,
  workspaceId: string,
  accountId: string,
): Promise<QueuedPostRow[]> {
  return db
    .select()
    .from(posts)
    .where(inQueueOf(workspaceId, accountId))
    .orderBy(asc(posts.queueSlotAt), asc(posts.id));
}

/** One slot change: the post moves to `slotAt` (its publish time too) with `changes`. */
export interface SlotMove {
  postId: string;
  slotAt: Date;
  changes?: Partial<typeof posts.$inferInsert>;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A moved post as written, and its job id as it was before (to drop, or to re-queue). */
export interface MovedPost {
  row: QueuedPostRow;
  previousJobId: string | null;
}

/** Frees the posts' slots, then gives each its new one (see moveQueuedPosts). */
async function applyMoves(
  tx: Tx,
  workspaceId: string,
  accountId: string,
  moves: SlotMove[],
): Promise<MovedPost[]> {
  if (moves.length === 0) return [];
  const ids = moves.map((move) => move.postId);
  const freed = await tx
    .update(posts)
    .set({ queueSlotAt: null })
    .where(and(inQueueOf(workspaceId, accountId), inArray(posts.id, ids)))
    .returning({ id: posts.id, publishJobId: posts.publishJobId });
  if (freed.length !== ids.length) throw new AppError('conflict', queueMoveMessages.changed);
  const jobs = new Map(freed.map((row) => [row.id, row.publishJobId]));
  const moved: MovedPost[] = [];
  for (const move of moves) {
    const [row] = await tx
      .update(posts)
      .set({
        ...move.changes,
        queueSlotAt: move.slotAt,
        scheduledAt: move.slotAt,
        publishVersion: sql`${posts.publishVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, move.postId)))
      .returning();
    if (!row) throw new AppError('conflict', queueMoveMessages.changed);
    moved.push({ row, previousJobId: jobs.get(move.postId) ?? null });
  }
  return moved;
}

/**
 * Gives each post its new slot in one transaction, a new publish version each (their queued jobs
 * become stale). When a post is no longer in the account's queue or no longer in the user's
 * hands, or another request took one of the slots meanwhile, nothing changes: 409. With `resume`,
 * the queue is marked running in the same transaction, once: a second resume racing this one
 * waits for it, then finds the queue running and changes nothing.
 */
export async function moveQueuedPosts(
  db: Db,
  workspaceId: string,
  accountId: string,
  moves: SlotMove[],
  options: { resume?: boolean } = {},
): Promise<MovedPost[]> {
  return conflictOnUniqueViolation(queueMoveMessages.changed, () =>
    db.transaction(async (tx) => {
      if (options.resume) {
        const resumed = await tx
          .update(queueSchedules)
          .set({ pausedAt: null, updatedAt: new Date() })
          .where(
            and(
              eq(queueSchedules.workspaceId, workspaceId),
              eq(queueSchedules.socialAccountId, accountId),
              isNotNull(queueSchedules.pausedAt),
            ),
          )
          .returning({ id: queueSchedules.socialAccountId });
        if (resumed.length === 0) throw new AppError('conflict', queueMoveMessages.notPaused);
      }
      return applyMoves(tx, workspaceId, accountId, moves);
    }),
  );
}

/**
 * Takes a post out of its account's queue as a draft without a time (its job goes stale). With
 * `closeGap`, each later post of the queue moves up one slot, in the same transaction. Undefined
 * when the post is not in a queue.
 */
export async function removeQueuedPost(
  db: Db,
  workspaceId: string,
  postId: string,
  closeGap: boolean,
): Promise<{ accountId: string; removed: MovedPost; moved: MovedPost[] } | undefined> {
  return conflictOnUniqueViolation(queueMoveMessages.changed, () =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select({
          accountId: posts.socialAccountId,
          publishJobId: posts.publishJobId,
          queueSlotAt: posts.queueSlotAt,
        })
        .from(posts)
        .where(
          and(
            eq(posts.workspaceId, workspaceId),
            eq(posts.id, postId),
            isNotNull(posts.queueSlotAt),
            inArray(posts.status, QUEUED_STATUSES),
          ),
        )
        .for('update');
      if (!before?.queueSlotAt || !before.accountId) return undefined;
      const [row] = await tx
        .update(posts)
        .set({
          status: 'draft',
          queueSlotAt: null,
          scheduledAt: null,
          nextAttemptAt: null,
          publishJobId: null,
          publishVersion: sql`${posts.publishVersion} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, postId)))
        .returning();
      if (!row) throw new AppError('conflict', queueMoveMessages.changed);
      const removed = { row, previousJobId: before.publishJobId };
      if (!closeGap) return { accountId: before.accountId, removed, moved: [] };
      const later = await tx
        .select({ id: posts.id, queueSlotAt: posts.queueSlotAt })
        .from(posts)
        .where(and(inQueueOf(workspaceId, before.accountId), gt(posts.queueSlotAt, before.queueSlotAt)))
        .orderBy(asc(posts.queueSlotAt))
        .for('update');
      // Each takes the slot of the one before it: the first the removed post's.
      const slots = [
        before.queueSlotAt,
        ...later.flatMap((post) => (post.queueSlotAt ? [post.queueSlotAt] : [])),
      ];
      const moves = later.map((post, index) => ({ postId: post.id, slotAt: slots[index] as Date }));
      return {
        accountId: before.accountId,
        removed,
        moved: await applyMoves(tx, workspaceId, before.accountId, moves),
      };
    }),
  );
}

/**
 * Pauses the queue: its scheduled posts become held drafts that keep their slots (their jobs go
 * stale); posts waiting for approval keep waiting. Answers the held posts' job ids to drop.
 */
export async function pauseQueue(
  db: Db,
  workspaceId: string,
  accountId: string,
  now: Date,
): Promise<Array<string | null>> {
  return db.transaction(async (tx) => {
    await tx
      .update(queueSchedules)
      .set({ pausedAt: now, updatedAt: now })
      .where(
        and(
          eq(queueSchedules.workspaceId, workspaceId),
          eq(queueSchedules.socialAccountId, accountId),
          isNull(queueSchedules.pausedAt),
        ),
      );
    const held = await tx
      .update(posts)
      .set({ status: 'draft', publishVersion: sql`${posts.publishVersion} + 1`, updatedAt: now })
      .where(and(inQueueOf(workspaceId, accountId), eq(posts.status, 'scheduled')))
      .returning({ publishJobId: posts.publishJobId });
    return held.map((row) => row.publishJobId);
  });
}

/**
 * Gives a draft without an account the account it will be queued on (the generator's posts are
 * written for a platform, not an account); false when the post is not such a draft any more.
 */
export async function assignDraftAccount(
  db: Db,
  workspaceId: string,
  postId: string,
  accountId: string,
): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ socialAccountId: accountId, updatedAt: new Date() })
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        eq(posts.id, postId),
        eq(posts.status, 'draft'),
        isNull(posts.socialAccountId),
      ),
    )
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** The workspace's accounts on `platform`, each with how many slots its posting schedule has. */
export async function listPlatformQueues(
  db: Db,
  workspaceId: string,
  platform: PublishingPlatform,
): Promise<Array<{ accountId: string; slotCount: number }>> {
  const rows = await db
    .select({ accountId: socialAccounts.id, slots: queueSchedules.slots })
    .from(socialAccounts)
    .leftJoin(queueSchedules, eq(queueSchedules.socialAccountId, socialAccounts.id))
    .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.platform, platform)))
    .orderBy(asc(socialAccounts.connectedAt), asc(socialAccounts.id));
  return rows.map((row) => ({ accountId: row.accountId, slotCount: row.slots?.length ?? 0 }));
}
