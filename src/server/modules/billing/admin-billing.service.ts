import { type AdminSubscription, billingMessages } from '../../../contracts/billing';
import { MONEY_BACK_DAYS } from '../../../contracts/plans';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { insertAuditEntry } from '../audit';
import {
  type BilledWorkspaceRow,
  claimRefund,
  findWorkspaceBilling,
  listBilledWorkspaces,
  releaseRefund,
} from './billing.repository';
import { applyBillingEventNow } from './billing-events.service';
import { isEnded } from './billing-state';

const MONEY_BACK_MS = MONEY_BACK_DAYS * 24 * 60 * 60 * 1000;

export const refundMessages = {
  otherProvider: 'This payment was made with another payment provider than the one in use; refund it there.',
  refundFailed: 'The payment provider did not make the refund. Please try again.',
} as const;

/** The admin portal's list: every workspace that ever subscribed, the newest payment first. */
export async function listAdminSubscriptions(
  ctx: Pick<AppContext, 'database'>,
  now = new Date(),
): Promise<AdminSubscription[]> {
  const rows = await listBilledWorkspaces(ctx.database.db);
  return rows
    .sort((a, b) => {
      const paid =
        (b.subscription.latestPaymentAt?.getTime() ?? -1) - (a.subscription.latestPaymentAt?.getTime() ?? -1);
      return paid !== 0 ? paid : b.subscription.createdAt.getTime() - a.subscription.createdAt.getTime();
    })
    .map((row) => toAdminSubscription(row, now));
}

/**
 * The 14-day money-back guarantee: refunds the latest payment of the workspace's subscription,
 * cancels that subscription at once (the workspace goes to the free plan, data kept) and audits
 * it. The refund is claimed first (refundedAt), so two clicks cannot refund twice, and the
 * subscription is cancelled before the money moves, so a failure can simply be tried again.
 */
export async function refundLatestPayment(
  ctx: Pick<AppContext, 'database' | 'billing' | 'mail' | 'config' | 'log' | 'jobs'>,
  input: { workspaceId: string; actorUserId: string; ip: string },
  now = new Date(),
): Promise<{ refundedAmount: number; subscription: AdminSubscription }> {
  const workspace = await findWorkspaceBilling(ctx.database.db, input.workspaceId);
  if (!workspace) throw new AppError('not_found', 'Workspace not found');
  const [row] = await listBilledWorkspaces(ctx.database.db, input.workspaceId);
  const subscription = row?.subscription;
  if (!subscription?.latestPaymentId || !subscription.latestPaymentAt) {
    throw new AppError('conflict', billingMessages.nothingToRefund);
  }
  if (subscription.refundedAt) throw new AppError('conflict', billingMessages.alreadyRefunded);
  if (!isRefundable(subscription.latestPaymentAt, now)) {
    throw new AppError('conflict', billingMessages.refundWindowPassed(MONEY_BACK_DAYS));
  }
  const provider = ctx.billing.provider;
  if (!provider || subscription.provider !== provider.kind)
    throw new AppError('conflict', refundMessages.otherProvider);
  if (!(await claimRefund(ctx.database.db, subscription.id, now))) {
    throw new AppError('conflict', billingMessages.alreadyRefunded);
  }

  let amountCents: number;
  try {
    if (!isEnded(subscription)) {
      const cancelled = await provider.cancelSubscription(subscription.providerSubscriptionId, {
        atPeriodEnd: false,
      });
      await applyBillingEventNow(
        ctx,
        provider.kind,
        {
          id: `refund:${subscription.id}`,
          type: 'admin.refund',
          kind: 'subscription_deleted',
          subscription: cancelled,
        },
        now,
      );
    }
    ({ amountCents } = await provider.refundPayment(subscription.latestPaymentId));
  } catch (error) {
    await releaseRefund(ctx.database.db, subscription.id);
    if (error instanceof AppError) throw error;
    ctx.log.error({ err: error, workspaceId: input.workspaceId }, 'refunding a payment failed');
    throw new AppError('upstream_failed', refundMessages.refundFailed);
  }

  const [after] = await listBilledWorkspaces(ctx.database.db, input.workspaceId);
  if (!after) throw new Error('the refunded subscription disappeared');
  await insertAuditEntry(ctx.database.db, {
    actorUserId: input.actorUserId,
    action: 'subscription.refunded',
    targetType: 'workspace',
    targetId: input.workspaceId,
    before: {
      plan: workspace.plan,
      subscriptionStatus: workspace.subscriptionStatus,
      subscription: subscription.providerSubscriptionId,
      providerStatus: subscription.status,
      payment: subscription.latestPaymentId,
      paidAt: subscription.latestPaymentAt.toISOString(),
    },
    after: {
      plan: after.workspace.plan,
      subscriptionStatus: after.workspace.subscriptionStatus,
      providerStatus: after.subscription.status,
      refundedAmountCents: amountCents,
    },
    ipAddress: input.ip,
  });
  return { refundedAmount: amountCents / 100, subscription: toAdminSubscription(after, now) };
}

function isRefundable(paidAt: Date, now: Date): boolean {
  return now.getTime() - paidAt.getTime() <= MONEY_BACK_MS;
}

function toAdminSubscription(
  { subscription, workspace, ownerEmail }: BilledWorkspaceRow,
  now: Date,
): AdminSubscription {
  const paidAt = subscription.latestPaymentAt;
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    ownerEmail,
    plan: workspace.plan,
    status: workspace.subscriptionStatus,
    provider: subscription.provider,
    latestPayment:
      paidAt && subscription.latestPaymentAmountCents !== null
        ? {
            amount: subscription.latestPaymentAmountCents / 100,
            paidAt: paidAt.toISOString(),
            refundedAt: subscription.refundedAt?.toISOString() ?? null,
            refundable: subscription.refundedAt === null && isRefundable(paidAt, now),
          }
        : null,
  };
}
