import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { AttemptOutcome, PublishAttempt, PublishErrorKind } from '../../../contracts/publishing';
import type { Db } from '../../db/client';
import { posts, publishAttempts, socialAccounts } from '../../db/schema';

/*
 * The publishing engine's reads and writes. Every write that moves a post is one conditional
 * statement (a post changes hands only while it is in the expected state, version and attempt),
 * and every write that touches several tables is one statement too: posts writes bump the
 * workspace's posts version by trigger (migration 0004), which locks the workspace row until
 * commit, so none of them waits on a round trip inside a transaction.
 */

export type PostRow = typeof posts.$inferSelect;
export type SocialAccountRow = typeof socialAccounts.$inferSelect;

/** The attempt a worker is making, written as `started` before the platform is called. */
export interface AttemptRef {
  id: string;
  number: number;
  startedAt: Date;
}

export interface PublishClaim {
  post: PostRow;
  attempt: AttemptRef;
  /** The post's own account, or every account of its platform in the workspace when it names none. */
  accounts: SocialAccountRow[];
}

export const iso = (date: Date) => date.toISOString();
type Rows<T> = { rows: T[] };
export const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

export async function findPostForPublishing(db: Db, postId: string): Promise<PostRow | undefined> {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId));
  return row;
}

/** `scheduled -> missed` for this version, with its attempt row; undefined when it moved on. */
export async function markPostMissed(
  db: Db,
  input: { postId: string; version: number; now: Date; reason: string; worker: string },
): Promise<PostRow | undefined> {
  const [post] = await db
    .update(posts)
    .set({
      status: 'missed',
      failureReason: input.reason,
      attemptCount: sql`${posts.attemptCount} + 1`,
      nextAttemptAt: null,
      leaseUntil: null,
      updatedAt: input.now,
    })
    .where(
      and(eq(posts.id, input.postId), eq(posts.status, 'scheduled'), eq(posts.publishVersion, input.version)),
    )
    .returning();
  if (!post) return undefined;
  await db.insert(publishAttempts).values({
    postId: post.id,
    workspaceId: post.workspaceId,
    attemptNumber: post.attemptCount,
    startedAt: input.now,
    finishedAt: input.now,
    outcome: 'missed',
    errorKind: 'missed',
    message: input.reason,
    worker: input.worker,
  });
  return post;
}

/** The post's own account, or every account of its platform in the workspace when it names none. */
export async function listPublishAccounts(
  db: Db,
  post: { workspaceId: string; platform: PublishingPlatform; socialAccountId: string | null },
): Promise<SocialAccountRow[]> {
  return db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.workspaceId, post.workspaceId),
        eq(socialAccounts.platform, post.platform),
        post.socialAccountId ? eq(socialAccounts.id, post.socialAccountId) : undefined,
      ),
    )
    .orderBy(asc(socialAccounts.connectedAt));
}

/**
 * `publishing -> scheduled` for another attempt at `at`, as a new version: the job of the attempt
 * that failed (and any copy pg-boss may still run) no longer matches, only the retry's job does.
 * Returns what queuePublish needs, or undefined when the post had moved on.
 */
export async function recordRetry(
  db: Db,
  input: {
    postId: string;
    attempt: AttemptRef | null;
    at: Date;
    errorKind: PublishErrorKind;
    message: string;
    now: Date;
  },
): Promise<{ id: string; publishVersion: number; publishJobId: string | null } | undefined> {
  const result = await db.execute(sql`
    with post as (
      update posts set
        status = 'scheduled',
        publish_version = publish_version + 1,
        next_attempt_at = ${iso(input.at)}::timestamptz,
        lease_until = null,
        updated_at = ${iso(input.now)}::timestamptz
      where id = ${input.postId}::uuid
        and status = 'publishing'
        and attempt_count = ${input.attempt?.number ?? sql`attempt_count`}
      returning id, publish_version, publish_job_id
    ), attempt as (
      update publish_attempts set
        outcome = 'retrying',
        error_kind = ${input.errorKind},
        message = ${input.message},
        finished_at = ${iso(input.now)}::timestamptz
      where id = ${input.attempt?.id ?? null}::uuid
    )
    select id, publish_version, publish_job_id from post`);
  const [row] = rowsOf<{ id: string; publish_version: number; publish_job_id: string | null }>(result);
  return row
    ? { id: row.id, publishVersion: Number(row.publish_version), publishJobId: row.publish_job_id }
    : undefined;
}

/**
 * `publishing -> failed` with the reason the user reads, and the attempt's outcome (`failed`, or
 * `unknown` when the platform could not say). Undefined when the post had moved on.
 */
