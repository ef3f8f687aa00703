import { createHmac } from 'node:crypto';

/** The visitor hash's length in bytes (hex: twice as many characters). */
const HASH_BYTES = 16;

/**
 * A visitor that day, without the address (issue 29, decision 093): HMAC-SHA256 keyed with the
 * UTC day's random salt over the IP, the user agent and the workspace, cut to 16 bytes (hex). The
 * same person is one visitor all day within one workspace; another workspace, or the next day
 * (a new salt, the old one deleted), gives an unrelated value, so hashes link to no one after a
 * day. 16 bytes keep collisions negligible (2^-64 a pair) at half the storage.
 */
export function visitorHash(saltHex: string, ip: string, userAgent: string, workspaceId: string): string {
  return createHmac('sha256', Buffer.from(saltHex, 'hex'))
    .update(`${ip}\n${userAgent}\n${workspaceId}`)
    .digest()
    .subarray(0, HASH_BYTES)
    .toString('hex');
}
