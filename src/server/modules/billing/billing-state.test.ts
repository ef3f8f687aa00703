import { describe, expect, it } from 'vitest';
import type { ProviderSubscription } from '../../integrations/billing/billing-provider';
import {
  currentSubscriptionOf,
  decideBillingEvent,
  isLatestSubscription,
  type SubscriptionEvent,
  type SubscriptionRecord,
  type WorkspaceBilling,
} from './billing-state';

const now = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(now.getTime() + days * DAY);

const incomplete: SubscriptionRecord = {
  id: 'row-1',
  plan: 'starter',
  status: 'incomplete',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  latestPaymentAt: null,
  endedAt: null,
  createdAt: at(-1),
};
const active: SubscriptionRecord = {
  ...incomplete,
  status: 'active',
  currentPeriodEnd: at(20),
  latestPaymentAt: at(-10),
};
const trial: WorkspaceBilling = { plan: 'professional', subscriptionStatus: 'trialing' };
const onStarter: WorkspaceBilling = { plan: 'starter', subscriptionStatus: 'active' };

const paid = (paidAt: Date, periodEnd: Date | null = at(30)): SubscriptionEvent => ({
  id: 'evt_1',
  type: 'invoice.paid',
  kind: 'payment_succeeded',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  payment: { id: 'pay_1', amountCents: 1900, paidAt },
  periodEnd,
});
const failed = (message: string | null = 'Your card was declined.'): SubscriptionEvent => ({
  id: 'evt_2',
  type: 'invoice.payment_failed',
  kind: 'payment_failed',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  message,
});
const reported = (changes: Partial<ProviderSubscription>): ProviderSubscription => ({
  id: 'sub_1',
  customerId: 'cus_1',
  plan: 'starter',
  status: 'active',
  currentPeriodEnd: at(30),
  cancelAtPeriodEnd: false,
  ...changes,
});
const updated = (changes: Partial<ProviderSubscription>): SubscriptionEvent => ({
  id: 'evt_3',
  type: 'customer.subscription.updated',
  kind: 'subscription_updated',
  subscription: reported(changes),
});
const deleted = (changes: Partial<ProviderSubscription> = {}): SubscriptionEvent => ({
  id: 'evt_4',
  type: 'customer.subscription.deleted',
  kind: 'subscription_deleted',
  subscription: reported({ status: 'canceled', ...changes }),
});

const decide = (
  event: SubscriptionEvent,
  subscription: SubscriptionRecord,
  workspace: WorkspaceBilling,
  isLatest = true,
) => decideBillingEvent({ event, subscription, workspace, isLatest }, now);

describe('a payment that succeeds', () => {
  it('activates the subscription, records the payment and puts the trial workspace on the plan', () => {
    const outcome = decide(paid(now), incomplete, trial);
    expect(outcome.subscription).toEqual({
      status: 'active',
      latestPaymentId: 'pay_1',
      latestPaymentAmountCents: 1900,
      latestPaymentAt: now,
      currentPeriodEnd: at(30),
    });
    expect(outcome.workspace).toEqual({ plan: 'starter', subscriptionStatus: 'active' });
    expect(outcome.notice).toBeNull();
  });

  it('brings a past-due workspace back to active, keeping the later period end', () => {
    const outcome = decide(
      paid(now, at(5)),
      { ...active, status: 'past_due' },
      { ...onStarter, subscriptionStatus: 'past_due' },
    );
    expect(outcome.subscription?.currentPeriodEnd).toEqual(at(20));
    expect(outcome.workspace).toEqual(onStarter);
  });

  it('leaves the workspace alone when it is already on that plan, or a newer subscription drives it', () => {
    expect(decide(paid(now), active, onStarter).workspace).toBeNull();
    const outcome = decide(
      paid(now),
      incomplete,
      { plan: 'enterprise', subscriptionStatus: 'active' },
      false,
    );
    expect(outcome.subscription?.status).toBe('active');
    expect(outcome.workspace).toBeNull();
  });

  it('ignores a renewal older than the payment already recorded (delivered late)', () => {
    expect(decide(paid(at(-20)), active, onStarter)).toEqual({
      subscription: null,
      workspace: null,
      notice: null,
    });
  });
});

describe('a payment that fails', () => {
  it('on an active subscription: past due, plan kept, and the members are told why', () => {
    const outcome = decide(failed(), active, onStarter);
    expect(outcome.subscription).toEqual({ status: 'past_due' });
    expect(outcome.workspace).toEqual({ plan: 'starter', subscriptionStatus: 'past_due' });
    expect(outcome.notice).toMatchObject({ kind: 'payment_failed', link: '/settings#subscription' });
    expect(outcome.notice?.title).toBe('Your payment for the Starter plan failed');
    expect(outcome.notice?.body).toContain('Your card was declined.');
  });

  it('on the first payment changes nothing: the trial stays', () => {
    expect(decide(failed(), incomplete, trial)).toEqual({
      subscription: null,
      workspace: null,
      notice: null,
    });
  });

  it('about an older subscription updates its row but neither the workspace nor the members', () => {
    const outcome = decide(failed(null), active, { plan: 'enterprise', subscriptionStatus: 'active' }, false);
    expect(outcome.subscription).toEqual({ status: 'past_due' });
    expect(outcome.workspace).toBeNull();
    expect(outcome.notice).toBeNull();
  });
});

