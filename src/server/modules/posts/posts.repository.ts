import { and, desc, eq, getTableColumns, gte, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
import { lockedPostStatuses, type PostStatus } from '../../../contracts/posts';
import type { RecurrenceUnit } from '../../../contracts/scheduling';
import type { Db } from '../../db/client';
import { postSeries, posts } from '../../db/schema';

/** How a recurring post's series repeats (null for a post that does not), read with the post. */
export interface SeriesRule {
  every: number;
  unit: RecurrenceUnit;
}

/*
 * Every post this module reads or writes comes back with its series' rule, so that every answer
 * says how the post repeats (post-view.ts). A series' rule never changes once made.
 */
const seriesRule =
  sql<SeriesRule | null>`(select json_build_object('every', ${postSeries.interval}, 'unit', ${postSeries.unit}) from ${postSeries} where ${postSeries.id} = ${posts.seriesId})`.mapWith(
    (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as SeriesRule | null,
  );
const postColumns = { ...getTableColumns(posts), seriesRule };

export type PostRow = typeof posts.$inferSelect & { seriesRule: SeriesRule | null };
export type NewPostRow = Omit<typeof posts.$inferInsert, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>;

/** Statuses in which a post is out of the user's hands. */
export const LOCKED_STATUSES: PostStatus[] = [...lockedPostStatuses];

/** The post's calendar date: when it went out, else when it is due, else when it was written. */
const postDate = sql`coalesce(${posts.publishedAt}, ${posts.scheduledAt}, ${posts.createdAt})`;

export async function listPosts(
  db: Db,
  workspaceId: string,
  filter: { statuses?: PostStatus[]; from?: Date; to?: Date; limit: number },
): Promise<PostRow[]> {
  return db
    .select(postColumns)
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        filter.statuses ? inArray(posts.status, filter.statuses) : undefined,
        filter.from ? gte(postDate, filter.from) : undefined,
        filter.to ? lte(postDate, filter.to) : undefined,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(filter.limit);
}

export async function findPost(db: Db, workspaceId: string, id: string): Promise<PostRow | undefined> {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, id)));
  return row;
}

export async function insertPosts(db: Db, workspaceId: string, values: NewPostRow[]): Promise<PostRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(posts)
    .values(values.map((value) => ({ ...value, workspaceId })))
    .returning(postColumns);
}

export async function insertPost(db: Db, workspaceId: string, values: NewPostRow): Promise<PostRow> {
  const [row] = await db
    .insert(posts)
    .values({ ...values, workspaceId })
    .returning(postColumns);
  if (!row) throw new Error('post insert returned no row');
  return row;
}

/**
 * Changes a post unless it is publishing or published; undefined when nothing matched. With
 * `newVersion`, the post's publish version moves on: its queued publish job becomes stale. With
 * `onlyFrom`, only while the post is in one of those statuses (e.g. two approvers approving at
 * once: the second finds it no longer pending and queues nothing). With `unchangedSince` (an
 * `updatedAt` as read or shown), only while nothing has written the post since: what a decision
 * was made on is what it applies to.
 */
export async function updateUnlockedPost(
  db: Db,
  workspaceId: string,
  id: string,
  changes: Partial<NewPostRow>,
  options: { newVersion?: boolean; onlyFrom?: PostStatus[]; unchangedSince?: Date } = {},
): Promise<PostRow | undefined> {
  const [row] = await db
    .update(posts)
    .set({
      ...changes,
      ...(options.newVersion ? { publishVersion: sql`${posts.publishVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        eq(posts.id, id),
        notInArray(posts.status, LOCKED_STATUSES),
        options.onlyFrom ? inArray(posts.status, options.onlyFrom) : undefined,
        options.unchangedSince ? sameMillisecond(posts.updatedAt, options.unchangedSince) : undefined,
      ),
    )
    .returning(postColumns);
  return row;
}

/**
 * The column holds the time at the database's precision (microseconds when set by now()); the
 * API shows it, and JavaScript reads it, to the millisecond.
 */
function sameMillisecond(column: typeof posts.updatedAt, at: Date) {
  return and(gte(column, at), lt(column, new Date(at.getTime() + 1)));
}

/** Deletes a post unless it is being published right now; false when nothing matched. */
export async function deletePostUnlessPublishing(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(posts)
    .where(
      and(eq(posts.workspaceId, workspaceId), eq(posts.id, id), notInArray(posts.status, ['publishing'])),
    )
    .returning({ id: posts.id });
  return deleted.length > 0;
}

/**
 * Moves the workspaces' scheduled posts back to draft with `reason` (e.g. the owner was
 * deactivated). Their publish version moves on, so a job already queued finds a stale version and
 * does nothing; the jobs answered here should still be dropped from the queue.
 */
export async function pauseScheduledPosts(
  db: Db,
  workspaceIds: string[],
  reason: string,
): Promise<Array<{ id: string; publishJobId: string | null }>> {
  if (workspaceIds.length === 0) return [];
  return db
    .update(posts)
    .set({
      status: 'draft',
      failureReason: reason,
      nextAttemptAt: null,
      publishVersion: sql`${posts.publishVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(and(inArray(posts.workspaceId, workspaceIds), eq(posts.status, 'scheduled')))
    .returning({ id: posts.id, publishJobId: posts.publishJobId });
}
