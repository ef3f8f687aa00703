import { afterEach, describe, expect, it } from 'vitest';
import { asUser } from '../factories/posts';
import { cookieFrom, randomIp, signUp } from '../factories/users';
import { startFakeOidcIssuer } from '../fakes/oidc/fake-oidc-issuer';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const client = { clientId: 'kitepost-outage-test', clientSecret: 'outage-client-secret-0123456789' };

/** Issue 19: single sign-on while its identity provider is down, hangs, or comes back. */
describe.each(databaseKinds)('single sign-on while the identity provider is away, on %s', (kind) => {
  let t: TestApp | undefined;
  let issuer: Awaited<ReturnType<typeof startFakeOidcIssuer>> | undefined;
  let logLines: string[] = [];
  afterEach(async () => {
    await t?.close();
    await issuer?.close();
    t = undefined;
    issuer = undefined;
  });

  /** The fake issuer in `discovery` mode, and the app built after it (OIDC_TIMEOUT_SECONDS as given). */
  async function start(discovery: 'up' | 'down' | 'hang', timeoutSeconds = '10') {
    issuer = await startFakeOidcIssuer(client);
    issuer.state.discovery = discovery;
    logLines = [];
    t = await buildTestApp(
      kind,
      {
        OIDC_ISSUER: issuer.issuer,
        OIDC_CLIENT_ID: client.clientId,
        OIDC_CLIENT_SECRET: client.clientSecret,
        OIDC_TIMEOUT_SECONDS: timeoutSeconds,
        LOG_LEVEL: 'warn',
      },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
    return { app: t.app, issuer };
  }

  async function identityCheck() {
    const health = await t?.app.inject({ url: '/api/health' });
    return { statusCode: health?.statusCode, body: health?.json() };
  }

  /** Polls /api/health until single sign-on's check is `status` (the background retry's pace). */
  async function waitForIdentity(status: 'ok' | 'unreachable', withinMs = 40_000) {
    const until = Date.now() + withinMs;
    for (;;) {
      const { body } = await identityCheck();
      if (body.checks.identity.status === status) return body;
      if (Date.now() > until) throw new Error(`identity check still ${JSON.stringify(body.checks.identity)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** /api/login -> the provider -> the callback: the app's answer to the callback. */
  async function providerSignIn() {
    const app = t?.app;
    if (!app || !issuer) throw new Error('start() first');
    issuer.state.nextUser = {
      sub: `outage-${randomIp()}`,
      email: `outage-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`,
      given_name: 'Ada',
      family_name: 'Lovelace',
      name: 'Ada Lovelace',
    };
    const login = await app.inject({ url: '/api/login', remoteAddress: randomIp() });
    expect(login.statusCode, login.body).toBe(302);
    const atProvider = await fetch(new URL(String(login.headers.location)), { redirect: 'manual' });
    const callback = new URL(String(atProvider.headers.get('location')));
    const started = Date.now();
    const answer = await app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieFrom(login) },
    });
    return { answer, code: callback.searchParams.get('code') ?? '', tookMs: Date.now() - started };
  }

  it('shows a page while discovery fails, reports it in /api/health, and signs in once the provider answers (no restart)', async () => {
    const { app, issuer } = await start('down');

    const returnTo = encodeURIComponent('/subscribe?plan=starter');
    const login = await app.inject({ url: `/api/login?returnTo=${returnTo}`, remoteAddress: randomIp() });
    expect(login.statusCode).toBe(503);
    expect(login.headers['content-type']).toMatch(/^text\/html/);
    expect(login.body).toContain(`href="/api/login?returnTo=${returnTo}"`);
    expect(Number(login.headers['retry-after'])).toBeGreaterThanOrEqual(5);
    expect(login.body).toContain('Single sign-on is unreachable right now');
    expect(login.body).toContain('href="/?auth=signin"');
    expect(login.body).not.toContain('Provider not found');

    const health = await identityCheck();
    expect(health.statusCode).toBe(200);
    expect(health.body.status).toBe('degraded');
    expect(health.body.checks.identity).toMatchObject({ status: 'unreachable' });
    expect(health.body.checks.identity.detail).toMatch(/discovery.*HTTP 503/);
    // The check reads what the background retry found: polling health calls the provider no more.
    const before = issuer.state.discoveryRequests;
    for (let i = 0; i < 5; i++) await identityCheck();
    expect(issuer.state.discoveryRequests).toBe(before);

    // Settings' "Link single sign-on" says the same in JSON.
    const user = await signUp(app);
    const link = await asUser(app, user.cookie).post('/api/user/single-sign-on/link');
    expect(link.statusCode).toBe(503);
    expect(link.headers['retry-after']).toBeDefined();
    expect(link.json().error.message).toMatch(/unreachable right now/);

    issuer.state.discovery = 'up';
    const recovered = await waitForIdentity('ok');
    expect(recovered.status).toBe('ok');
    const { answer } = await providerSignIn();
    expect(answer.headers.location).toMatch(/\/dashboard$/);
  }, 60_000);

  it('a provider that never answers holds neither start-up nor password sign-in', async () => {
    const { app, issuer } = await start('hang', '1');
    const started = Date.now();
    const user = await signUp(app);
    expect(user.cookie).toMatch(/kitepost\.session_token=/);
    expect(Date.now() - started).toBeLessThan(5000);

    const login = await app.inject({ url: '/api/login', remoteAddress: randomIp() });
    expect(login.statusCode).toBe(503);
    expect((await waitForIdentity('unreachable')).checks.identity.detail).toMatch(
      /did not answer within 1 s/,
    );

    issuer.state.discovery = 'up';
    await waitForIdentity('ok');
    const { answer } = await providerSignIn();
    expect(answer.headers.location).toMatch(/\/dashboard$/);
  }, 60_000);

  it('a code exchange that times out lands on the sign-in error within the limit, and the log says why', async () => {
    const { issuer } = await start('up', '1');
    issuer.state.token = 'hang';
    const { answer, code, tookMs } = await providerSignIn();
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/?auth=signin&error=invalid_code');
    expect(tookMs).toBeLessThan(4000);
    const log = logLines.join('\n');
    expect(log).toContain('the token endpoint did not answer within 1 s');
    expect(log).not.toContain(client.clientSecret);
    expect(log).not.toContain(code);
  });

  it('a failed code exchange logs its cause (not `{}`), without secrets', async () => {
    const { issuer } = await start('up');
    issuer.state.token = 'drop';
    const { answer, code } = await providerSignIn();
    expect(answer.headers.location).toBe('/?auth=signin&error=invalid_code');
    const line = logLines
      .map((raw) => JSON.parse(raw))
      .find((entry) => entry.msg === 'Failed to validate authorization code');
    expect(line, logLines.join('\n')).toBeDefined();
    expect(line.args[0]).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
    expect(line.args[0].cause.message).toMatch(/\w/);
    const log = logLines.join('\n');
    expect(log).not.toContain(client.clientSecret);
    expect(log).not.toContain(code);
  });
});
