import { and, arrayContains, asc, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { WebhookEventType } from '../../../contracts/integrations';
import type { PlanId } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, workspaces } from '../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;

// --- Endpoints ------------------------------------------------------------------------------

export async function listWorkspaceEndpoints(db: Db, workspaceId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findWorkspaceEndpoint(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function countWorkspaceEndpoints(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export async function insertEndpoint(
  db: Db,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint not inserted');
  return row;
}

export async function updateWorkspaceEndpoint(
  db: Db,
  workspaceId: string,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteWorkspaceEndpoint(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * The enabled endpoints of the workspace subscribed to `type`, with the workspace's plan: one
 * indexed read per event (the publishing path emits one for every post it publishes).
 */
export async function listSubscribedEndpoints(
  db: Db,
  workspaceId: string,
  type: WebhookEventType,
): Promise<Array<{ id: string; plan: PlanId }>> {
  return db
    .select({ id: webhookEndpoints.id, plan: workspaces.plan })
    .from(webhookEndpoints)
    .innerJoin(workspaces, eq(workspaces.id, webhookEndpoints.workspaceId))
    .where(
      and(
        eq(webhookEndpoints.workspaceId, workspaceId),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    );
}

/** The endpoint a delivery goes to, whatever the workspace (the worker has no caller). */
export async function findEndpoint(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

/** A delivery went through: the endpoint's failures in a row start again from 0. */
export async function resetEndpointFailures(db: Db, id: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0 })
    .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.consecutiveFailures} > 0`));
}

/**
 * One more delivery failed for good. At `limit` in a row the endpoint is disabled with `reason`;
 * `disabledNow` says whether this call did it (so one notice goes out, however many race).
 */
export async function recordEndpointFailure(
  db: Db,
  id: string,
  input: { limit: number; at: Date; reason: string },
): Promise<{ failures: number; disabledNow: boolean } | undefined> {
  const failures = sql`${webhookEndpoints.consecutiveFailures} + 1`;
  const disable = sql`${webhookEndpoints.disabledAt} is null and ${failures} >= ${input.limit}`;
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: sql`${failures}`,
      disabledReason: sql`case when ${disable} then ${input.reason} else ${webhookEndpoints.disabledReason} end`,
      disabledAt: sql`case when ${disable} then ${input.at.toISOString()}::timestamptz else ${webhookEndpoints.disabledAt} end`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning({
      failures: webhookEndpoints.consecutiveFailures,
      disabledAt: webhookEndpoints.disabledAt,
    });
  if (!row) return undefined;
  return { failures: row.failures, disabledNow: row.disabledAt?.getTime() === input.at.getTime() };
}

// --- Deliveries -----------------------------------------------------------------------------

export async function insertDeliveries(db: Db, values: NewWebhookDelivery[]): Promise<WebhookDeliveryRow[]> {
  if (values.length === 0) return [];
  return db.insert(webhookDeliveries).values(values).returning();
}

/** A page of an endpoint's deliveries, newest first, older than the cursor's when one is given. */
export async function listEndpointDeliveries(
  db: Db,
  workspaceId: string,
  endpointId: string,
  page: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<WebhookDeliveryRow[]> {
  const { before } = page;
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.workspaceId, workspaceId),
        eq(webhookDeliveries.endpointId, endpointId),
        before
          ? or(
              lt(webhookDeliveries.createdAt, before.createdAt),
              and(eq(webhookDeliveries.createdAt, before.createdAt), lt(webhookDeliveries.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit);
}

export async function findEndpointDelivery(
  db: Db,
  workspaceId: string,
  endpointId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.workspaceId, workspaceId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
      ),
    );
  return row;
}

export async function findDelivery(db: Db, id: string): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

/**
 * Takes attempt number `attempt` of a pending delivery: only one run makes it, however many jobs
 * pg-boss hands out for it (a job run twice finds the count moved on and does nothing).
 */
export async function claimDeliveryAttempt(
  db: Db,
  id: string,
  attempt: number,
  now: Date,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ attempts: attempt, lastAttemptAt: now, nextAttemptAt: null })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attempts, attempt - 1),
      ),
    )
    .returning();
  return row;
}

export async function recordDeliveryAttempt(
  db: Db,
  id: string,
  values: Pick<
    Partial<NewWebhookDelivery>,
    'status' | 'responseStatus' | 'durationMs' | 'error' | 'nextAttemptAt'
  >,
): Promise<void> {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** The log is kept 30 days (the cleanup job). */
export async function deleteDeliveriesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, before));
}

/**
 * Pending deliveries nobody is working on: one whose next attempt is overdue by `grace` (its job
 * was lost, or never sent), and one claimed that long ago and never settled (the process died
 * mid-attempt: a claim clears next_attempt_at).
 */
export async function listStalledDeliveries(db: Db, before: Date, limit = 500) {
  return db
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        or(
          lt(webhookDeliveries.nextAttemptAt, before),
          and(isNull(webhookDeliveries.nextAttemptAt), lt(webhookDeliveries.lastAttemptAt, before)),
        ),
      ),
    )
    .orderBy(asc(webhookDeliveries.createdAt))
    .limit(limit);
}
