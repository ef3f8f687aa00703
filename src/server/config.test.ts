import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 5000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      appUrl: 'http://localhost:5000',
      oidc: undefined,
    });
  });

  it('names the variable with a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT.*"eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
  });

  it('requires SESSION_SECRET and APP_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_URL: is required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /TOKEN_ENCRYPTION_KEY: is required in production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short', APP_URL: 'https://a.b' }),
    ).toThrow(/SESSION_SECRET: must be at least 32/);
  });

  it('offers sandbox billing outside production, and in production only with BILLING_SANDBOX=true', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-session-secret-of-32-chars+',
      TOKEN_ENCRYPTION_KEY: 'a-production-token-key-of-at-least-32-chars',
      APP_URL: 'https://kitepost.example',
    };
    expect(loadConfig({}).billing.sandbox).toBe(true);
    expect(loadConfig({ BILLING_SANDBOX: 'false' }).billing.sandbox).toBe(false);
    expect(loadConfig(production).billing.sandbox).toBe(false);
    expect(loadConfig({ ...production, BILLING_SANDBOX: 'true' }).billing.sandbox).toBe(true);
    expect(() => loadConfig({ BILLING_SANDBOX: 'yes' })).toThrow(/BILLING_SANDBOX/);
  });

  it('asks LinkedIn for post analytics only when LINKEDIN_ANALYTICS=true', () => {
    const linkedin = { LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 'secret' };
    expect(loadConfig(linkedin).social.linkedin).not.toHaveProperty('analytics');
    expect(loadConfig({ ...linkedin, LINKEDIN_ANALYTICS: 'true' }).social.linkedin?.analytics).toBe(true);
    expect(() => loadConfig({ ...linkedin, LINKEDIN_ANALYTICS: 'yes' })).toThrow(/LINKEDIN_ANALYTICS/);
  });

  it('reads TRUST_PROXY as a switch, a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,2001:db8::/32' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '2001:db8::/32',
    ]);
    for (const bad of ['yes', '0', '10.0.0.0/33', '10.0.0.1,', 'example.org', '::1/129', '1.2.3.4/8/8']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be true, false, a hop/);
    }
  });

  it('takes OIDC all or nothing', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /OIDC_CLIENT_ID.*OIDC_CLIENT_SECRET/s,
    );
    const config = loadConfig({
      OIDC_ISSUER: 'https://id.example.com/',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config.oidc).toEqual({ issuer: 'https://id.example.com', clientId: 'id', clientSecret: 'secret' });
  });

  it('keeps only the origin of APP_URL and treats empty values as unset', () => {
    expect(loadConfig({ APP_URL: 'https://app.kitepost.test/some/path' }).appUrl).toBe(
      'https://app.kitepost.test',
    );
    expect(loadConfig({ DATABASE_URL: '', ADMIN_ACCESS_CODE: '' }).databaseUrl).toBeUndefined();
  });

  describe('AI writer', () => {
    it('is the offline composer when nothing is configured', () => {
      expect(loadConfig({}).ai).toEqual({
        provider: 'offline',
        model: undefined,
        baseUrl: undefined,
        apiKey: undefined,
        timeoutMs: 60_000,
      });
    });

    it('follows the key that is present when AI_PROVIDER is unset', () => {
      expect(loadConfig({ OPENAI_API_KEY: 'sk-1' }).ai).toMatchObject({
        provider: 'openai',
        model: 'gpt-4.1-mini',
        apiKey: 'sk-1',
      });
      expect(loadConfig({ ANTHROPIC_API_KEY: 'ak-1' }).ai).toMatchObject({
        provider: 'anthropic',
        model: 'claude-haiku-4-5',
        apiKey: 'ak-1',
      });
      expect(
        loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1/', AI_MODEL: 'llama3.1' }).ai,
      ).toMatchObject({
        provider: 'openai-compatible',
        model: 'llama3.1',
        baseUrl: 'http://localhost:11434/v1',
      });
    });

    it('lets AI_PROVIDER win, and offline ignores keys', () => {
      expect(loadConfig({ AI_PROVIDER: 'offline', OPENAI_API_KEY: 'sk-1' }).ai.apiKey).toBeUndefined();
      expect(loadConfig({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-1', AI_MODEL: 'gpt-5' }).ai.model).toBe(
        'gpt-5',
      );
    });

    it('names what a chosen provider is missing', () => {
      expect(() => loadConfig({ AI_PROVIDER: 'openai' })).toThrow(
        /OPENAI_API_KEY: is required when AI_PROVIDER=openai/,
      );
      expect(() => loadConfig({ AI_PROVIDER: 'anthropic' })).toThrow(/ANTHROPIC_API_KEY: is required/);
      expect(() => loadConfig({ AI_PROVIDER: 'openai-compatible' })).toThrow(/AI_BASE_URL: is required/);
      expect(() => loadConfig({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://h/v1' })).toThrow(
        /AI_MODEL: is required/,
      );
      expect(() => loadConfig({ AI_PROVIDER: 'gemini' })).toThrow(/AI_PROVIDER: must be one of/);
      expect(() => loadConfig({ AI_TIMEOUT_SECONDS: '0' })).toThrow(/AI_TIMEOUT_SECONDS/);
    });
  });
});
