import { createHash, randomInt } from 'node:crypto';
import { DateTime } from 'luxon';
import { billingMessages, type PaidPlanId, type SandboxPortalBody } from '../../../../contracts/billing';
import { plans } from '../../../../contracts/plans';
import type { Db } from '../../../db/client';
import {
  type BillingEvent,
  type BillingProvider,
  BillingProviderError,
  type CreatedSubscription,
  type ProviderSubscription,
  type SandboxBillingOperations,
  SubscriptionAlreadyPaidError,
  WebhookSignatureError,
} from '../billing-provider';
import {
  findLiveSandboxSubscriptionOfCustomer,
  findSandboxSubscription,
  findSandboxSubscriptionByPayment,
  findSandboxSubscriptionBySecretHash,
  insertSandboxSubscription,
  listSandboxSubscriptionsPastPeriodEnd,
  listUnpaidSandboxSubscriptions,
  type SandboxSubscriptionRow,
  updateSandboxSubscription,
} from './sandbox-billing.repository';
import { checkSandboxCard, type SandboxCard } from './sandbox-card';

/** Like Stripe: an incomplete subscription's first invoice can be paid for 23 hours. */
const UNPAID_EXPIRY_HOURS = 23;
export const SANDBOX_PORTAL_PATH = '/billing/sandbox-portal';

export const sandboxBillingMessages = {
  paymentNotFound: 'This payment could not be found. Start again.',
  paymentExpired: 'This payment has expired. Start again.',
  alreadyPaid: 'This subscription is already paid.',
  noSubscription: 'There is no sandbox subscription to change.',
  subscriptionNotFound: 'This subscription could not be found.',
  paymentUnknown: 'This payment could not be found.',
  noWebhooks: 'The sandbox receives no webhooks.',
  samePlan: billingMessages.samePlan,
  switchWhenCancelling:
    'This subscription ends at the end of its period. Resume it before changing its plan.',
  switchWhenUnpaid: 'The latest payment of this subscription failed. It can change plans once it is paid.',
  changedMeanwhile: 'The subscription changed meanwhile. Reload and try again.',
} as const;

/**
 * The payment provider without Stripe keys (architecture §1): it imitates Stripe's side of a
 * subscription in its own table, so the billing module runs the same code for both. No money
 * moves. Where Stripe would send a webhook, it answers the events instead; the billing module
 * applies them like webhooks (decision 019).
 */
export class SandboxBilling implements BillingProvider, SandboxBillingOperations {
  readonly kind = 'sandbox' as const;
  readonly sandbox = true;
  readonly publishableKey = null;
  private readonly db: Db;

  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  async createCustomer(_input: { workspaceId: string; email: string; name: string }): Promise<string> {
    return sandboxId('cus');
  }

  async createSubscription(input: {
    customerId: string;
    plan: PaidPlanId;
    workspaceId: string;
  }): Promise<CreatedSubscription> {
    const id = sandboxId('sub');
    const clientSecret = clientSecretOf(id);
    const row = await insertSandboxSubscription(this.db, {
      id,
      customerId: input.customerId,
      plan: input.plan,
      status: 'incomplete',
      clientSecretHash: sha256(clientSecret),
      amountCents: priceInCents(input.plan),
      createdAt: new Date(),
    });
    return { ...toProviderSubscription(row), clientSecret };
  }

  async resumeSubscription(subscriptionId: string, now = new Date()): Promise<CreatedSubscription | null> {
    const row = await findSandboxSubscription(this.db, subscriptionId);
    if (row && (row.status === 'active' || row.status === 'past_due')) {
      throw new SubscriptionAlreadyPaidError(toProviderSubscription(row));
    }
    if (row?.status !== 'incomplete' || row.createdAt < unpaidExpiryCutoff(now)) return null;
    const clientSecret = clientSecretOf(subscriptionId);
    const resumed = await updateSandboxSubscription(
      this.db,
      subscriptionId,
      { clientSecretHash: sha256(clientSecret) },
      { status: 'incomplete' },
    );
    return resumed ? { ...toProviderSubscription(resumed), clientSecret } : null;
  }

  async cancelSubscription(subscriptionId: string, options: { atPeriodEnd: boolean }) {
    const row = await findSandboxSubscription(this.db, subscriptionId);
    if (!row) throw new BillingProviderError(sandboxBillingMessages.subscriptionNotFound);
    if (isEnded(row)) return toProviderSubscription(row);
    const changed = await updateSandboxSubscription(
      this.db,
      row.id,
      options.atPeriodEnd ? { cancelAtPeriodEnd: true } : { status: 'canceled' },
      { status: row.status },
    );
    return toProviderSubscription(changed ?? (await this.reload(row.id)));
  }

