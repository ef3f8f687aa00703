import { describe, expect, it } from 'vitest';
import { formatCount, formatRate } from '../../lib/metric-format';
import {
  describeCreditsUsed,
  formatCreditsUsed,
  formatReachThisMonth,
  gettingStarted,
  monthNameIn,
  planBadgeLabel,
  reachUnreportedNote,
  statsShowPosts,
} from './dashboard-display';

const nothing = {
  postsThisMonth: 0,
  scheduledPosts: 0,
  campaignsActive: 0,
  totalEngagement: 0,
  connectedAccounts: 0,
};

describe('dashboard numbers', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(12847)).toBe('12,847');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('shows an engagement rate with two decimals, and a dash when nothing was measured', () => {
    expect(formatRate(4.25)).toBe('4.25%');
    expect(formatRate(4.8)).toBe('4.8%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(1234.5)).toBe('1,234.5%');
    expect(formatRate(null)).toBe('—');
  });

  it('writes credits against the plan, or as unlimited', () => {
    expect(formatCreditsUsed(12, 200)).toBe('12 / 200');
    expect(formatCreditsUsed(1500, 2000)).toBe('1,500 / 2,000');
    expect(formatCreditsUsed(12, null)).toBe('12 used · Unlimited');
    expect(describeCreditsUsed(12, 200)).toBe('12 of 200');
    expect(describeCreditsUsed(0, null)).toBe('0 used, unlimited plan');
  });

  it('sums reach, and shows a dash rather than 0 when no post this month reports any', () => {
    expect(formatReachThisMonth({ reachThisMonth: 0, postsThisMonth: 0, reachUnreportedPosts: 0 })).toBe('0');
    expect(formatReachThisMonth({ reachThisMonth: 45600, postsThisMonth: 3, reachUnreportedPosts: 1 })).toBe(
      '45,600',
    );
    expect(formatReachThisMonth({ reachThisMonth: 0, postsThisMonth: 2, reachUnreportedPosts: 2 })).toBe('—');
  });

  it('says how many posts the reach total leaves out, and nothing when none', () => {
    expect(reachUnreportedNote(0)).toBeNull();
    expect(reachUnreportedNote(1)).toBe('1 post reports no reach');
    expect(reachUnreportedNote(2)).toBe('2 posts report no reach');
  });

  it("names this month in the user's zone, else UTC", () => {
    const newYearUtc = new Date('2026-01-01T02:00:00Z');
    expect(monthNameIn(null, newYearUtc)).toBe('January');
    expect(monthNameIn('America/New_York', newYearUtc)).toBe('December');
    expect(monthNameIn('Not/AZone', newYearUtc)).toBe('January');
  });

  it('labels the plan with its status', () => {
    expect(planBadgeLabel({ name: 'Professional', status: 'trialing' })).toBe('Professional · Trial');
    expect(planBadgeLabel({ name: 'Starter', status: 'active' })).toBe('Starter · Active');
    expect(planBadgeLabel({ name: 'Enterprise', status: 'past_due' })).toBe('Enterprise · Past due');
    expect(planBadgeLabel({ name: 'Free', status: 'cancelled' })).toBe('Free · Cancelled');
  });
});

describe('getting started cards', () => {
  it('shows both cards to a new workspace once it is known to have no post', () => {
    expect(gettingStarted(nothing, false)).toEqual({ createPosts: true, connectAccount: true });
  });

  it('waits for the one-post answer before offering the generator', () => {
    expect(gettingStarted(nothing, undefined)).toEqual({ createPosts: false, connectAccount: true });
  });

  it('drops the generator card when a post exists, even one the numbers do not show', () => {
    expect(gettingStarted(nothing, true).createPosts).toBe(false);
  });

  it('knows from the numbers alone that posts exist', () => {
    for (const field of ['postsThisMonth', 'scheduledPosts', 'campaignsActive', 'totalEngagement'] as const) {
      const stats = { ...nothing, [field]: 1 };
      expect(statsShowPosts(stats)).toBe(true);
      expect(gettingStarted(stats, false).createPosts).toBe(false);
    }
    expect(statsShowPosts(nothing)).toBe(false);
  });

  it('drops the connect card once an account is connected', () => {
    expect(gettingStarted({ ...nothing, connectedAccounts: 1 }, false)).toEqual({
      createPosts: true,
      connectAccount: false,
    });
  });

  it('leaves out the steps the role cannot take', () => {
    expect(gettingStarted(nothing, false, { canWrite: false, canManageAccounts: false })).toEqual({
      createPosts: false,
      connectAccount: false,
    });
    expect(gettingStarted(nothing, false, { canWrite: true, canManageAccounts: false })).toEqual({
      createPosts: true,
      connectAccount: false,
    });
  });
});