export async function recordFailed(
  db: Db,
  input: {
    postId: string;
    attempt: AttemptRef | null;
    outcome: Extract<AttemptOutcome, 'failed' | 'unknown'>;
    errorKind: PublishErrorKind;
    message: string;
    reason: string;
    now: Date;
  },
): Promise<PostRow | undefined> {
  const [post] = await db
    .update(posts)
    .set({
      status: 'failed',
      failureReason: input.reason,
      leaseUntil: null,
      nextAttemptAt: null,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(posts.id, input.postId),
        eq(posts.status, 'publishing'),
        input.attempt ? eq(posts.attemptCount, input.attempt.number) : undefined,
      ),
    )
    .returning();
  if (input.attempt) {
    await db
      .update(publishAttempts)
      .set({
        outcome: input.outcome,
        errorKind: input.errorKind,
        message: input.message,
        finishedAt: input.now,
      })
      .where(eq(publishAttempts.id, input.attempt.id));
  }
  return post;
}

/**
 * Posts whose worker stopped mid-attempt (`publishing`, lease run out): takes up to `limit` of them
 * for this sweeper by extending their lease, skipping rows another sweeper is taking right now.
 */
export async function takeAbandonedPosts(
  db: Db,
  input: { now: Date; leaseUntil: Date; limit: number },
): Promise<PostRow[]> {
  const abandoned = db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.status, 'publishing'), lt(posts.leaseUntil, input.now)))
    .orderBy(asc(posts.leaseUntil))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  return db
    .update(posts)
    .set({ leaseUntil: input.leaseUntil })
    .where(and(inArray(posts.id, abandoned), eq(posts.status, 'publishing'), lt(posts.leaseUntil, input.now)))
    .returning();
}

/** The attempt row of this number (the latest attempt of a post is its attempt_count). */
export async function findAttempt(
  db: Db,
  postId: string,
  attemptNumber: number,
): Promise<AttemptRef | undefined> {
  const [row] = await db
    .select({
      id: publishAttempts.id,
      number: publishAttempts.attemptNumber,
      startedAt: publishAttempts.startedAt,
    })
    .from(publishAttempts)
    .where(and(eq(publishAttempts.postId, postId), eq(publishAttempts.attemptNumber, attemptNumber)))
    .orderBy(asc(publishAttempts.startedAt))
    .limit(1);
  return row;
}

/**
 * Which attempt of its round `attemptNumber` is: 1 plus the attempts right before it that ended
 * in a retry. A round starts with the user's schedule or retry, after an attempt that ended otherwise.
 */
export async function attemptInRound(
  db: Db,
  postId: string,
  attemptNumber: number,
  max: number,
): Promise<number> {
  const earlier = await db
    .select({ outcome: publishAttempts.outcome })
    .from(publishAttempts)
    .where(and(eq(publishAttempts.postId, postId), lt(publishAttempts.attemptNumber, attemptNumber)))
    .orderBy(desc(publishAttempts.attemptNumber))
    .limit(max);
  const retried = earlier.findIndex((row) => row.outcome !== 'retrying');
  return 1 + (retried === -1 ? earlier.length : retried);
}

/**
 * Scheduled posts due before `dueBefore`, oldest first: their job is late, lost, or held by a
 * worker that died. A retry is due at next_attempt_at, never before scheduled_at, so the index on
 * (status, scheduled_at) narrows the scan.
 */
export async function listOverduePosts(
  db: Db,
  input: { dueBefore: Date; limit: number },
): Promise<Array<{ id: string; publishVersion: number }>> {
  const due = sql`coalesce(${posts.nextAttemptAt}, ${posts.scheduledAt})`;
  return db
    .select({ id: posts.id, publishVersion: posts.publishVersion })
    .from(posts)
    .where(
      and(
        eq(posts.status, 'scheduled'),
        lt(posts.scheduledAt, input.dueBefore),
        sql`${due} < ${iso(input.dueBefore)}::timestamptz`,
      ),
    )
    .orderBy(asc(due))
    .limit(input.limit);
}

/** A post's attempts, oldest first, as the post's detail shows them. */
export async function listPublishAttempts(db: Db, postId: string): Promise<PublishAttempt[]> {
  const rows = await db
    .select()
    .from(publishAttempts)
    .where(eq(publishAttempts.postId, postId))
    .orderBy(asc(publishAttempts.attemptNumber), asc(publishAttempts.startedAt));
  return rows.map((row) => ({
    id: row.id,
    attemptNumber: row.attemptNumber,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    outcome: row.outcome,
    errorKind: row.errorKind,
    message: row.message,
  }));
}

/**
 * Moves the lease of a post this worker holds to `until` (a video's upload takes minutes). False
 * when the post is no longer `publishing` under a live lease: another worker took it, or it moved
 * on, and this attempt must stop before it sends anything.
 */
export async function extendLease(db: Db, postId: string, until: Date, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ leaseUntil: until })
    .where(
      and(
        eq(posts.id, postId),
        eq(posts.status, 'publishing'),
        sql`${posts.leaseUntil} > ${iso(now)}::timestamptz`,
      ),
    )
    .returning({ id: posts.id });
  return rows.length > 0;
}
