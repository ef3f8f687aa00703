import { describe, expect, it } from 'vitest';
import { type TokenState, tokenAction } from './token-lifecycle';

const now = new Date('2026-11-22T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const H = 60 * 60 * 1000;
const D = 24 * H;
const base: TokenState = {
  status: 'connected',
  expiresAt: null,
  storedAt: at(-H),
  refreshable: true,
  warnedAt: null,
};

describe('tokenAction', () => {
  it('leaves tokens that never expire, and accounts already waiting for the user', () => {
    expect(tokenAction(base, now)).toBe('none');
    expect(tokenAction({ ...base, status: 'needs_reauth', expiresAt: at(-D) }, now)).toBe('none');
  });

  it('refreshes a 2-hour token in its last 30 minutes', () => {
    expect(tokenAction({ ...base, storedAt: at(-80 * 60 * 1000), expiresAt: at(40 * 60 * 1000) }, now)).toBe(
      'none',
    );
    expect(tokenAction({ ...base, storedAt: at(-95 * 60 * 1000), expiresAt: at(25 * 60 * 1000) }, now)).toBe(
      'refresh',
    );
  });

  it('refreshes a 60-day token in its last 15 days, and an expired one still tries', () => {
    expect(tokenAction({ ...base, storedAt: at(-40 * D), expiresAt: at(20 * D) }, now)).toBe('none');
    expect(tokenAction({ ...base, storedAt: at(-46 * D), expiresAt: at(14 * D) }, now)).toBe('refresh');
    expect(tokenAction({ ...base, storedAt: at(-61 * D), expiresAt: at(-D) }, now)).toBe('refresh');
  });

  it('warns once, 7 days before a token that cannot be refreshed expires, then expires it', () => {
    const fixed = { ...base, refreshable: false, storedAt: at(-50 * D) };
    expect(tokenAction({ ...fixed, expiresAt: at(8 * D) }, now)).toBe('none');
    expect(tokenAction({ ...fixed, expiresAt: at(6 * D) }, now)).toBe('warn-expiring');
    expect(tokenAction({ ...fixed, expiresAt: at(6 * D), warnedAt: at(-D) }, now)).toBe('none');
    expect(tokenAction({ ...fixed, expiresAt: at(-1), warnedAt: at(-D) }, now)).toBe('expire');
  });
});
