import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { randomCode, resolveAdminCode, resolveSessionSecret } from './secrets';

const devConfig = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'kitepost-secrets-')), ...env });

describe('resolveAdminCode', () => {
  it('checks ADMIN_ACCESS_CODE exactly', () => {
    const verifier = resolveAdminCode(devConfig({ ADMIN_ACCESS_CODE: 'open-sesame' }));
    expect(verifier.source).toBe('env');
    expect(verifier.verify('open-sesame')).toBe(true);
    expect(verifier.verify('open-sesam')).toBe(false);
    expect(verifier.verify('OPEN-SESAME')).toBe(false);
  });

  it('in development without it, generates a code once and keeps only its hash', () => {
    const config = devConfig();
    const first = resolveAdminCode(config);
    expect(first.generatedCode).toMatch(/^[2-9A-Z]{8}$/);
    const stored = readFileSync(join(config.dataDir, 'admin-access-code.hash'), 'utf8');
    expect(stored).not.toContain(first.generatedCode);
    const again = resolveAdminCode(config);
    expect(again.generatedCode).toBeUndefined();
    expect(again.verify(first.generatedCode ?? '')).toBe(true);
    expect(again.verify('WRONGONE')).toBe(false);
  });

  it('in production without it, no code works and nothing is written', () => {
    const config = devConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      TOKEN_ENCRYPTION_KEY: 'k'.repeat(32),
      APP_URL: 'https://a.b',
    });
    const verifier = resolveAdminCode(config);
    expect(verifier.source).toBe('none');
    expect(verifier.verify('')).toBe(false);
    expect(existsSync(join(config.dataDir, 'admin-access-code.hash'))).toBe(false);
  });
});

describe('resolveSessionSecret', () => {
  it('generates one in development and keeps it across restarts', () => {
    const config = devConfig();
    const secret = resolveSessionSecret(config);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(resolveSessionSecret(config)).toBe(secret);
  });
});

describe('randomCode', () => {
  it('uses an unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) expect(randomCode(4)).toMatch(/^[2-9A-HJ-NP-Z]{4}$/);
  });
});
