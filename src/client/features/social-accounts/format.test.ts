import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatEngagement,
  initialsOf,
  overPlanLimitNotice,
  overPlanLimitReason,
  planCoveringAccounts,
  reauthReason,
} from './format';

describe('formatCount', () => {
  it('is exact up to ten thousand and compact above', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(9999)).toBe('9,999');
    expect(formatCount(12_480)).toBe('12.5K');
    expect(formatCount(3_400_000)).toBe('3.4M');
  });
});

describe('formatEngagement', () => {
  it('shows one decimal, and nothing when there are no metrics', () => {
    expect(formatEngagement(4.25)).toBe('4.3%');
    expect(formatEngagement(0)).toBe('0.0%');
    expect(formatEngagement(null)).toBeNull();
  });
});

describe('initialsOf', () => {
  it('takes the first and last word', () => {
    expect(initialsOf('Corner Bakery')).toBe('CB');
    expect(initialsOf('Maria de la Cruz')).toBe('MC');
    expect(initialsOf('@corner_bakery')).toBe('CB');
    expect(initialsOf('bakes')).toBe('B');
    expect(initialsOf('   ')).toBe('?');
    expect(initialsOf('élan')).toBe('É');
  });
});

describe('reauthReason', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('names the expiry when the token ran out', () => {
    expect(reauthReason({ tokenExpiresAt: '2026-03-01T12:00:00Z' }, now)).toMatch(/^Access expired on /);
  });
  it('says the access was refused otherwise', () => {
    expect(reauthReason({ tokenExpiresAt: '2026-04-01T12:00:00Z' }, now)).toMatch(/no longer accepts/);
    expect(reauthReason({ tokenExpiresAt: null }, now)).toMatch(/no longer accepts/);
    expect(reauthReason({ tokenExpiresAt: null, statusReason: 'X refused the token.' }, now)).toBe(
      'X refused the token. Reconnect to keep publishing.',
    );
  });
});

describe('accounts over the plan’s limit', () => {
  it('names the plan and its limit, and how to make room', () => {
    expect(overPlanLimitNotice('free')).toBe(
      'Over your Free plan’s limit of 1 account — nothing is published to it. Upgrade, or disconnect an account connected before it.',
    );
    expect(overPlanLimitNotice('starter')).toContain('Starter plan’s limit of 2 accounts');
    expect(overPlanLimitNotice(null)).toMatch(/^Over your plan’s limit — nothing is published to it\./);
    expect(overPlanLimitReason('free')).toBe('Over your Free plan’s limit — upgrade to post here');
    expect(overPlanLimitReason(null)).toBe('Over your plan’s limit — upgrade to post here');
  });

  it('suggests the smallest plan above the current one that covers every account', () => {
    expect(planCoveringAccounts(2, 'free')).toBe('starter');
    expect(planCoveringAccounts(3, 'free')).toBe('professional');
    expect(planCoveringAccounts(3, 'starter')).toBe('professional');
    expect(planCoveringAccounts(11, 'starter')).toBe('enterprise');
    // Beyond every limited plan: the top plan; on the top plan there is nothing above.
    expect(planCoveringAccounts(11, 'professional')).toBe('enterprise');
    expect(planCoveringAccounts(50, 'enterprise')).toBeNull();
  });
});
