/**
 * What the token job does with one account (pure). A refreshable token is refreshed once a
 * quarter of its lifetime is left (an X token of 2 hours at 30 minutes, a 60-day Instagram token
 * at 15 days), measured from when it was stored. A token that cannot be refreshed (LinkedIn
 * without a partner refresh token) is announced 7 days before it expires, once, and the account
 * needs the user once it has expired.
 */
export type TokenAction = 'refresh' | 'warn-expiring' | 'expire' | 'none';

/** A token this close to its expiry is refreshed before it is used (publishing, reading metrics). */
export const REFRESH_AHEAD_MS = 5 * 60 * 1000;

export const EXPIRY_WARNING_MS = 7 * 24 * 60 * 60 * 1000;

export interface TokenState {
  status: 'connected' | 'needs_reauth';
  expiresAt: Date | null;
  /** When the current token was stored. */
  storedAt: Date;
  refreshable: boolean;
  warnedAt: Date | null;
}

export function tokenAction(token: TokenState, now: Date): TokenAction {
  if (token.status !== 'connected' || !token.expiresAt) return 'none';
  const remaining = token.expiresAt.getTime() - now.getTime();
  if (token.refreshable) {
    const lifetime = Math.max(0, token.expiresAt.getTime() - token.storedAt.getTime());
    return remaining <= lifetime / 4 ? 'refresh' : 'none';
  }
  if (remaining <= 0) return 'expire';
  if (remaining <= EXPIRY_WARNING_MS && !token.warnedAt) return 'warn-expiring';
  return 'none';
}
