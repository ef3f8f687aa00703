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
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short', APP_URL: 'https://a.b' }),
    ).toThrow(/SESSION_SECRET: must be at least 32/);
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
});
