import { describe, expect, it } from 'vitest';
import {
  noProrationNote,
  planChoices,
  planLimitLines,
  switchBlockedReason,
  switchSummary,
} from './plan-switch-display';

describe('planChoices', () => {
  it('lists the paid plans in price order with the current one marked and the others up or down', () => {
    expect(planChoices('professional')).toEqual([
      { plan: 'starter', current: false, direction: 'downgrade' },
      { plan: 'professional', current: true, direction: null },
      { plan: 'enterprise', current: false, direction: 'upgrade' },
    ]);
    expect(planChoices('starter').map((choice) => choice.direction)).toEqual([null, 'upgrade', 'upgrade']);
  });
});

describe('planLimitLines', () => {
  it("reads each plan's limits from the plan table", () => {
    expect(planLimitLines('starter')).toEqual([
      '50 AI posts a month',
      '30 AI images a month',
      '2 social accounts',
      '5 GB media storage',
    ]);
    expect(planLimitLines('professional')).toEqual([
      '200 AI posts a month',
      '100 AI images a month',
      '10 social accounts',
      '25 GB media storage',
      'Team collaboration and analytics',
    ]);
    expect(planLimitLines('enterprise')).toEqual([
      'Unlimited AI posts',
      'Unlimited AI images',
      'Unlimited social accounts',
      '100 GB media storage',
      'Team collaboration and analytics',
    ]);
    expect(planLimitLines('free')).toContain('1 social account');
    expect(planLimitLines('free')).toContain('5 AI images a month');
    expect(planLimitLines('free')).toContain('500 MB media storage');
  });
});

describe('switchBlockedReason', () => {
  it('lets an active, renewing subscription switch', () => {
    expect(switchBlockedReason({ status: 'active', cancelAtPeriodEnd: false })).toBeNull();
  });

  it('asks to resume a cancelled one first, and to pay a past-due one first', () => {
    expect(switchBlockedReason({ status: 'active', cancelAtPeriodEnd: true })).toBe(
      'Resume your subscription to change its plan.',
    );
    expect(switchBlockedReason({ status: 'past_due', cancelAtPeriodEnd: false })).toMatch(/payment failed/);
  });
});

describe('what a switch says', () => {
  it('says there is no proration and when the new price starts', () => {
    expect(noProrationNote('Dec 24, 2026')).toContain('charged from your next renewal on Dec 24, 2026.');
    expect(noProrationNote(null)).toContain('does not prorate');
  });

  it('an upgrade: the new limits now, the new price from the renewal', () => {
    expect(switchSummary('starter', 'professional', 'Dec 24, 2026')).toBe(
      'Your workspace moves from Starter to Professional now: 200 AI posts a month, 100 AI images a month, 10 social accounts, 25 GB media storage, team collaboration and analytics. $49/month is charged from your next renewal on Dec 24, 2026.',
    );
  });

  it('a downgrade also says that nothing is deleted', () => {
    const summary = switchSummary('enterprise', 'starter', null);
    expect(summary).toContain(
      'from Enterprise to Starter now: 50 AI posts a month, 30 AI images a month, 2 social accounts and 5 GB media storage.',
    );
    expect(summary).toContain('Nothing is deleted');
    expect(summary).toContain('$19/month is charged from your next renewal.');
    expect(switchSummary('starter', 'enterprise', null)).toContain(
      'now: unlimited AI posts, unlimited AI images, unlimited social accounts, 100 GB media storage, team collaboration and analytics.',
    );
  });
});
