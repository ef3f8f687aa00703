import { createHmac } from 'node:crypto';

/**
 * RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits, the defaults every authenticator app and
 * better-auth use), written here from the RFC so the test does not check the server's codes
 * with the server's own library.
 */

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, as otpauth:// URIs carry the secret (padding and spaces ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The 30-second step a time falls in. */
export function totpStep(at: number = Date.now()): number {
  return Math.floor(at / 1000 / 30);
}

/** The 6-digit code for `secret` (base32) at `at` (milliseconds). */
export function totp(secret: string, at: number = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(totpStep(at)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  // RFC 4226 §5.3 dynamic truncation.
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}
