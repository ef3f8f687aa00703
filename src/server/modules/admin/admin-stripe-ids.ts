import { type AdminUser, adminMessages } from '../../../contracts/admin';
import type { ProviderSubscriptionStatus } from '../../../contracts/billing';
import type { PlanId, SubscriptionStatus } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  findCurrentStripeSubscription,
  insertStripeSubscription,
  setProviderSubscriptionId,
  subscriptionIdTaken,
  updateWorkspaceRow,
} from './admin-users.repository';

/** What Stripe would call the workspace's status, for a subscription row the operator links. */
const providerStatusOf: Record<SubscriptionStatus, ProviderSubscriptionStatus> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  inactive: 'canceled',
  cancelled: 'canceled',
};

/**
 * The Edit User dialog's Stripe ids (decision 021): stripeCustomerId is the workspace's billing
 * customer with billing_provider 'stripe'; stripeSubscriptionId is the provider id of the
 * workspace's newest Stripe subscription row. Only changed values are written, and nothing is sent
 * to Stripe: this relinks our records to what already exists there.
 */
export async function applyStripeIds(
  db: Db,
  before: AdminUser,
  body: {
    stripeCustomerId: string | null;
    stripeSubscriptionId: string | null;
    subscriptionPlan: PlanId;
    subscriptionStatus: SubscriptionStatus;
  },
): Promise<void> {
  const customerChanged = body.stripeCustomerId !== before.stripeCustomerId;
  const subscriptionChanged = body.stripeSubscriptionId !== before.stripeSubscriptionId;
  if (!customerChanged && !subscriptionChanged) return;
  const workspaceId = before.workspaceId;
  if (!workspaceId) throw new AppError('bad_request', adminMessages.noWorkspace);

  if (customerChanged) {
    await updateWorkspaceRow(db, workspaceId, {
      billingProvider: body.stripeCustomerId ? 'stripe' : null,
      billingCustomerId: body.stripeCustomerId,
    });
  }
  if (!subscriptionChanged) return;
  const next = body.stripeSubscriptionId;
  if (!next) throw new AppError('bad_request', adminMessages.subscriptionIdRemoval);
  const current = await findCurrentStripeSubscription(db, workspaceId);
  if (await subscriptionIdTaken(db, next, current?.id)) {
    throw new AppError('conflict', adminMessages.subscriptionIdTaken);
  }
  if (current) {
    await setProviderSubscriptionId(db, current.id, next);
    return;
  }
  const plan = body.subscriptionPlan;
  if (!body.stripeCustomerId || plan === 'free') {
    throw new AppError('bad_request', adminMessages.subscriptionNeedsCustomer);
  }
  const status = providerStatusOf[body.subscriptionStatus];
  await insertStripeSubscription(db, {
    workspaceId,
    provider: 'stripe',
    providerCustomerId: body.stripeCustomerId,
    providerSubscriptionId: next,
    plan,
    status,
    endedAt: status === 'canceled' ? new Date() : null,
  });
}
