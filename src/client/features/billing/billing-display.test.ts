import { describe, expect, it } from 'vitest';
import type { AdminSubscription, BillingSubscription } from '../../../contracts/billing';
import {
  daysUntil,
  formatAmount,
  hasLivePaidPlan,
  managesBilling,
  nextPlanUp,
  planPriceLabel,
  planTitle,
  refundQuestion,
  statusLook,
  subscriptionTimeline,
  suggestedPlan,
  usageMeter,
} from './billing-display';

const now = new Date('2026-11-24T10:00:00Z');
const opts = { now, timeZone: 'UTC', locale: 'en-US' };

function subscription(overrides: Partial<BillingSubscription>): BillingSubscription {
  return {
    plan: 'starter',
    status: 'active',
    trialEndsAt: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    sandbox: true,
    paidPlansAvailable: true,
    canManageBilling: true,
    usage: {
      aiPosts: { used: 0, limit: 50 },
      socialAccounts: { used: 0, limit: 2 },
      members: { used: 1, limit: 1 },
    },
    features: { teamCollaboration: false, analytics: false },
    ...overrides,
  };
}

describe('plan names and prices', () => {
  it('reads the plan table', () => {
    expect(planTitle('starter')).toBe('Starter Plan');
    expect(planTitle('free')).toBe('Free Plan');
    expect(planPriceLabel('professional')).toBe('$49/month');
    expect(planPriceLabel('free')).toBe('Free');
    expect(formatAmount(19)).toBe('$19.00');
    expect(formatAmount(49.5)).toBe('$49.50');
  });
});

describe('statusLook', () => {
  it('names each status, and Free on the free plan whatever its status', () => {
    expect(statusLook(subscription({ plan: 'professional', status: 'trialing' })).label).toBe('Trial');
    expect(statusLook(subscription({ status: 'active' }))).toEqual({ label: 'Active', variant: 'success' });
    expect(statusLook(subscription({ status: 'past_due' }))).toEqual({
      label: 'Past due',
      variant: 'destructive',
    });
    expect(statusLook(subscription({ status: 'active', cancelAtPeriodEnd: true })).label).toBe('Cancelled');
    expect(statusLook(subscription({ plan: 'free', status: 'cancelled' })).label).toBe('Free');
    expect(statusLook(subscription({ plan: 'free', status: 'active' })).label).toBe('Free');
  });
});

describe('daysUntil', () => {
  it('counts whole days up, never below zero', () => {
    expect(daysUntil('2026-11-29T10:00:00Z', now)).toBe(5);
    expect(daysUntil('2026-11-29T09:00:00Z', now)).toBe(5);
    expect(daysUntil('2026-11-24T11:00:00Z', now)).toBe(1);
    expect(daysUntil('2026-11-20T00:00:00Z', now)).toBe(0);
    expect(daysUntil('not a date', now)).toBeNull();
  });
});

describe('subscriptionTimeline', () => {
  it('tells when a trial ends and how many days are left', () => {
    const trial = subscription({
      plan: 'professional',
      status: 'trialing',
      trialEndsAt: '2026-11-29T10:00:00Z',
    });
    expect(subscriptionTimeline(trial, opts)).toBe(
      'Your Professional trial ends on Nov 29, 2026 (5 days left).',
    );
    const lastDay = { ...trial, trialEndsAt: '2026-11-25T09:00:00Z' };
    expect(subscriptionTimeline(lastDay, opts)).toBe(
      'Your Professional trial ends on Nov 25, 2026 (1 day left).',
    );
  });

  it('tells when a paid plan renews, or when a cancelled one ends', () => {
    const paid = subscription({ currentPeriodEnd: '2026-12-24T10:00:00Z' });
    expect(subscriptionTimeline(paid, opts)).toBe('Renews on Dec 24, 2026.');
    expect(subscriptionTimeline({ ...paid, cancelAtPeriodEnd: true }, opts)).toBe(
      'Cancelled — your Starter plan ends on Dec 24, 2026.',
    );
  });

  it('shows dates in the user’s time zone', () => {
    // 02:00 UTC on Dec 24 is still Dec 23 in New York.
    const paid = subscription({ currentPeriodEnd: '2026-12-24T02:00:00Z' });
    expect(subscriptionTimeline(paid, { ...opts, timeZone: 'America/New_York' })).toBe(
      'Renews on Dec 23, 2026.',
    );
  });

  it('explains a failed payment and the free plan after a trial or a cancellation', () => {
    expect(subscriptionTimeline(subscription({ status: 'past_due' }), opts)).toBe(
      'Your last payment failed. Update your card to keep the Starter plan.',
    );
    expect(
      subscriptionTimeline(
        subscription({ plan: 'free', status: 'active', trialEndsAt: '2026-11-20T10:00:00Z' }),
        opts,
      ),
    ).toBe('Your trial ended on Nov 20, 2026. Your posts and accounts are kept.');
    expect(subscriptionTimeline(subscription({ plan: 'free', status: 'cancelled' }), opts)).toBe(
      'Your paid plan has ended. Your posts and accounts are kept.',
    );
    expect(subscriptionTimeline(subscription({ plan: 'free', status: 'active' }), opts)).toBeNull();
  });
});

