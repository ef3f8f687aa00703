import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { BillingProviderKind } from '../../../contracts/billing';
import type { PlanId, SubscriptionStatus } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { billingEvents, subscriptions, users, workspaceMembers, workspaces } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type WorkspaceBillingRow = Pick<
  typeof workspaces.$inferSelect,
  | 'id'
  | 'name'
  | 'plan'
  | 'subscriptionStatus'
  | 'trialEndsAt'
  | 'trialReminderSentAt'
  | 'billingProvider'
  | 'billingCustomerId'
>;

const workspaceBillingColumns = {
  id: workspaces.id,
  name: workspaces.name,
  plan: workspaces.plan,
  subscriptionStatus: workspaces.subscriptionStatus,
  trialEndsAt: workspaces.trialEndsAt,
  trialReminderSentAt: workspaces.trialReminderSentAt,
  billingProvider: workspaces.billingProvider,
  billingCustomerId: workspaces.billingCustomerId,
};

export async function findWorkspaceBilling(
  db: Db,
  workspaceId: string,
): Promise<WorkspaceBillingRow | undefined> {
  const [row] = await db
    .select(workspaceBillingColumns)
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row;
}

/** The same, locked until the transaction ends: every billing change of a workspace goes one at a time. */
export async function lockWorkspaceBilling(
  db: Db,
  workspaceId: string,
): Promise<WorkspaceBillingRow | undefined> {
  const [row] = await db
    .select(workspaceBillingColumns)
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for('update');
  return row;
}

export async function updateWorkspaceBilling(
  db: Db,
  workspaceId: string,
  values: { plan: PlanId; subscriptionStatus: SubscriptionStatus },
  now: Date,
) {
  await db
    .update(workspaces)
    .set({ ...values, updatedAt: now })
    .where(eq(workspaces.id, workspaceId));
}

/**
 * Stores the workspace's customer unless one of this provider is already there (two set-ups at
 * once); answers the customer that is stored afterwards.
 */
export async function storeBillingCustomer(
  db: Db,
  workspaceId: string,
  provider: BillingProviderKind,
  customerId: string,
): Promise<string | undefined> {
  await db
    .update(workspaces)
    .set({ billingProvider: provider, billingCustomerId: customerId, updatedAt: new Date() })
    .where(
      and(
        eq(workspaces.id, workspaceId),
        or(
          isNull(workspaces.billingCustomerId),
          isNull(workspaces.billingProvider),
          sql`${workspaces.billingProvider} <> ${provider}`,
        ),
      ),
    );
  const row = await findWorkspaceBilling(db, workspaceId);
  return row?.billingProvider === provider ? (row.billingCustomerId ?? undefined) : undefined;
}

/** Newest first. */
export async function listWorkspaceSubscriptions(db: Db, workspaceId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

export async function findSubscriptionByProviderId(
  db: Db,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row;
}

export async function insertSubscription(db: Db, values: typeof subscriptions.$inferInsert) {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscription insert returned no row');
  return row;
}

export async function updateSubscription(
  db: Db,
  id: string,
  values: Partial<Omit<typeof subscriptions.$inferInsert, 'id' | 'workspaceId'>>,
  now: Date,
) {
  await db
    .update(subscriptions)
    .set({ ...values, updatedAt: now })
    .where(eq(subscriptions.id, id));
}

/** Remembers a webhook event; false when it was already there (a replay). */
export async function insertBillingEvent(
  db: Db,
  values: { provider: BillingProviderKind; eventId: string; type: string; receivedAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(billingEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: billingEvents.eventId });
  return inserted.length > 0;
}

// --- Trials ---------------------------------------------------------------------------------

/**
 * Marks the trials that end within (now, horizon] and were not reminded yet, and answers them:
 * whoever marks a workspace sends its reminder, so two runs at once send one.
 */
export async function claimTrialReminders(db: Db, now: Date, horizon: Date) {
  return db
    .update(workspaces)
    .set({ trialReminderSentAt: now })
    .where(
      and(
        eq(workspaces.subscriptionStatus, 'trialing'),
        gt(workspaces.trialEndsAt, now),
        lte(workspaces.trialEndsAt, horizon),
        isNull(workspaces.trialReminderSentAt),
      ),
    )
    .returning({ id: workspaces.id, plan: workspaces.plan, trialEndsAt: workspaces.trialEndsAt });
}

export async function listEndedTrials(db: Db, now: Date) {
  return db
    .select({ id: workspaces.id, plan: workspaces.plan })
    .from(workspaces)
    .where(and(eq(workspaces.subscriptionStatus, 'trialing'), lte(workspaces.trialEndsAt, now)));
}

/** Moves an ended trial to the free plan; false when it is no longer a trial (paid, or another run). */
export async function endTrial(db: Db, workspaceId: string, now: Date): Promise<boolean> {
  const ended = await db
    .update(workspaces)
    .set({ plan: 'free', subscriptionStatus: 'active', updatedAt: now })
    .where(
      and(
        eq(workspaces.id, workspaceId),
        eq(workspaces.subscriptionStatus, 'trialing'),
        lte(workspaces.trialEndsAt, now),
      ),
    )
    .returning({ id: workspaces.id });
  return ended.length > 0;
}

// --- Admin ----------------------------------------------------------------------------------

/**
 * Each workspace that ever had a subscription, with the one whose payment is the newest (or its
 * newest subscription when none was paid) and its owner's email.
 */
export async function listBilledWorkspaces(db: Db, workspaceId?: string) {
  return db
    .selectDistinctOn([subscriptions.workspaceId], {
      subscription: subscriptions,
      workspace: {
        id: workspaces.id,
        name: workspaces.name,
        plan: workspaces.plan,
        subscriptionStatus: workspaces.subscriptionStatus,
      },
      ownerEmail: users.email,
    })
    .from(subscriptions)
    .innerJoin(workspaces, eq(workspaces.id, subscriptions.workspaceId))
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, subscriptions.workspaceId), eq(workspaceMembers.role, 'owner')),
    )
    .leftJoin(users, eq(users.id, workspaceMembers.userId))
    .where(workspaceId ? eq(subscriptions.workspaceId, workspaceId) : undefined)
    .orderBy(
      subscriptions.workspaceId,
      sql`${subscriptions.latestPaymentAt} desc nulls last`,
      desc(subscriptions.createdAt),
    );
}
export type BilledWorkspaceRow = Awaited<ReturnType<typeof listBilledWorkspaces>>[number];

/** Marks the payment refunded unless it already is; false when another refund got there first. */
export async function claimRefund(db: Db, subscriptionId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(subscriptions)
    .set({ refundedAt: now, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), isNull(subscriptions.refundedAt)))
    .returning({ id: subscriptions.id });
  return claimed.length > 0;
}

/** Takes a claim back when the provider refused the refund. */
export async function releaseRefund(db: Db, subscriptionId: string) {
  await db.update(subscriptions).set({ refundedAt: null }).where(eq(subscriptions.id, subscriptionId));
}
