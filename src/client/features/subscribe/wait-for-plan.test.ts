import { describe, expect, it } from 'vitest';
import type { BillingSubscription } from '../../../contracts/billing';
import type { PlanId, SubscriptionStatus } from '../../../contracts/plans';
import { isPlanActive, waitForPlan } from './wait-for-plan';

function subscription(plan: PlanId, status: SubscriptionStatus): BillingSubscription {
  const usage = { used: 0, limit: null };
  return {
    plan,
    status,
    trialEndsAt: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    sandbox: false,
    paidPlansAvailable: true,
    canManageBilling: true,
    usage: { aiPosts: usage, socialAccounts: usage, members: usage },
    features: { teamCollaboration: false, analytics: false },
  };
}

/** A clock that only moves when the poller sleeps. */
function fakeClock() {
  let time = 0;
  return {
    now: () => time,
    sleep: async (ms: number) => {
      time += ms;
    },
  };
}

describe('isPlanActive', () => {
  it('needs an active paid plan, and the named one when given', () => {
    expect(isPlanActive(subscription('starter', 'active'), 'starter')).toBe(true);
    expect(isPlanActive(subscription('starter', 'active'))).toBe(true);
    expect(isPlanActive(subscription('professional', 'active'), 'starter')).toBe(false);
    expect(isPlanActive(subscription('professional', 'trialing'), 'professional')).toBe(false);
    expect(isPlanActive(subscription('starter', 'past_due'), 'starter')).toBe(false);
    expect(isPlanActive(subscription('free', 'active'))).toBe(false);
  });
});

describe('waitForPlan', () => {
  it('polls until the webhook has made the plan active', async () => {
    const answers = [
      subscription('professional', 'trialing'),
      subscription('professional', 'trialing'),
      subscription('starter', 'active'),
    ];
    let reads = 0;
    const clock = fakeClock();
    const active = await waitForPlan({
      plan: 'starter',
      read: async () => answers[Math.min(reads++, answers.length - 1)] as BillingSubscription,
      intervalMs: 1000,
      timeoutMs: 20_000,
      ...clock,
    });
    expect(active).toBe(true);
    expect(reads).toBe(3);
    expect(clock.now()).toBe(2000);
  });

  it('keeps going through failed reads', async () => {
    let reads = 0;
    const active = await waitForPlan({
      plan: 'enterprise',
      read: async () => {
        reads += 1;
        if (reads === 1) throw new Error('502: Bad Gateway');
        return subscription('enterprise', 'active');
      },
      ...fakeClock(),
    });
    expect(active).toBe(true);
    expect(reads).toBe(2);
  });

  it('gives up at the deadline', async () => {
    let reads = 0;
    const clock = fakeClock();
    const active = await waitForPlan({
      plan: 'starter',
      read: async () => {
        reads += 1;
        return subscription('professional', 'trialing');
      },
      intervalMs: 1000,
      timeoutMs: 5000,
      ...clock,
    });
    expect(active).toBe(false);
    expect(reads).toBe(6);
    expect(clock.now()).toBe(5000);
  });
});
