import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher';

const cipher = createTokenCipher('a-test-key-that-is-long-enough-0123456789');

describe('token cipher', () => {
  it('round-trips and never shows the plain text', () => {
    const sealed = cipher.encrypt('access-token-123');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('access-token-123');
    expect(cipher.decrypt(sealed)).toBe('access-token-123');
  });

  it('seals the same value differently every time (fresh IV)', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses an altered value and another key', () => {
    const sealed = cipher.encrypt('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => createTokenCipher('another-key-that-is-long-enough-0123456789').decrypt(sealed)).toThrow();
    expect(() => cipher.decrypt('plain-token')).toThrow(/not a sealed token/);
  });
});
