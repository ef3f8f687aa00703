import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { DEFAULT_LINKEDIN_API_VERSION } from './integrations/social/linkedin/api-version';

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

  /** The start-up error loadConfig throws for `env`. */
  function configErrorOf(env: Record<string, string>) {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    throw new Error('loadConfig accepted the environment');
  }

  it('names a refused secret without printing it', () => {
    const secrets = {
      SESSION_SECRET: 'hunter2-session',
      TOKEN_ENCRYPTION_KEY: 'hunter2-token-key',
      ADMIN_ACCESS_CODE: 'h2',
    };
    const message = configErrorOf(secrets);
    for (const name of Object.keys(secrets)) expect(message).toMatch(new RegExp(`${name}: must be at least`));
    expect(message).not.toMatch(/hunter2|"h2"/);
  });

  it('masks the password of a refused DATABASE_URL or SMTP_URL, and hides a URL it cannot parse', () => {
    const message = configErrorOf({
      DATABASE_URL: 'mysql://kitepost:db-pa55word@db.internal:3306/kitepost?password=db-pa55word',
      SMTP_URL: 'smtp:/mailer:smtp-pa55word@mail.internal',
      AI_BASE_URL: 'https://ai-user:ai-pa55word@',
    });
    expect(message).toMatch(
      /DATABASE_URL: must be a postgres.*"mysql:\/\/kitepost:\*\*\*@db\.internal:3306\/kitepost\?…"/,
    );
    expect(message).toMatch(/SMTP_URL: must be an smtp/);
    expect(message).toMatch(/AI_BASE_URL: /);
    expect(message).not.toMatch(/pa55word/);
    expect(configErrorOf({ DATABASE_URL: 'host=db user=kitepost password=db-pa55word' })).not.toMatch(
      /pa55word/,
    );
  });

  it('prints no key or secret of any provider it refuses', () => {
    const secret = 'sk-live-pa55word';
    // Each of these is refused for its partner being absent, or for its own shape.
    const envs: Record<string, string>[] = [
      { OIDC_ISSUER: `https://idp.example/?client_secret=${secret}`, OIDC_CLIENT_SECRET: secret },
      { STRIPE_SECRET_KEY: secret, STRIPE_WEBHOOK_SECRET: secret },
      { S3_SECRET_ACCESS_KEY: secret, S3_ACCESS_KEY_ID: secret, S3_ENDPOINT: `not a url ${secret}` },
      { AI_PROVIDER: 'openai-compatible', OPENAI_API_KEY: secret, AI_BASE_URL: `x:${secret}@y` },
      { ANTHROPIC_API_KEY: secret, AI_PROVIDER: 'gemini' },
      { X_CLIENT_SECRET: secret, LINKEDIN_CLIENT_SECRET: secret, FACEBOOK_APP_SECRET: secret },
      { INSTAGRAM_APP_SECRET: secret, INSTAGRAM_TOKEN_URL: `instagram ${secret}` },
    ];
    for (const env of envs) expect(configErrorOf(env)).not.toContain('pa55word');
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

  it('refuses LINKEDIN_ANALYTICS=true, which made LinkedIn refuse every connection (decision 042)', () => {
    const linkedin = { LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 'secret' };
    expect(loadConfig(linkedin).social.linkedin).not.toHaveProperty('analytics');
    expect(loadConfig({ ...linkedin, LINKEDIN_ANALYTICS: 'false' }).social.linkedin).toBeDefined();
    expect(() => loadConfig({ ...linkedin, LINKEDIN_ANALYTICS: 'true' })).toThrow(
      /LINKEDIN_ANALYTICS.*was removed.*042/s,
    );
  });

  it('reads LINKEDIN_API_VERSION as YYYYMM, with a recent default', () => {
    expect(loadConfig({}).linkedInApiVersion).toBe(DEFAULT_LINKEDIN_API_VERSION);
    expect(loadConfig({ LINKEDIN_API_VERSION: '202607' }).linkedInApiVersion).toBe('202607');
    for (const bad of ['2026-07', '202613', '20260701', 'latest']) {
      expect(() => loadConfig({ LINKEDIN_API_VERSION: bad })).toThrow(/LINKEDIN_API_VERSION/);
    }
  });

  it('names an Instagram Graph API version in every call: INSTAGRAM_GRAPH_VERSION, v25.0 by default', () => {
    const instagram = { INSTAGRAM_APP_ID: 'ig-app', INSTAGRAM_APP_SECRET: 'secret' };
    expect(loadConfig(instagram).social.instagram?.graphVersion).toBe('v25.0');
    expect(
      loadConfig({ ...instagram, INSTAGRAM_GRAPH_VERSION: 'v24.0' }).social.instagram?.graphVersion,
    ).toBe('v24.0');
    expect(() => loadConfig({ ...instagram, INSTAGRAM_GRAPH_VERSION: '25' })).toThrow(
      /INSTAGRAM_GRAPH_VERSION/,
    );
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
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'id',
      clientSecret: 'secret',
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({
        OIDC_ISSUER: 'https://id.example.com/',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 'secret',
        OIDC_TIMEOUT_SECONDS: '2.5',
      }).oidc?.timeoutMs,
    ).toBe(2500);
    expect(() => loadConfig({ OIDC_TIMEOUT_SECONDS: '0' })).toThrow(/OIDC_TIMEOUT_SECONDS/);
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

  describe('AI images', () => {
    it('is off without AI_IMAGE_MODEL, and refuses a model nothing can serve', () => {
      expect(loadConfig({ OPENAI_API_KEY: 'sk-1' }).aiImages).toBeUndefined();
      expect(() => loadConfig({ ANTHROPIC_API_KEY: 'ak-1', AI_IMAGE_MODEL: 'gpt-image-1' })).toThrow(
        /AI_IMAGE_MODEL: needs OPENAI_API_KEY, or AI_IMAGE_BASE_URL for an OpenAI-compatible server \(Anthropic has no image models\)/,
      );
    });

    it("uses OpenAI's adapter for OpenAI's models, and the writer's base URL unless told otherwise", () => {
      expect(loadConfig({ OPENAI_API_KEY: 'sk-1', AI_IMAGE_MODEL: 'gpt-image-1' }).aiImages).toEqual({
        model: 'gpt-image-1',
        flavour: 'openai',
        baseUrl: 'https://api.openai.com/v1',
        apiKey: 'sk-1',
        timeoutMs: 120_000,
      });
      const compatible = loadConfig({
        AI_BASE_URL: 'http://localhost:11434/v1/',
        AI_MODEL: 'llama3.1',
        AI_IMAGE_MODEL: 'flux-schnell',
        AI_IMAGE_TIMEOUT_SECONDS: '30',
      }).aiImages;
      expect(compatible).toMatchObject({
        flavour: 'openai-compatible',
        baseUrl: 'http://localhost:11434/v1',
        timeoutMs: 30_000,
      });
      expect(
        loadConfig({
          ANTHROPIC_API_KEY: 'ak-1',
          AI_IMAGE_MODEL: 'sdxl',
          AI_IMAGE_BASE_URL: 'http://img:8080/v1',
        }).aiImages?.baseUrl,
      ).toBe('http://img:8080/v1');
    });
  });

  it('lets the outbound fetch reach public hosts on 80 and 443 only, unless told otherwise', () => {
    expect(loadConfig({}).outbound).toEqual({ privateAllowList: [], extraPorts: [] });
    expect(
      loadConfig({ OUTBOUND_ALLOW_PRIVATE: '127.0.0.0/8, fd00::/8', OUTBOUND_ALLOWED_PORTS: '8080,8443' })
        .outbound,
    ).toEqual({ privateAllowList: ['127.0.0.0/8', 'fd00::/8'], extraPorts: [8080, 8443] });
    expect(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'localhost' })).toThrow(
      /OUTBOUND_ALLOW_PRIVATE: must be/,
    );
    expect(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: '10.0.0.0/40' })).toThrow(/OUTBOUND_ALLOW_PRIVATE/);
    expect(() => loadConfig({ OUTBOUND_ALLOWED_PORTS: '80,http' })).toThrow(
      /OUTBOUND_ALLOWED_PORTS: must be/,
    );
  });

  it('keeps webhooks on https and public addresses unless WEBHOOKS_ALLOW_PRIVATE=true', () => {
    expect(loadConfig({}).webhooks).toEqual({ allowPrivate: false });
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'false' }).webhooks).toEqual({ allowPrivate: false });
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooks).toEqual({ allowPrivate: true });
    expect(() => loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'yes' })).toThrow(/WEBHOOKS_ALLOW_PRIVATE: must be/);
  });
});
