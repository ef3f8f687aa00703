import type { BillingProviderKind } from '../../../contracts/billing';
import type { PlanId, SubscriptionStatus } from '../../../contracts/plans';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { BillingEvent } from '../../integrations/billing/billing-provider';
import { notifyWorkspace } from '../notifications';
import { emitSubscriptionChanged } from '../webhooks';
import {
  findSubscriptionByProviderId,
  insertBillingEvent,
  listWorkspaceSubscriptions,
  lockWorkspaceBilling,
  updateSubscription,
  updateWorkspaceBilling,
} from './billing.repository';
import {
  type BillingNotice,
  decideBillingEvent,
  isLatestSubscription,
  type SubscriptionEvent,
  subscriptionIdOf,
} from './billing-state';

export type ReceivedEvent =
  | { duplicate: true }
  /** `applied`: false when the event is of no interest or about a subscription that is not ours. */
  | { duplicate: false; applied: boolean };

/**
 * The one way a provider's event reaches our state: Stripe's webhooks, and the sandbox's
 * confirmations, portal actions and time passing. The event id is remembered and the event
 * applied in one short transaction, so a replay is recognised and applies nothing, and an event
 * whose application failed is not remembered (Stripe sends it again). Members are told after the
 * transaction (mail never runs inside it).
 */
export async function receiveBillingEvent(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log' | 'jobs'>,
  provider: BillingProviderKind,
  event: BillingEvent,
  now = new Date(),
): Promise<ReceivedEvent> {
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const fresh = await insertBillingEvent(tx, {
      provider,
      eventId: event.id,
      type: event.type,
      receivedAt: now,
    });
    if (!fresh) return { duplicate: true as const };
    if (event.kind === 'ignored') {
      return { duplicate: false as const, applied: false, notice: null, changed: null };
    }
    return { duplicate: false as const, ...(await applyEvent(tx, provider, event, now)) };
  });
  if (outcome.duplicate) {
    ctx.log.info({ provider, eventId: event.id, type: event.type }, 'billing event already handled');
    return { duplicate: true };
  }
  if (outcome.notice) await tellWorkspace(ctx, outcome.notice);
  if (outcome.changed) await emitSubscriptionChanged(ctx, outcome.changed.workspaceId, outcome.changed);
  return { duplicate: false, applied: outcome.applied };
}

/**
 * Applies what the provider has just done at our request (an admin's refund cancels the
 * subscription at once) with the same rules as its webhook, without waiting for it. The webhook
 * that follows finds the subscription ended and changes nothing.
 */
export async function applyBillingEventNow(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log' | 'jobs'>,
  provider: BillingProviderKind,
  event: SubscriptionEvent,
  now = new Date(),
): Promise<boolean> {
  const outcome = await ctx.database.db.transaction((tx) => applyEvent(tx, provider, event, now));
  if (outcome.notice) await tellWorkspace(ctx, outcome.notice);
  if (outcome.changed) await emitSubscriptionChanged(ctx, outcome.changed.workspaceId, outcome.changed);
  return outcome.applied;
}

type WorkspaceNotice = BillingNotice & { workspaceId: string };
/** The workspace's plan and status after an event, for its webhooks (subscription.changed). */
type WorkspacePlanChange = { workspaceId: string; plan: PlanId; status: SubscriptionStatus };

async function applyEvent(
  tx: Db,
  provider: BillingProviderKind,
  event: SubscriptionEvent,
  now: Date,
): Promise<{ applied: boolean; notice: WorkspaceNotice | null; changed: WorkspacePlanChange | null }> {
  const found = await findSubscriptionByProviderId(tx, subscriptionIdOf(event));
  // Not ours (another app on the same Stripe account), or of the other provider.
  if (!found || found.provider !== provider) return { applied: false, notice: null, changed: null };
  // The workspace is locked first, then its subscriptions read again: one change at a time.
  const workspace = await lockWorkspaceBilling(tx, found.workspaceId);
  if (!workspace) return { applied: false, notice: null, changed: null };
  const all = await listWorkspaceSubscriptions(tx, found.workspaceId);
  const subscription = all.find((row) => row.id === found.id) ?? found;
  const outcome = decideBillingEvent(
    { event, subscription, isLatest: isLatestSubscription(subscription, all), workspace },
    now,
  );
  if (outcome.subscription) await updateSubscription(tx, subscription.id, outcome.subscription, now);
  if (outcome.workspace) await updateWorkspaceBilling(tx, workspace.id, outcome.workspace, now);
  return {
    applied: true,
    notice: outcome.notice ? { ...outcome.notice, workspaceId: workspace.id } : null,
    changed: outcome.workspace
      ? {
          workspaceId: workspace.id,
          plan: outcome.workspace.plan,
          status: outcome.workspace.subscriptionStatus,
        }
      : null,
  };
}

async function tellWorkspace(
  ctx: Pick<AppContext, 'database' | 'mail' | 'config' | 'log'>,
  notice: WorkspaceNotice,
) {
  try {
    await notifyWorkspace(ctx, notice);
  } catch (error) {
    // The change is saved; a lost notice must not make the provider send the event again.
    ctx.log.error(
      { err: error, workspaceId: notice.workspaceId, kind: notice.kind },
      'billing notice not saved',
    );
  }
}
