import type { PaidPlanId, ProviderSubscriptionStatus } from '../../../contracts/billing';
import type { NotificationKind } from '../../../contracts/notifications';
import { type PlanId, plans, type SubscriptionStatus } from '../../../contracts/plans';
import type { BillingEvent, ProviderSubscription } from '../../integrations/billing/billing-provider';

/**
 * The billing rules (pure): what a payment provider's event does to our subscription row and to
 * the workspace's plan and status. The provider (Stripe or the sandbox) is the authority on the
 * subscription; the workspace follows the one subscription that drives it. Webhooks arrive late,
 * twice or out of order, so:
 * - an ended subscription (canceled, incomplete_expired) never changes again;
 * - only the latest activated subscription of a workspace moves the workspace (isLatestSubscription);
 * - a subscription that was never paid (its first payment failed or was never made) never moves it:
 *   the trial or the free plan stays.
 */
export type SubscriptionEvent = Exclude<BillingEvent, { kind: 'ignored' }>;

/** What the rules read of a subscriptions row. */
export interface SubscriptionRecord {
  id: string;
  plan: PaidPlanId;
  status: ProviderSubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  latestPaymentAt: Date | null;
  endedAt: Date | null;
  createdAt: Date;
}

export interface WorkspaceBilling {
  plan: PlanId;
  subscriptionStatus: SubscriptionStatus;
}

/** The columns of the subscriptions row to set. */
export interface SubscriptionChange {
  status?: ProviderSubscriptionStatus;
  plan?: PaidPlanId;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  latestPaymentId?: string;
  latestPaymentAmountCents?: number;
  latestPaymentAt?: Date;
  endedAt?: Date;
}

