import { and, asc, desc, eq, inArray, lt, lte } from 'drizzle-orm';
import type { PaidPlanId, ProviderSubscriptionStatus } from '../../../../contracts/billing';
import type { Db } from '../../../db/client';
import { sandboxBillingSubscriptions } from '../../../db/schema';

/** The sandbox provider's own records: only SandboxBilling reads and writes them. */
export type SandboxSubscriptionRow = typeof sandboxBillingSubscriptions.$inferSelect;
type SandboxSubscriptionChanges = Partial<Omit<SandboxSubscriptionRow, 'id' | 'customerId' | 'createdAt'>>;

/** Statuses of a subscription that is paid for (or being retried): the portal can act on it. */
const liveStatuses = ['active', 'past_due', 'trialing'] as const;

export async function insertSandboxSubscription(
  db: Db,
  values: typeof sandboxBillingSubscriptions.$inferInsert,
): Promise<SandboxSubscriptionRow> {
  const [row] = await db.insert(sandboxBillingSubscriptions).values(values).returning();
  if (!row) throw new Error('sandbox subscription insert returned no row');
  return row;
}

export async function findSandboxSubscription(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(sandboxBillingSubscriptions)
    .where(eq(sandboxBillingSubscriptions.id, id));
  return row;
}

export async function findSandboxSubscriptionBySecretHash(db: Db, clientSecretHash: string) {
  const [row] = await db
    .select()
    .from(sandboxBillingSubscriptions)
    .where(eq(sandboxBillingSubscriptions.clientSecretHash, clientSecretHash));
  return row;
}

export async function findSandboxSubscriptionByPayment(db: Db, paymentId: string) {
  const [row] = await db
    .select()
    .from(sandboxBillingSubscriptions)
    .where(eq(sandboxBillingSubscriptions.latestPaymentId, paymentId));
  return row;
}

/** The customer's newest paid-for subscription (what the portal shows). */
export async function findLiveSandboxSubscriptionOfCustomer(db: Db, customerId: string) {
  const [row] = await db
    .select()
    .from(sandboxBillingSubscriptions)
    .where(
      and(
        eq(sandboxBillingSubscriptions.customerId, customerId),
        inArray(sandboxBillingSubscriptions.status, [...liveStatuses]),
      ),
    )
    .orderBy(desc(sandboxBillingSubscriptions.createdAt))
    .limit(1);
  return row;
}

/**
 * Changes the subscription only if it still is as `expected` (its status, its period end, its
 * plan): of two writers at once (two confirmations of one secret, two billing jobs renewing it,
 * two plan switches), one changes it and the other gets undefined, so a payment is never taken
 * twice.
 */
export async function updateSandboxSubscription(
  db: Db,
  id: string,
  changes: SandboxSubscriptionChanges,
  expected: { status?: ProviderSubscriptionStatus; currentPeriodEnd?: Date; plan?: PaidPlanId } = {},
): Promise<SandboxSubscriptionRow | undefined> {
  const t = sandboxBillingSubscriptions;
  const [row] = await db
    .update(t)
    .set(changes)
    .where(
      and(
        eq(t.id, id),
        expected.status ? eq(t.status, expected.status) : undefined,
        expected.currentPeriodEnd ? eq(t.currentPeriodEnd, expected.currentPeriodEnd) : undefined,
        expected.plan ? eq(t.plan, expected.plan) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Paid-for subscriptions whose period ended by `now`: to renew, or to end when cancelled. */
export async function listSandboxSubscriptionsPastPeriodEnd(db: Db, now: Date) {
  return db
    .select()
    .from(sandboxBillingSubscriptions)
    .where(
      and(
        inArray(sandboxBillingSubscriptions.status, [...liveStatuses]),
        lte(sandboxBillingSubscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(sandboxBillingSubscriptions.currentPeriodEnd), asc(sandboxBillingSubscriptions.id));
}

/** Incomplete subscriptions created before `createdBefore`: their first payment never came. */
export async function listUnpaidSandboxSubscriptions(db: Db, createdBefore: Date) {
  return db
    .select()
    .from(sandboxBillingSubscriptions)
    .where(
      and(
        eq(sandboxBillingSubscriptions.status, 'incomplete'),
        lt(sandboxBillingSubscriptions.createdAt, createdBefore),
      ),
    )
    .orderBy(asc(sandboxBillingSubscriptions.createdAt), asc(sandboxBillingSubscriptions.id));
}
