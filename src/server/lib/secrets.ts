import { createHmac, randomBytes, randomInt, scryptSync, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/** SESSION_SECRET, or outside production a generated one kept in DATA_DIR across restarts. */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.isProduction) throw new Error('SESSION_SECRET is required in production');
  const path = join(config.dataDir, 'session-secret');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

export interface AdminCodeVerifier {
  verify(code: string): boolean;
  /** Where the code came from, for the start-up log. */
  source: 'env' | 'generated' | 'none';
  /** Only on the first start that generated it: the one time it is ever shown. */
  generatedCode?: string;
}

const SCRYPT_KEYLEN = 32;
const hashCode = (code: string, salt: Buffer) => scryptSync(code, salt, SCRYPT_KEYLEN);

function verifierFor(salt: Buffer, hash: Buffer) {
  return (code: string) => timingSafeEqual(hashCode(code, salt), hash);
}

const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * The super-admin code is compared on the server, hashed, in constant time. Outside production
 * without ADMIN_ACCESS_CODE, a random code is generated at first start, stored only as a hash
 * in DATA_DIR, and printed once. In production without it, only role=admin users are admins.
 */
export function resolveAdminCode(config: Config): AdminCodeVerifier {
  if (config.adminAccessCode) {
    const salt = randomBytes(16);
    return { source: 'env', verify: verifierFor(salt, hashCode(config.adminAccessCode, salt)) };
  }
  if (config.isProduction) return { source: 'none', verify: () => false };
  const path = join(config.dataDir, 'admin-access-code.hash');
  if (existsSync(path)) {
    const [salt, hash] = readFileSync(path, 'utf8').trim().split(':');
    if (salt && hash) {
      return {
        source: 'generated',
        verify: verifierFor(Buffer.from(salt, 'hex'), Buffer.from(hash, 'hex')),
      };
    }
  }
  const code = randomCode(8);
  const salt = randomBytes(16);
  const hash = hashCode(code, salt);
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(path, `${salt.toString('hex')}:${hash.toString('hex')}`, { mode: 0o600 });
  return { source: 'generated', verify: verifierFor(salt, hash), generatedCode: code };
}

/**
 * Access codes are kept only as a keyed hash: HMAC-SHA256 of the upper-cased code with a key
 * derived from the session secret. A deterministic hash keeps the lookup one indexed query; the
 * key keeps a leaked database from being enough to brute-force the ~1 million codes offline.
 * Changing SESSION_SECRET voids every code (as it ends every session).
 */
export interface AccessCodeHasher {
  hash(code: string): string;
}

export function createAccessCodeHasher(sessionSecret: string): AccessCodeHasher {
  const key = createHmac('sha256', sessionSecret).update('kitepost access codes v1').digest();
  return {
    hash: (code) => createHmac('sha256', key).update(code.trim().toUpperCase()).digest('base64url'),
  };
}