export interface BillingNotice {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

export interface BillingOutcome {
  subscription: SubscriptionChange | null;
  /** The workspace's new plan and status; null when they stay as they are. */
  workspace: WorkspaceBilling | null;
  /** What to tell the workspace's members, after the change is saved. */
  notice: BillingNotice | null;
}

const NO_CHANGE: BillingOutcome = { subscription: null, workspace: null, notice: null };

/** Statuses in which a subscription is (or was last) paid for: the provider still bills it. */
const LIVE_STATUSES: readonly ProviderSubscriptionStatus[] = [
  'active',
  'past_due',
  'unpaid',
  'trialing',
  'paused',
];
/** Statuses a subscription never leaves. */
const ENDED_STATUSES: readonly ProviderSubscriptionStatus[] = ['canceled', 'incomplete_expired'];
/** A paid subscription in these blocks a second one (409 on create-subscription). */
export const BLOCKING_STATUSES: readonly ProviderSubscriptionStatus[] = ['active', 'past_due', 'unpaid'];

export function isEnded(subscription: Pick<SubscriptionRecord, 'status' | 'endedAt'>): boolean {
  return subscription.endedAt !== null || ENDED_STATUSES.includes(subscription.status);
}

/** Paid at least once, or live at the provider: such a subscription drives its workspace. */
export function isActivated(subscription: Pick<SubscriptionRecord, 'status' | 'latestPaymentAt'>): boolean {
  return subscription.latestPaymentAt !== null || LIVE_STATUSES.includes(subscription.status);
}

/**
 * True when no subscription of the workspace created after this one has been activated: a late
 * event about an older subscription must not override the newer one.
 */
export function isLatestSubscription(
  target: SubscriptionRecord,
  all: readonly SubscriptionRecord[],
): boolean {
  return !all.some((other) => other.id !== target.id && isNewer(other, target) && isActivated(other));
}

/**
 * The subscription the workspace is on (for renewal dates and the portal): the newest activated
 * one that has not ended; undefined on a trial, on the free plan, after a cancellation.
 */
export function currentSubscriptionOf<T extends SubscriptionRecord>(all: readonly T[]): T | undefined {
  const newestFirst = [...all].sort((a, b) => (isNewer(a, b) ? -1 : isNewer(b, a) ? 1 : 0));
  const latest = newestFirst.find(isActivated);
  return latest && !isEnded(latest) ? latest : undefined;
}

function isNewer(a: SubscriptionRecord, b: SubscriptionRecord): boolean {
  const diff = a.createdAt.getTime() - b.createdAt.getTime();
  return diff !== 0 ? diff > 0 : a.id > b.id;
}

export function subscriptionIdOf(event: SubscriptionEvent): string {
  return event.kind === 'payment_succeeded' || event.kind === 'payment_failed'
    ? event.subscriptionId
    : event.subscription.id;
}

/** What one event does. `isLatest`: see isLatestSubscription (computed over the workspace's rows). */
export function decideBillingEvent(
  input: {
    event: SubscriptionEvent;
    subscription: SubscriptionRecord;
    isLatest: boolean;
    workspace: WorkspaceBilling;
  },
  now: Date,
): BillingOutcome {
  const { event, subscription } = input;
  // Out-of-order delivery must not resurrect an ended subscription.
  if (isEnded(subscription)) return NO_CHANGE;
  switch (event.kind) {
    case 'payment_succeeded':
      return paymentSucceeded(input, event);
    case 'payment_failed':
      return paymentFailed(input, event);
    case 'subscription_updated':
      if (event.subscription.status === 'canceled') return subscriptionEnded(input, event.subscription, now);
      return subscriptionUpdated(input, event.subscription);
    case 'subscription_deleted':
      return subscriptionEnded(input, event.subscription, now);
    default: {
      const unknownEvent: never = event;
      throw new Error(`unhandled billing event ${JSON.stringify(unknownEvent)}`);
    }
  }
}

type DecisionInput = Parameters<typeof decideBillingEvent>[0];

function paymentSucceeded(
  { subscription, isLatest, workspace }: DecisionInput,
  event: Extract<SubscriptionEvent, { kind: 'payment_succeeded' }>,
): BillingOutcome {
  const { payment } = event;
  // A payment older than the one recorded (a renewal delivered late) changes nothing.
  if (subscription.latestPaymentAt && payment.paidAt < subscription.latestPaymentAt) return NO_CHANGE;
  return {
    subscription: {
      status: 'active',
      latestPaymentId: payment.id,
      latestPaymentAmountCents: payment.amountCents,
      latestPaymentAt: payment.paidAt,
      currentPeriodEnd: laterOf(subscription.currentPeriodEnd, event.periodEnd),
    },
    workspace: isLatest
      ? changed(workspace, { plan: subscription.plan, subscriptionStatus: 'active' })
      : null,
    notice: null,
  };
}

function paymentFailed(
  { subscription, isLatest, workspace }: DecisionInput,
  event: Extract<SubscriptionEvent, { kind: 'payment_failed' }>,
): BillingOutcome {
  // A failed first payment: the subscription stays incomplete and the workspace as it was.
  if (!isActivated(subscription)) return NO_CHANGE;
  const planName = plans[subscription.plan].name;
  return {
    subscription: subscription.status === 'active' ? { status: 'past_due' } : null,
    workspace: isLatest ? changed(workspace, { plan: workspace.plan, subscriptionStatus: 'past_due' }) : null,
    notice: isLatest
      ? {
          kind: 'payment_failed',
          title: `Your payment for the ${planName} plan failed`,
          body: [
            event.message ? `The payment provider said: ${event.message}` : 'The payment could not be taken.',
            `Update your card in Manage billing to keep the ${planName} plan.`,
          ].join(' '),
          link: '/settings#subscription',
        }
      : null,
  };
}

function subscriptionUpdated(
  { subscription, isLatest, workspace }: DecisionInput,
  reported: ProviderSubscription,
): BillingOutcome {
  const plan = reported.plan ?? subscription.plan;
  const change: SubscriptionChange = {
    status: reported.status,
    plan,
    currentPeriodEnd: reported.currentPeriodEnd,
    cancelAtPeriodEnd: reported.cancelAtPeriodEnd,
  };
  let next: WorkspaceBilling | null = null;
  if (isLatest) {
    if (reported.status === 'active' || reported.status === 'trialing') {
      next = { plan, subscriptionStatus: 'active' };
    } else if (
      (reported.status === 'past_due' || reported.status === 'unpaid') &&
      isActivated(subscription)
    ) {
      next = { plan, subscriptionStatus: 'past_due' };
    }
    // incomplete, incomplete_expired, paused: the row only.
  }
  // A paid subscription moved to another price (Stripe's portal, the sandbox portal): the members
  // learn the new plan and its limits. A first payment reports the plan the row already has.
  const switched = next !== null && plan !== subscription.plan && isActivated(subscription);
  return {
    subscription: change,
    workspace: next && changed(workspace, next),
    notice: switched ? planSwitchedNotice(subscription.plan, plan) : null,
  };
}

function planSwitchedNotice(from: PaidPlanId, to: PaidPlanId): BillingNotice {
  const { name } = plans[to];
  return {
    kind: 'subscription_changed',
    title: `Your workspace is now on the ${name} plan`,
    body: `Your subscription changed from ${plans[from].name} to ${name}; the ${name} plan's limits apply from now on.`,
    link: '/settings#subscription',
  };
}

function subscriptionEnded(
  { subscription, isLatest, workspace }: DecisionInput,
  reported: ProviderSubscription,
  now: Date,
): BillingOutcome {
  const change: SubscriptionChange = {
    status: 'canceled',
    currentPeriodEnd: reported.currentPeriodEnd ?? subscription.currentPeriodEnd,
    cancelAtPeriodEnd: reported.cancelAtPeriodEnd,
    endedAt: now,
  };
  // Only a subscription the workspace was on takes it back to free; data is kept either way.
  if (!isLatest || !isActivated(subscription)) return { subscription: change, workspace: null, notice: null };
  const planName = plans[subscription.plan].name;
  return {
    subscription: change,
    workspace: changed(workspace, { plan: 'free', subscriptionStatus: 'cancelled' }),
    notice: {
      kind: 'subscription_changed',
      title: `Your ${planName} subscription has ended`,
      body: `Your workspace is now on the Free plan. Your posts and accounts are kept; choose a plan to get the ${planName} features back.`,
      link: '/subscribe',
    },
  };
}

function changed(current: WorkspaceBilling, next: WorkspaceBilling): WorkspaceBilling | null {
  return current.plan === next.plan && current.subscriptionStatus === next.subscriptionStatus ? null : next;
}

function laterOf(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a >= b ? a : b;
}
