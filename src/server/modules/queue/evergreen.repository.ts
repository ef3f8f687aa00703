import { and, asc, count, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PlanId } from '../../../contracts/plans';
import type { PostStatus } from '../../../contracts/posts';
import type { Db } from '../../db/client';
import { posts, queueSchedules, socialAccounts, workspaceMembers, workspaces } from '../../db/schema';

/*
 * Evergreen recycling's reads and writes (decision 072). A post's family is the evergreen
 * original and every copy recycled from it (posts.recycled_from_post_id points at the original,
 * never at another copy), so "when did it last go out" is one look at the family.
 */

export type PostRow = typeof posts.$inferSelect;
type NewPostRow = typeof posts.$inferInsert;

/** Statuses of a post that is on its way out: planned, waiting for approval, or going out now. */
const WAITING: PostStatus[] = ['pending_approval', 'approved', 'scheduled', 'publishing'];

/**
 * A recycled copy left as a plain draft (no queue slot) stops counting as on its way after this
 * long: a crash between its insert and its queueing must not stop the account's recycling forever.
 */
const UNQUEUED_COPY_GRACE_MS = 60 * 60 * 1000;

export interface EvergreenScheduleRow {
  enabled: boolean;
  minGapDays: number;
  rewrite: boolean;
}

/** The account of the workspace (any status); undefined when it is not the workspace's. */
export async function findWorkspaceAccount(db: Db, workspaceId: string, accountId: string) {
  const [row] = await db
    .select({ id: socialAccounts.id, platform: socialAccounts.platform })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.id, accountId)));
  return row;
}

/** The account's recycling setting; undefined when the account has no posting schedule yet. */
export async function findEvergreenSchedule(
  db: Db,
  workspaceId: string,
  accountId: string,
): Promise<EvergreenScheduleRow | undefined> {
  const [row] = await db
    .select({
      enabled: queueSchedules.evergreenEnabled,
      minGapDays: queueSchedules.evergreenMinGapDays,
      rewrite: queueSchedules.evergreenRewrite,
    })
    .from(queueSchedules)
    .where(and(eq(queueSchedules.workspaceId, workspaceId), eq(queueSchedules.socialAccountId, accountId)));
  return row;
}

/** Saves the setting on the account's existing schedule; undefined when it has none. */
export async function updateEvergreenSchedule(
  db: Db,
  workspaceId: string,
  accountId: string,
  settings: EvergreenScheduleRow,
): Promise<EvergreenScheduleRow | undefined> {
  const [row] = await db
    .update(queueSchedules)
    .set({
      evergreenEnabled: settings.enabled,
      evergreenMinGapDays: settings.minGapDays,
      evergreenRewrite: settings.rewrite,
      updatedAt: new Date(),
    })
    .where(and(eq(queueSchedules.workspaceId, workspaceId), eq(queueSchedules.socialAccountId, accountId)))
    .returning({
      enabled: queueSchedules.evergreenEnabled,
      minGapDays: queueSchedules.evergreenMinGapDays,
      rewrite: queueSchedules.evergreenRewrite,
    });
  return row;
}

/** How many evergreen originals the account has. */
export async function countEvergreenPosts(db: Db, workspaceId: string, accountId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        eq(posts.socialAccountId, accountId),
        eq(posts.evergreen, true),
        isNull(posts.recycledFromPostId),
      ),
    );
  return row?.value ?? 0;
}

/** Marks or unmarks a post of the workspace. */
export async function setPostEvergreen(db: Db, workspaceId: string, id: string, evergreen: boolean) {
  await db
    .update(posts)
    .set({ evergreen, updatedAt: new Date() })
    .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, id)));
}

export interface RecyclingAccount {
  accountId: string;
  workspaceId: string;
  minGapDays: number;
  rewrite: boolean;
}

/**
 * Accounts whose recycling is on, whose queue is not paused, that are connected, in a workspace
 * whose plan includes recycling (`plansWithRecycling`): a downgraded workspace stops recycling.
 */
export async function listRecyclingAccounts(
  db: Db,
  plansWithRecycling: PlanId[],
): Promise<RecyclingAccount[]> {
  return db
    .select({
      accountId: queueSchedules.socialAccountId,
      workspaceId: queueSchedules.workspaceId,
      minGapDays: queueSchedules.evergreenMinGapDays,
      rewrite: queueSchedules.evergreenRewrite,
    })
    .from(queueSchedules)
    .innerJoin(socialAccounts, eq(socialAccounts.id, queueSchedules.socialAccountId))
    .innerJoin(workspaces, eq(workspaces.id, queueSchedules.workspaceId))
    .where(
      and(
        eq(queueSchedules.evergreenEnabled, true),
        isNull(queueSchedules.pausedAt),
        eq(socialAccounts.status, 'connected'),
        eq(socialAccounts.workspaceId, queueSchedules.workspaceId),
        inArray(workspaces.plan, plansWithRecycling),
      ),
    )
    .orderBy(asc(queueSchedules.socialAccountId));
}

