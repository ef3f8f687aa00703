import { z } from 'zod';
import type { WorkspaceRole } from '../../../contracts/auth';
import { type ApiKey, type ApiKeyRole, apiKeyRole, createApiKeyBody } from '../../../contracts/integrations';
import { rolePermissions } from '../../../contracts/team';

/** Where a key stands: it works, someone revoked it, or its expiry date has passed. */
export type ApiKeyState = 'active' | 'revoked' | 'expired';

export function apiKeyState(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now: Date): ApiKeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

/**
 * The roles the signed-in member may give a key: those that can do nothing their own role cannot
 * (the server refuses the others, decision 076).
 */
export function grantableKeyRoles(role: WorkspaceRole): ApiKeyRole[] {
  const own = new Set(rolePermissions[role]);
  return apiKeyRole.options.filter((keyRole) =>
    rolePermissions[keyRole].every((permission) => own.has(permission)),
  );
}

export const apiKeyExpiries = ['never', '30', '90', '365'] as const;
export type ApiKeyExpiry = (typeof apiKeyExpiries)[number];

export const apiKeyExpiryLabels: Record<ApiKeyExpiry, string> = {
  never: 'Never',
  '30': 'In 30 days',
  '90': 'In 90 days',
  '365': 'In 1 year',
};

/** The expiresAt a choice sends: null for 'never', else that many days from now. */
export function expiresAtFor(expiry: ApiKeyExpiry, now: Date): string | null {
  if (expiry === 'never') return null;
  return new Date(now.getTime() + Number(expiry) * 24 * 60 * 60 * 1000).toISOString();
}

/** The create form: the contract's name and role, and an expiry chosen from a list. */
export const createApiKeyForm = createApiKeyBody
  .pick({ name: true, role: true })
  .extend({ expiry: z.enum(apiKeyExpiries) });

/** 'Dec 28, 2026' in the user's zone: when a key expires. */
export function formatDay(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(date);
}
