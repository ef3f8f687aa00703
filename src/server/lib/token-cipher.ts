import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Encrypts what must never be readable in the database (social tokens, PKCE verifiers) with
 * AES-256-GCM: a fresh 12-byte IV per value, the 16-byte tag checked on every read. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, so a future key or algorithm can sit beside it.
 */
export interface TokenCipher {
  encrypt(plain: string): string;
  /** Throws when the value was altered or sealed with another key. */
  decrypt(sealed: string): string;
}

export function createTokenCipher(secret: string): TokenCipher {
  // Any high-entropy secret of 32+ characters; SHA-256 gives the 32-byte AES key.
  const key = createHash('sha256').update(secret, 'utf8').digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** TOKEN_ENCRYPTION_KEY, or outside production a generated one kept in DATA_DIR across restarts. */
export function resolveTokenEncryptionKey(config: Config): string {
  if (config.tokenEncryptionKey) return config.tokenEncryptionKey;
  if (config.isProduction) throw new Error('TOKEN_ENCRYPTION_KEY is required in production');
  const path = join(config.dataDir, 'token-encryption-key');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(path, key, { mode: 0o600 });
  return key;
}
