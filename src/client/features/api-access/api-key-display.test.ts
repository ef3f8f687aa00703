import { describe, expect, it } from 'vitest';
import { apiKeyState, expiresAtFor, grantableKeyRoles } from './api-key-display';

const now = new Date('2026-11-28T12:00:00Z');

describe('apiKeyState', () => {
  it('says active, expired or revoked; revoked wins over expired', () => {
    expect(apiKeyState({ revokedAt: null, expiresAt: null }, now)).toBe('active');
    expect(apiKeyState({ revokedAt: null, expiresAt: '2026-12-01T00:00:00Z' }, now)).toBe('active');
    expect(apiKeyState({ revokedAt: null, expiresAt: '2026-11-28T12:00:00Z' }, now)).toBe('expired');
    expect(apiKeyState({ revokedAt: '2026-11-01T00:00:00Z', expiresAt: '2026-11-02T00:00:00Z' }, now)).toBe(
      'revoked',
    );
  });
});

describe('grantableKeyRoles', () => {
  it('offers owners and admins every key role, never owner', () => {
    expect(grantableKeyRoles('owner')).toEqual(['admin', 'editor', 'approver', 'viewer']);
    expect(grantableKeyRoles('admin')).toEqual(['admin', 'editor', 'approver', 'viewer']);
  });

  it('offers no role above the member’s own', () => {
    expect(grantableKeyRoles('editor')).toEqual(['editor', 'viewer']);
    expect(grantableKeyRoles('approver')).toEqual(['approver', 'viewer']);
    expect(grantableKeyRoles('viewer')).toEqual(['viewer']);
  });
});

describe('expiresAtFor', () => {
  it('sends null for never, else that many days ahead', () => {
    expect(expiresAtFor('never', now)).toBeNull();
    expect(expiresAtFor('30', now)).toBe('2026-12-28T12:00:00.000Z');
    expect(expiresAtFor('365', now)).toBe('2027-11-28T12:00:00.000Z');
  });
});