/**
 * Whether the account's queue has run dry (decision 072): none of its posts is on its way out
 * between `now` and `until` (planned, waiting for approval, or holding a queue slot there), and no
 * recycled copy of it is still on its way at all (one copy at a time fills a dry queue).
 */
export async function isQueueDry(db: Db, accountId: string, now: Date, until: Date): Promise<boolean> {
  const grace = new Date(now.getTime() - UNQUEUED_COPY_GRACE_MS);
  const inWindow = (column: typeof posts.scheduledAt | typeof posts.queueSlotAt) =>
    sql`${column} >= ${now} and ${column} < ${until}`;
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.socialAccountId, accountId),
        or(
          and(inArray(posts.status, WAITING), inWindow(posts.scheduledAt)),
          // A post held in a paused or not yet scheduled place of the queue.
          and(eq(posts.status, 'draft'), inWindow(posts.queueSlotAt)),
          and(sql`${posts.recycledFromPostId} is not null`, copyOnItsWay(grace)),
        ),
      ),
    )
    .limit(1);
  return row === undefined;
}

/** A post (a copy) still on its way: waiting, held in the queue, or a draft made moments ago. */
function copyOnItsWay(grace: Date): SQL | undefined {
  return or(
    inArray(posts.status, WAITING),
    and(eq(posts.status, 'draft'), sql`${posts.queueSlotAt} is not null`),
    and(eq(posts.status, 'draft'), gte(posts.createdAt, grace)),
  );
}

/**
 * The evergreen original of the account to recycle now: of those that went out (the original or
 * a copy published) and whose family's last time out is at or before `lastOutBefore`, with no copy
 * on its way, the one that went out longest ago (ties: the lower id).
 */
export async function pickEvergreenPost(
  db: Db,
  input: { workspaceId: string; accountId: string; lastOutBefore: Date; now: Date },
): Promise<PostRow | undefined> {
  const grace = new Date(input.now.getTime() - UNQUEUED_COPY_GRACE_MS);
  const lastOut = sql<Date>`(select max(f.published_at) from ${posts} f
    where (f.id = ${posts.id} or f.recycled_from_post_id = ${posts.id}) and f.status = 'published')`;
  const [row] = await db
    .select()
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, input.workspaceId),
        eq(posts.socialAccountId, input.accountId),
        eq(posts.evergreen, true),
        isNull(posts.recycledFromPostId),
        sql`${lastOut} <= ${input.lastOutBefore}`,
        sql`not exists (select 1 from ${posts} c where c.recycled_from_post_id = ${posts.id}
          and (c.status in ('pending_approval', 'approved', 'scheduled', 'publishing')
            or (c.status = 'draft' and (c.queue_slot_at is not null or c.created_at >= ${grace}))))`,
      ),
    )
    .orderBy(asc(lastOut), asc(posts.id))
    .limit(1);
  return row;
}

/** The texts of the family (the original and every copy): a rewrite must differ from each. */
export async function listFamilyTexts(db: Db, originalId: string): Promise<string[]> {
  const rows = await db
    .select({ content: posts.content })
    .from(posts)
    .where(or(eq(posts.id, originalId), eq(posts.recycledFromPostId, originalId)))
    .orderBy(asc(posts.createdAt));
  return rows.map((row) => row.content);
}

/**
 * Inserts the copy as a draft while the account is locked (a transaction-scoped advisory lock),
 * after checking again that the queue is dry and the original still the one to recycle: two runs
 * at once, on one process or two, queue one copy. Undefined when the check no longer holds.
 */
export async function claimEvergreenCopy(
  db: Db,
  input: {
    accountId: string;
    originalId: string;
    now: Date;
    until: Date;
    lastOutBefore: Date;
    workspaceId: string;
    copy: Omit<NewPostRow, 'workspaceId'>;
  },
): Promise<PostRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`evergreen:${input.accountId}`}, 0))`,
    );
    if (!(await isQueueDry(tx, input.accountId, input.now, input.until))) return undefined;
    const pick = await pickEvergreenPost(tx, input);
    if (pick?.id !== input.originalId) return undefined;
    const [row] = await tx
      .insert(posts)
      .values({ ...input.copy, workspaceId: input.workspaceId })
      .returning();
    return row;
  });
}

/** Removes a copy that could not be queued (it would otherwise hold the account's recycling). */
export async function deleteEvergreenCopy(db: Db, workspaceId: string, id: string): Promise<void> {
  await db
    .delete(posts)
    .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, id), eq(posts.status, 'draft')));
}

/**
 * Who the copy is queued as: the original's author while still a member of the workspace, else
 * the workspace's owner. Undefined for a workspace with neither (none exists in practice).
 */
export async function findRecyclingAuthor(
  db: Db,
  workspaceId: string,
  authorId: string | null,
): Promise<string | undefined> {
  const rows = await db
    .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        or(authorId ? eq(workspaceMembers.userId, authorId) : undefined, eq(workspaceMembers.role, 'owner')),
      ),
    );
  return (rows.find((row) => row.userId === authorId) ?? rows.find((row) => row.role === 'owner'))?.userId;
}
