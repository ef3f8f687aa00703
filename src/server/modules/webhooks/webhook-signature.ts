import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Signing webhook deliveries (decision 078), in the words the docs give receivers:
 *
 *   Kitepost-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(key = secret, message = `${t}.${body}`)>
 *
 * The key is the whole secret string ("whsec_…") as UTF-8; the body is the raw bytes as sent.
 * After a rotation a second `v1=` signed with the previous secret follows for 24 hours, so a
 * receiver that still holds the old secret keeps verifying (Stripe's scheme).
 */

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Characters of the secret kept in clear to tell secrets apart ("whsec_" and 4 more). */
export const WEBHOOK_SECRET_SHOWN_CHARS = 10;
/** A receiver refuses a signature older (or newer) than this: a replayed delivery is stale. */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** A new secret: "whsec_" and 32 random bytes, base64url. */
export function generateWebhookSecret(): { secret: string; prefix: string } {
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, WEBHOOK_SECRET_SHOWN_CHARS) };
}

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${timestamp}.${body}`, 'utf8')
    .digest('hex');
}

/** The Kitepost-Signature header's value for `body`, signed by each secret (current first). */
export function signWebhook(body: string, secrets: readonly string[], at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmacHex(secret, timestamp, body)}`)].join(',');
}

/**
 * Whether `header` signs `body` with `secret` within the tolerance of `now`: what a receiver
 * does (and what the docs' sample does). Any one of the `v1=` values may match.
 */
export function verifyWebhookSignature(
  body: string,
  header: string,
  secret: string,
  now = new Date(),
  toleranceSeconds = WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value as string, 'hex'), expected));
}