  /**
   * Nothing is paid back (no money moved); answers what would have been. `amountCents` is what the
   * latest invoice charged (a plan switched since is charged from the next renewal).
   */
  async refundPayment(paymentId: string): Promise<{ amountCents: number }> {
    const row = await findSandboxSubscriptionByPayment(this.db, paymentId);
    if (!row) throw new BillingProviderError(sandboxBillingMessages.paymentUnknown);
    return { amountCents: row.amountCents };
  }

  /** The client's stand-in for Stripe's portal (paths.sandboxBillingPortal); it returns on its own. */
  async createPortalSession(_customerId: string, _returnUrl: string): Promise<string> {
    return SANDBOX_PORTAL_PATH;
  }

  async parseWebhook(_rawBody: Buffer, _signature: string | undefined): Promise<BillingEvent> {
    throw new WebhookSignatureError(sandboxBillingMessages.noWebhooks);
  }

  async confirmPayment(
    clientSecret: string,
    card: SandboxCard,
    now = new Date(),
  ): Promise<{ events: BillingEvent[]; declined: string | null }> {
    const row = await findSandboxSubscriptionBySecretHash(this.db, sha256(clientSecret));
    if (!row) throw new BillingProviderError(sandboxBillingMessages.paymentNotFound);
    refuseUnpayable(row);
    const outcome = checkSandboxCard(card, now);
    if (!outcome.approved) {
      const failed: BillingEvent = {
        id: sandboxId('evt'),
        type: 'invoice.payment_failed',
        kind: 'payment_failed',
        subscriptionId: row.id,
        customerId: row.customerId,
        message: outcome.message,
      };
      return { events: [failed], declined: outcome.message };
    }
    const paid = await updateSandboxSubscription(
      this.db,
      row.id,
      { status: 'active', ...newPeriod(now), latestPaymentId: sandboxId('pay'), latestPaymentAt: now },
      { status: 'incomplete' },
    );
    // Paid meanwhile by another confirmation of the same secret.
    if (!paid) throw new BillingProviderError(sandboxBillingMessages.alreadyPaid);
    return { events: paymentEvents(paid), declined: null };
  }

  async portalAction(customerId: string, request: SandboxPortalBody, _now?: Date): Promise<BillingEvent[]> {
    const row = await findLiveSandboxSubscriptionOfCustomer(this.db, customerId);
    if (!row) throw new BillingProviderError(sandboxBillingMessages.noSubscription);
    if (request.action !== 'switch') {
      const changed = await updateSandboxSubscription(this.db, row.id, {
        cancelAtPeriodEnd: request.action === 'cancel',
      });
      return [subscriptionEvent('subscription_updated', changed ?? row)];
    }
    refuseSwitch(row, request.plan);
    // Stripe's portal would prorate; the sandbox does not: the period and its payment stay, and
    // the new plan's price is charged from the next renewal (endOrRenew). Of two switches at
    // once, only the first finds the plan it expects.
    const switched = await updateSandboxSubscription(
      this.db,
      row.id,
      { plan: request.plan },
      { status: row.status, plan: row.plan },
    );
    if (!switched) throw new BillingProviderError(sandboxBillingMessages.changedMeanwhile);
    return [subscriptionEvent('subscription_updated', switched)];
  }

  /**
   * Time passing on the provider's side, as Stripe's billing would do it: a period that ended is
   * renewed and paid (each missed period once), or ends the subscription when it was cancelled at
   * period end; a first payment not made within 23 hours expires the subscription.
   */
  async advance(now: Date): Promise<BillingEvent[]> {
    const events: BillingEvent[] = [];
    for (const row of await listSandboxSubscriptionsPastPeriodEnd(this.db, now)) {
      events.push(...(await this.endOrRenew(row, now)));
    }
    for (const row of await listUnpaidSandboxSubscriptions(this.db, unpaidExpiryCutoff(now))) {
      const expired = await updateSandboxSubscription(
        this.db,
        row.id,
        { status: 'incomplete_expired' },
        { status: 'incomplete' },
      );
      if (expired) events.push(subscriptionEvent('subscription_updated', expired));
    }
    return events;
  }