describe('a subscription update', () => {
  it('copies the provider fields and follows a plan change', () => {
    const outcome = decide(updated({ plan: 'professional', cancelAtPeriodEnd: true }), active, onStarter);
    expect(outcome.subscription).toEqual({
      status: 'active',
      plan: 'professional',
      currentPeriodEnd: at(30),
      cancelAtPeriodEnd: true,
    });
    expect(outcome.workspace).toEqual({ plan: 'professional', subscriptionStatus: 'active' });
    expect(outcome.notice).toMatchObject({
      kind: 'subscription_changed',
      title: 'Your workspace is now on the Professional plan',
      link: '/settings#subscription',
    });
    expect(outcome.notice?.body).toContain('from Starter to Professional');
  });

  it('tells the members of a plan change only when a paid subscription the workspace is on changes plan', () => {
    // The first payment's update reports the plan the row already has.
    expect(decide(updated({}), incomplete, trial).notice).toBeNull();
    expect(decide(updated({ cancelAtPeriodEnd: true }), active, onStarter).notice).toBeNull();
    // A newer subscription drives the workspace: an older one switching says nothing.
    const older = decide(updated({ plan: 'enterprise' }), active, trial, false);
    expect(older.subscription?.plan).toBe('enterprise');
    expect(older.workspace).toBeNull();
    expect(older.notice).toBeNull();
  });

  it('keeps the plan when the provider reports a price that is not ours', () => {
    expect(decide(updated({ plan: null }), active, onStarter).subscription?.plan).toBe('starter');
  });

  it('past_due and unpaid make the workspace past due', () => {
    for (const status of ['past_due', 'unpaid'] as const) {
      expect(decide(updated({ status }), active, onStarter).workspace).toEqual({
        plan: 'starter',
        subscriptionStatus: 'past_due',
      });
    }
  });

  it('incomplete_expired changes the row only', () => {
    const outcome = decide(
      updated({ status: 'incomplete_expired', currentPeriodEnd: null }),
      incomplete,
      trial,
    );
    expect(outcome.subscription?.status).toBe('incomplete_expired');
    expect(outcome.workspace).toBeNull();
  });

  it('reporting canceled is an end, like a deletion', () => {
    const outcome = decide(updated({ status: 'canceled' }), active, onStarter);
    expect(outcome.subscription?.status).toBe('canceled');
    expect(outcome.workspace).toEqual({ plan: 'free', subscriptionStatus: 'cancelled' });
  });
});

describe('a subscription that ends', () => {
  it('takes the workspace to the free plan, cancelled, and tells the members', () => {
    const outcome = decide(deleted(), active, onStarter);
    expect(outcome.subscription).toMatchObject({ status: 'canceled', endedAt: now });
    expect(outcome.workspace).toEqual({ plan: 'free', subscriptionStatus: 'cancelled' });
    expect(outcome.notice).toMatchObject({
      kind: 'subscription_changed',
      title: 'Your Starter subscription has ended',
      link: '/subscribe',
    });
  });

  it('that was never paid leaves the trial alone', () => {
    const outcome = decide(deleted(), incomplete, trial);
    expect(outcome.subscription?.status).toBe('canceled');
    expect(outcome.workspace).toBeNull();
    expect(outcome.notice).toBeNull();
  });

  it('older than the one the workspace is on leaves the workspace alone', () => {
    const outcome = decide(deleted(), active, { plan: 'professional', subscriptionStatus: 'active' }, false);
    expect(outcome.workspace).toBeNull();
    expect(outcome.notice).toBeNull();
  });
});

describe('an ended subscription', () => {
  it('is never resurrected by a late event', () => {
    const ended: SubscriptionRecord = { ...active, status: 'canceled', endedAt: at(-1) };
    const cancelledWorkspace: WorkspaceBilling = { plan: 'free', subscriptionStatus: 'cancelled' };
    for (const event of [paid(now), updated({ status: 'active' }), failed(), deleted()]) {
      expect(decide(event, ended, cancelledWorkspace)).toEqual({
        subscription: null,
        workspace: null,
        notice: null,
      });
    }
    const expired: SubscriptionRecord = { ...incomplete, status: 'incomplete_expired' };
    expect(decide(paid(now), expired, trial).subscription).toBeNull();
  });
});

describe('which subscription drives the workspace', () => {
  const older: SubscriptionRecord = {
    ...active,
    id: 'a',
    createdAt: at(-40),
    status: 'canceled',
    endedAt: at(-5),
  };
  const newer: SubscriptionRecord = { ...active, id: 'b', createdAt: at(-3) };
  const pending: SubscriptionRecord = { ...incomplete, id: 'c', createdAt: at(-1) };

  it('is the newest activated one; a newer one still waiting for its first payment does not count', () => {
    expect(isLatestSubscription(older, [older, newer, pending])).toBe(false);
    expect(isLatestSubscription(newer, [older, newer, pending])).toBe(true);
    expect(isLatestSubscription(pending, [older, newer, pending])).toBe(true);
  });

  it('the current one is the newest activated one unless it has ended', () => {
    expect(currentSubscriptionOf([older, newer, pending])?.id).toBe('b');
    expect(currentSubscriptionOf([older, pending])).toBeUndefined();
    expect(currentSubscriptionOf([pending])).toBeUndefined();
  });
});
