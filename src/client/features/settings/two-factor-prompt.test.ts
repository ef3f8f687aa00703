import { describe, expect, it } from 'vitest';
import { asksForTwoFactor } from './two-factor-prompt';
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
