import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  auditChanges,
  deleteQuestion,
  formatRevenue,
  fullName,
  pageSummary,
  planLook,
  userStatusLook,
} from './admin-display';

describe('userStatusLook (spec §4)', () => {
  it('says Inactive for an inactive account whatever its subscription', () => {
    expect(userStatusLook({ isActive: false, subscriptionStatus: 'active' }).label).toBe('Inactive');
    expect(userStatusLook({ isActive: false, subscriptionStatus: 'past_due' }).label).toBe('Inactive');
  });

  it('says Active, Past Due, otherwise Free for an active account', () => {
    expect(userStatusLook({ isActive: true, subscriptionStatus: 'active' }).label).toBe('Active');
    expect(userStatusLook({ isActive: true, subscriptionStatus: 'past_due' }).label).toBe('Past Due');
    for (const status of ['trialing', 'inactive', 'cancelled'] as const) {
      expect(userStatusLook({ isActive: true, subscriptionStatus: status }).label).toBe('Free');
    }
  });
});

describe('planLook', () => {
  it('names each plan from the plan table', () => {
    expect(planLook('enterprise').label).toBe('Enterprise');
    expect(planLook('professional').label).toBe('Professional');
    expect(planLook('starter').label).toBe('Starter');
    expect(planLook('free').label).toBe('Free');
  });
});

describe('fullName and deleteQuestion', () => {
  it('joins first and last, leaving out an empty last name, falling back to the email', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.io' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: 'Ada', lastName: '', email: 'a@x.io' })).toBe('Ada');
    expect(fullName({ firstName: '', lastName: '', email: 'a@x.io' })).toBe('a@x.io');
  });

  it('asks with the spec’s words', () => {
    expect(deleteQuestion('Ada Lovelace')).toBe(
      'Are you sure you want to permanently delete Ada Lovelace? This action cannot be undone and will remove all user data.',
    );
  });
});

describe('formatRevenue and pageSummary', () => {
  it('prefixes revenue with $ and groups thousands', () => {
    expect(formatRevenue(0)).toBe('$0');
    expect(formatRevenue(1267)).toBe('$1,267');
  });

  it('counts the page’s rows against the total', () => {
    expect(pageSummary(0, 100, 250)).toBe('Showing 1–100 of 250');
    expect(pageSummary(200, 50, 250)).toBe('Showing 201–250 of 250');
    expect(pageSummary(0, 0, 0)).toBe('Showing 0 of 0');
  });
});

describe('auditChanges', () => {
  it('lists only the fields that changed, before → after', () => {
    expect(
      auditChanges(
        { isActive: true, email: 'a@x.io', plan: 'free' },
        { isActive: false, email: 'a@x.io', plan: 'enterprise' },
      ),
    ).toEqual([
      { field: 'isActive', before: 'true', after: 'false' },
      { field: 'plan', before: 'free', after: 'enterprise' },
    ]);
  });

  it('lists a creation or a deletion without bookkeeping, the person first, a dash for what is missing', () => {
    expect(auditChanges(null, { id: 'u1', totalPosts: 0, lastName: '', email: 'a@x.io' })).toEqual([
      { field: 'email', before: '—', after: 'a@x.io' },
      { field: 'lastName', before: '—', after: '—' },
      { field: 'totalPosts', before: '—', after: '0' },
    ]);
    expect(auditChanges({ email: 'a@x.io' }, null)).toEqual([
      { field: 'email', before: 'a@x.io', after: '—' },
    ]);
  });
});

describe('actionLabel', () => {
  it('turns an action id into words without the admin prefix', () => {
    expect(actionLabel('admin.user_status_changed')).toBe('User status changed');
    expect(actionLabel('billing.refund')).toBe('Billing refund');
  });
});
