import { afterEach, describe, expect, it } from 'vitest';
import type { HealthResponse } from '../../src/contracts/health';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * /api/health says which sandboxes are on, each labelled a sandbox (issue 18, item 11; decision
 * 036): the app shell's sandbox badge lists them from here.
 */

describe.each(databaseKinds)('/api/health lists the sandboxes that are on, on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const healthOf = async (env: Record<string, string>) => {
    t = await buildTestApp(kind, env);
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    return response.json<HealthResponse>();
  };

  it('a machine with no outside service: every sandbox, with what it does instead', async () => {
    const health = await healthOf({});
    expect(health.sandboxes.map((sandbox) => sandbox.id)).toEqual([
      'social',
      'faults',
      'billing',
      'mail',
      'ai',
    ]);
    for (const sandbox of health.sandboxes) {
      expect(sandbox.sandbox).toBe(true);
      expect(sandbox.name.length).toBeGreaterThan(3);
      expect(sandbox.detail.length).toBeGreaterThan(10);
    }
    const byId = Object.fromEntries(health.sandboxes.map((sandbox) => [sandbox.id, sandbox]));
    expect(byId.social?.name).toBe('Social platform simulator');
    expect(byId.social?.detail).toMatch(
      /^LinkedIn, Instagram, X, Facebook, Bluesky, Mastodon, Threads, Pinterest, LinkedIn Page, YouTube, TikTok, Google Business Profile: /,
    );
    expect(byId.billing?.name).toBe('Sandbox billing');
    expect(byId.mail?.name).toBe('Outbox mail');
    expect(byId.ai?.name).toBe('Offline AI writer');
  });

  it('production: no simulator faults, and no sandbox billing unless BILLING_SANDBOX=true', async () => {
    const production = await healthOf({ NODE_ENV: 'production' });
    expect(production.sandboxes.map((sandbox) => sandbox.id)).toEqual(['social', 'mail', 'ai']);
    await t?.close();
    const allowed = await healthOf({ NODE_ENV: 'production', BILLING_SANDBOX: 'true' });
    expect(allowed.sandboxes.map((sandbox) => sandbox.id)).toEqual(['social', 'billing', 'mail', 'ai']);
    expect(allowed.adapters.billing).toEqual({ adapter: 'sandbox (no money moves)', sandbox: true });
  });
});
