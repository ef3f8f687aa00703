import { and, asc, eq, gte, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { posts, queueSchedules } from '../../db/schema';

export type QueueScheduleRow = typeof queueSchedules.$inferSelect;

/** The account's posting schedule in the workspace; undefined when it has none. */
export async function findQueueSchedule(
  db: Db,
  workspaceId: string,
  accountId: string,
): Promise<QueueScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(queueSchedules)
    .where(and(eq(queueSchedules.workspaceId, workspaceId), eq(queueSchedules.socialAccountId, accountId)));
  return row;
}

/**
 * The workspace's accounts with a posting schedule of at least one slot, first set up first: a
 * plan that allows N queues allows the first N of them (a plan that shrank keeps the others, idle).
 */
export async function listScheduledAccountIds(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ accountId: queueSchedules.socialAccountId })
    .from(queueSchedules)
    .where(
      and(eq(queueSchedules.workspaceId, workspaceId), sql`jsonb_array_length(${queueSchedules.slots}) > 0`),
    )
    .orderBy(asc(queueSchedules.createdAt), asc(queueSchedules.socialAccountId));
  return rows.map((row) => row.accountId);
}

/**
 * The instants from `from` on that posts of the account other than `exceptIds` already hold:
 * queue slots, and the times of posts scheduled on it by hand (a queue does not put a second post
 * on the same minute). The posts being placed are excepted: their own slots are not taken.
 */
export async function listTakenTimes(
  db: Db,
  accountId: string,
  from: Date,
  exceptIds: string[],
): Promise<Date[]> {
  const rows = await db
    .select({ queueSlotAt: posts.queueSlotAt, scheduledAt: posts.scheduledAt })
    .from(posts)
    .where(
      and(
        eq(posts.socialAccountId, accountId),
        exceptIds.length > 0 ? notInArray(posts.id, exceptIds) : undefined,
        or(
          gte(posts.queueSlotAt, from),
          and(
            gte(posts.scheduledAt, from),
            inArray(posts.status, ['scheduled', 'pending_approval', 'approved', 'publishing']),
          ),
        ),
      ),
    );
  return rows.flatMap((row) => [row.queueSlotAt, row.scheduledAt]).filter((at): at is Date => at !== null);
}
