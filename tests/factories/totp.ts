import { createHmac } from 'node:crypto';

/*
 * RFC 6238 time-based one-time passwords, written here from the RFC (and RFC 4226's dynamic
 * truncation) rather than taken from the server's library: the test computes the code an
 * authenticator app would show from the otpauth:// URI the server hands out, so a server that
 * stored or encoded the secret wrongly fails the test.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, as otpauth:// secrets are written (no padding, any case). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').replace(/\s+/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
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

export interface TotpParameters {
  secret: Buffer;
  algorithm: 'sha1' | 'sha256' | 'sha512';
  digits: number;
  period: number;
}

/** The parameters of an otpauth://totp/… URI (Key Uri Format; defaults SHA1, 6 digits, 30 s). */
export function parseOtpauthUri(uri: string): TotpParameters {
  const url = new URL(uri);
  if (url.protocol !== 'otpauth:' || url.host !== 'totp') throw new Error(`not a TOTP URI: ${uri}`);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error('the URI has no secret');
  const algorithm = (url.searchParams.get('algorithm') ?? 'SHA1').toLowerCase();
  if (algorithm !== 'sha1' && algorithm !== 'sha256' && algorithm !== 'sha512') {
    throw new Error(`unknown algorithm ${algorithm}`);
  }
  return {
    secret: base32Decode(secret),
    algorithm,
    digits: Number(url.searchParams.get('digits') ?? 6),
    period: Number(url.searchParams.get('period') ?? 30),
  };
}

/** The code for the time step holding `at` (RFC 6238 §4: T = floor(unix time / period)). */
export function totp(parameters: TotpParameters, at: number = Date.now()): string {
  const counter = Math.floor(at / 1000 / parameters.period);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac(parameters.algorithm, parameters.secret).update(message).digest();
  // RFC 4226 §5.3: 31 bits from the offset the last nibble names.
  const offset = (digest[digest.length - 1] as number) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** parameters.digits).padStart(parameters.digits, '0');
}
