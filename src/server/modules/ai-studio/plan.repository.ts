import { and, asc, desc, eq, gte, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiPlanItems, aiPlans, posts, queueSchedules, socialAccounts, users } from '../../db/schema';

export type AiPlanRow = typeof aiPlans.$inferSelect;
export type AiPlanItemRow = typeof aiPlanItems.$inferSelect;
export type NewAiPlanItemRow = Omit<typeof aiPlanItems.$inferInsert, 'planId' | 'workspaceId'>;

/** The workspace's accounts with their queue schedules (none: no slots or paused). */
export async function listPlanAccounts(db: Db, workspaceId: string) {
  return db
    .select({
      id: socialAccounts.id,
      platform: socialAccounts.platform,
      queueSlots: queueSchedules.slots,
      queueTimeZone: queueSchedules.timeZone,
      queuePausedAt: queueSchedules.pausedAt,
    })
    .from(socialAccounts)
    .leftJoin(queueSchedules, eq(queueSchedules.socialAccountId, socialAccounts.id))
    .where(eq(socialAccounts.workspaceId, workspaceId))
    .orderBy(asc(socialAccounts.createdAt), asc(socialAccounts.id));
}

/**
 * The times the accounts' posts hold from `from` on: scheduled, waiting for approval, queued, and
 * planned drafts (a draft with a time shows on the calendar), which the queue's own list skips.
 */
export async function listBusyTimes(db: Db, workspaceId: string, accountIds: string[], from: Date) {
  if (accountIds.length === 0) return [];
  return db
    .select({
      accountId: posts.socialAccountId,
      scheduledAt: posts.scheduledAt,
      queueSlotAt: posts.queueSlotAt,
    })
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        inArray(posts.socialAccountId, accountIds),
        notInArray(posts.status, ['published', 'failed', 'missed', 'cancelled']),
        or(gte(posts.scheduledAt, from), gte(posts.queueSlotAt, from)),
      ),
    );
}

/** The workspace's latest post texts, newest first: a plan must not repeat them. */
export async function listRecentPostTexts(db: Db, workspaceId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ content: posts.content })
    .from(posts)
    .where(eq(posts.workspaceId, workspaceId))
    .orderBy(desc(posts.createdAt))
    .limit(limit);
  return rows.map((row) => row.content);
}

export async function findUserZone(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
  return row?.timezone ?? null;
}

export async function insertPlan(db: Db, values: typeof aiPlans.$inferInsert): Promise<AiPlanRow> {
  const [row] = await db.insert(aiPlans).values(values).returning();
  if (!row) throw new Error('plan insert returned no row');
  return row;
}

export async function insertPlanItems(
  db: Db,
  plan: Pick<AiPlanRow, 'id' | 'workspaceId'>,
  items: NewAiPlanItemRow[],
): Promise<AiPlanItemRow[]> {
  if (items.length === 0) return [];
  return db
    .insert(aiPlanItems)
    .values(items.map((item) => ({ ...item, planId: plan.id, workspaceId: plan.workspaceId })))
    .returning();
}

export async function updatePlan(
  db: Db,
  planId: string,
  values: Partial<Pick<AiPlanRow, 'status' | 'writtenCount' | 'notice' | 'generationId'>>,
) {
  await db
    .update(aiPlans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(aiPlans.id, planId));
}

/** The plan and its items by position; undefined for another workspace's plan. */
export async function findPlan(db: Db, workspaceId: string, planId: string) {
  const [plan] = await db
    .select()
    .from(aiPlans)
    .where(and(eq(aiPlans.id, planId), eq(aiPlans.workspaceId, workspaceId)));
  if (!plan) return undefined;
  const items = await db
    .select()
    .from(aiPlanItems)
    .where(eq(aiPlanItems.planId, planId))
    .orderBy(asc(aiPlanItems.position));
  return { plan, items };
}

/** Marks an item accepted as `postId`, only while no earlier accept took it. */
export async function claimPlanItem(db: Db, itemId: string, postId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(aiPlanItems)
    .set({ postId, acceptedAt: now })
    .where(and(eq(aiPlanItems.id, itemId), isNull(aiPlanItems.acceptedAt)))
    .returning({ id: aiPlanItems.id });
  return rows.length === 1;
}

/** How many items of the plan are not accepted yet. */
export async function countOpenItems(db: Db, planId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(aiPlanItems)
    .where(and(eq(aiPlanItems.planId, planId), isNull(aiPlanItems.acceptedAt)));
  return row?.count ?? 0;
}

/** The hourly cleanup: plans untouched for 30 days go, with their items. */
export async function deleteStalePlans(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(aiPlans).where(lt(aiPlans.updatedAt, before)).returning({ id: aiPlans.id });
  return rows.length;
}