  private async endOrRenew(row: SandboxSubscriptionRow, now: Date): Promise<BillingEvent[]> {
    const periodEnd = row.currentPeriodEnd;
    if (!periodEnd) return [];
    const expected = { status: row.status, currentPeriodEnd: periodEnd };
    if (row.cancelAtPeriodEnd) {
      const ended = await updateSandboxSubscription(this.db, row.id, { status: 'canceled' }, expected);
      return ended ? [subscriptionEvent('subscription_deleted', ended)] : [];
    }
    const payments: BillingEvent[] = [];
    let renewed: SandboxSubscriptionRow | undefined = row;
    let end = periodEnd;
    while (renewed && end <= now) {
      const next = addMonth(end);
      const paidAt = end;
      renewed = await updateSandboxSubscription(
        this.db,
        row.id,
        {
          status: 'active',
          currentPeriodEnd: next,
          // The plan's price now: a plan switched during the period costs its new price from here.
          amountCents: priceInCents(row.plan),
          latestPaymentId: sandboxId('pay'),
          latestPaymentAt: paidAt,
        },
        { currentPeriodEnd: end },
      );
      if (renewed) payments.push(paymentSucceeded(renewed));
      end = next;
    }
    // Another run renewed it meanwhile: it sent those events.
    if (payments.length === 0) return [];
    const latest = await this.reload(row.id);
    return [...payments, subscriptionEvent('subscription_updated', latest)];
  }

  private async reload(id: string): Promise<SandboxSubscriptionRow> {
    const row = await findSandboxSubscription(this.db, id);
    if (!row) throw new BillingProviderError(sandboxBillingMessages.subscriptionNotFound);
    return row;
  }
}

/** A plan changes only on a subscription paid up and renewing: resume a cancelled one first. */
function refuseSwitch(row: SandboxSubscriptionRow, plan: PaidPlanId) {
  if (row.plan === plan) throw new BillingProviderError(sandboxBillingMessages.samePlan(plans[plan].name));
  if (row.cancelAtPeriodEnd) throw new BillingProviderError(sandboxBillingMessages.switchWhenCancelling);
  if (row.status !== 'active') throw new BillingProviderError(sandboxBillingMessages.switchWhenUnpaid);
}

const priceInCents = (plan: PaidPlanId) => plans[plan].price * 100;

function refuseUnpayable(row: SandboxSubscriptionRow) {
  if (row.status === 'incomplete') return;
  if (row.latestPaymentId) throw new BillingProviderError(sandboxBillingMessages.alreadyPaid);
  throw new BillingProviderError(sandboxBillingMessages.paymentExpired);
}

const isEnded = (row: SandboxSubscriptionRow) =>
  row.status === 'canceled' || row.status === 'incomplete_expired';

function toProviderSubscription(row: SandboxSubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    plan: row.plan,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/** A successful payment answers what Stripe sends: invoice.paid, then the updated subscription. */
function paymentEvents(row: SandboxSubscriptionRow): BillingEvent[] {
  return [paymentSucceeded(row), subscriptionEvent('subscription_updated', row)];
}

function paymentSucceeded(row: SandboxSubscriptionRow): BillingEvent {
  if (!row.latestPaymentId || !row.latestPaymentAt)
    throw new Error(`sandbox subscription ${row.id} has no payment`);
  return {
    id: sandboxId('evt'),
    type: 'invoice.paid',
    kind: 'payment_succeeded',
    subscriptionId: row.id,
    customerId: row.customerId,
    payment: { id: row.latestPaymentId, amountCents: row.amountCents, paidAt: row.latestPaymentAt },
    periodEnd: row.currentPeriodEnd,
  };
}

function subscriptionEvent(
  kind: 'subscription_updated' | 'subscription_deleted',
  row: SandboxSubscriptionRow,
): BillingEvent {
  const type =
    kind === 'subscription_updated' ? 'customer.subscription.updated' : 'customer.subscription.deleted';
  return { id: sandboxId('evt'), type, kind, subscription: toProviderSubscription(row) };
}

const unpaidExpiryCutoff = (now: Date) =>
  DateTime.fromJSDate(now).minus({ hours: UNPAID_EXPIRY_HOURS }).toJSDate();
const addMonth = (from: Date) => DateTime.fromJSDate(from, { zone: 'utc' }).plus({ months: 1 }).toJSDate();
const newPeriod = (now: Date) => ({ currentPeriodEnd: addMonth(now), cancelAtPeriodEnd: false });

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const clientSecretOf = (subscriptionId: string) => `${subscriptionId}_secret_${randomAlphanumeric(24)}`;

/** Stripe-like ids: 'cus_sandbox_…', 'sub_sandbox_…', 'pay_sandbox_…', 'evt_sandbox_…'. */
export const sandboxId = (prefix: 'cus' | 'sub' | 'pay' | 'evt') =>
  `${prefix}_sandbox_${randomAlphanumeric(16)}`;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}
