import { describe, expect, it } from 'vitest';
import { asksForTwoFactor, requiredSinceVisitBegan } from './two-factor-prompt';
import { opensTwoFactorSetup, twoFactorSetupPath } from './two-factor-setup-link';

const due = {
  twoFactorEnabled: false,
  requireTwoFactor: true,
  postponed: false,
  onSettings: false,
  hasPassword: true,
} as const;

describe('asksForTwoFactor', () => {
  it('asks a member without two-factor in a workspace that requires it', () => {
    expect(asksForTwoFactor(due)).toBe(true);
  });

  it('does not ask when it is not required, already on, put off, on Settings, or without a password', () => {
    expect(asksForTwoFactor({ ...due, requireTwoFactor: false })).toBe(false);
    expect(asksForTwoFactor({ ...due, twoFactorEnabled: true })).toBe(false);
    expect(asksForTwoFactor({ ...due, postponed: true })).toBe(false);
    expect(asksForTwoFactor({ ...due, onSettings: true })).toBe(false);
    expect(asksForTwoFactor({ ...due, hasPassword: false })).toBe(false);
    // Not known yet: wait rather than flash a prompt at a single sign-on account.
    expect(asksForTwoFactor({ ...due, hasPassword: undefined })).toBe(false);
  });
});

describe('opensTwoFactorSetup', () => {
  it('reads the setup link, with or without the question mark', () => {
    const query = twoFactorSetupPath.slice(twoFactorSetupPath.indexOf('?'));
    expect(opensTwoFactorSetup(query)).toBe(true);
    expect(opensTwoFactorSetup(query.slice(1))).toBe(true);
    expect(opensTwoFactorSetup('')).toBe(false);
    expect(opensTwoFactorSetup('setup=billing')).toBe(false);
  });
});

describe('requiredSinceVisitBegan', () => {
  it('keeps a requirement turned on during the visit for the next one, and drops one turned off at once', () => {
    expect(requiredSinceVisitBegan('u1', 'w1', false)).toBe(false);
    // The owner turns it on: not during this visit.
    expect(requiredSinceVisitBegan('u1', 'w1', true)).toBe(false);

    expect(requiredSinceVisitBegan('u2', 'w1', true)).toBe(true);
    expect(requiredSinceVisitBegan('u2', 'w1', false)).toBe(false);
    // Another workspace is judged by what it said when it was first seen.
    expect(requiredSinceVisitBegan('u2', 'w2', true)).toBe(true);
  });
});