describe('which plan to offer', () => {
  it('steps one plan up, none above Enterprise', () => {
    expect(nextPlanUp('free')).toBe('starter');
    expect(nextPlanUp('starter')).toBe('professional');
    expect(nextPlanUp('professional')).toBe('enterprise');
    expect(nextPlanUp('enterprise')).toBeNull();
  });

  it('offers the tried plan during a trial, the next one otherwise', () => {
    expect(suggestedPlan({ plan: 'professional', status: 'trialing' })).toBe('professional');
    expect(suggestedPlan({ plan: 'free', status: 'active' })).toBe('starter');
    expect(suggestedPlan({ plan: 'starter', status: 'active' })).toBe('professional');
  });

  it('knows a running paid plan is changed in the portal, not on /subscribe', () => {
    expect(hasLivePaidPlan({ plan: 'starter', status: 'active' })).toBe(true);
    expect(hasLivePaidPlan({ plan: 'starter', status: 'past_due' })).toBe(true);
    expect(hasLivePaidPlan({ plan: 'professional', status: 'trialing' })).toBe(false);
    expect(hasLivePaidPlan({ plan: 'free', status: 'active' })).toBe(false);
  });

  it('lets only owners and admins manage billing', () => {
    expect(managesBilling('owner')).toBe(true);
    expect(managesBilling('admin')).toBe(true);
    expect(managesBilling('editor')).toBe(false);
    expect(managesBilling('viewer')).toBe(false);
  });
});

describe('usageMeter', () => {
  it('fills the bar by the share used and warns near, at and over the limit', () => {
    expect(usageMeter({ used: 7, limit: 50 })).toEqual({ text: '7 of 50', percent: 14, tone: 'normal' });
    expect(usageMeter({ used: 40, limit: 50 }).tone).toBe('near');
    expect(usageMeter({ used: 2, limit: 2 })).toEqual({ text: '2 of 2', percent: 100, tone: 'full' });
    // Over the limit after a downgrade: the bar stays full, the text says the truth.
    expect(usageMeter({ used: 4, limit: 1 })).toEqual({ text: '4 of 1', percent: 100, tone: 'over' });
  });

  it('stays quiet at a limit that is normally reached, not past it', () => {
    expect(usageMeter({ used: 1, limit: 1 }, { warnAtLimit: false }).tone).toBe('normal');
    expect(usageMeter({ used: 3, limit: 1 }, { warnAtLimit: false }).tone).toBe('over');
  });

  it('says unlimited without a bar', () => {
    expect(usageMeter({ used: 12, limit: null })).toEqual({
      text: '12 · unlimited',
      percent: null,
      tone: 'normal',
    });
  });
});

describe('refundQuestion', () => {
  const row: AdminSubscription = {
    workspaceId: 'w1',
    workspaceName: 'Corner Bakery',
    ownerEmail: 'ada@example.com',
    plan: 'starter',
    status: 'active',
    provider: 'sandbox',
    latestPayment: { amount: 19, paidAt: '2026-11-20T10:00:00Z', refundedAt: null, refundable: true },
  };

  it('names the amount, the payer and the plan', () => {
    expect(refundQuestion(row)).toBe('Refund $19.00 to ada@example.com and cancel the Starter subscription?');
    expect(refundQuestion({ ...row, ownerEmail: null })).toBe(
      'Refund $19.00 to Corner Bakery and cancel the Starter subscription?',
    );
  });
});
