import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from '../../../contracts/integrations';

/**
 * A new API key: `kp_live_` and 32 random bytes (base64url, 43 characters). Only its SHA-256 is
 * stored; its first characters are kept in clear for the list.
 */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_SHOWN_CHARS), hash: hashApiKey(key) };
}

/** The stored form of a key (hex SHA-256): a key has 256 random bits, so no salt or slow hash. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether a bearer token looks like one of our keys (anything else is not looked up). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(token.slice(API_KEY_PREFIX.length));
}
