import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { insertUser } from '../../src/server/modules/users/users.repository';
import { createTrialWorkspace } from '../../src/server/modules/workspaces/workspaces.service';
import { cookieFrom, randomIp, signUp } from '../factories/users';
import { startFakeOidcIssuer } from '../fakes/oidc/fake-oidc-issuer';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('health and provider sign-in on %s', (kind) => {
  describe('without an identity provider', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind);
    });
    afterAll(() => t.close());

    it('GET /api/health names the adapter of every concern', async () => {
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.status).toBe('ok');
      expect(body.adapters.database.adapter).toBe(kind === 'pglite' ? 'pglite (embedded)' : 'postgresql');
      expect(Object.keys(body.adapters).sort()).toEqual(
        ['ai', 'aiImages', 'billing', 'database', 'identity', 'jobs', 'mail', 'social', 'storage'].sort(),
      );
      expect(body.adapters.identity.adapter).toBe('email-password');
      expect(body.adapters.aiImages).toEqual({ adapter: 'offline renderer', sandbox: true });
      expect(body.checks.identity).toEqual({ status: 'off' });
      expect(response.headers['x-request-id']).toBeTruthy();
      expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    });

    it('sends the security headers on every answer: success, refusals and errors', async () => {
      const answers = [
        await t.app.inject({ url: '/api/health' }),
        await t.app.inject({ url: '/api/posts' }),
        await t.app.inject({ url: '/api/docs/no-such-route' }),
        await t.app.inject({ method: 'POST', url: '/api/generate-content', payload: { tone: 'angry' } }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 401, 400]);
      for (const answer of answers) {
        expect(answer.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
        expect(answer.headers['referrer-policy']).toBe('same-origin');
      }
    });

    it('answers 503 "degraded" when the database does not answer', async () => {
      const broken = await buildTestApp(kind);
      await broken.ctx.database.close();
      try {
        const response = await broken.app.inject({ url: '/api/health' });
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json().status).toBe('degraded');
        expect(response.json().checks.database).toEqual({
          status: 'unreachable',
          detail: 'The database does not answer.',
        });
        // Liveness says nothing about the database: restarting the process would not help.
        const live = await broken.app.inject({ url: '/api/health/live' });
        expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
      } finally {
        await broken.app.close();
      }
    });

    it('serves the OpenAPI document of the API at /api/openapi.json', async () => {
      const response = await t.app.inject({ url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/auth/signup',
          '/api/auth/signin',
          '/api/user/login',
          '/api/admin/access',
        ]),
      );
      const signUp = doc.paths['/api/auth/signup'].post;
      expect(signUp.requestBody.content['application/json'].schema.required).toEqual(
        expect.arrayContaining(['email', 'password', 'firstName', 'lastName']),
      );
    });

    it('echoes a well-formed X-Request-Id', async () => {
      const response = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'req-123' } });
      expect(response.headers['x-request-id']).toBe('req-123');
    });

    it('GET /api/login sends the browser to the sign-in dialog', async () => {
      const response = await t.app.inject({ url: '/api/login' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/?auth=signin');
    });

    it('an unknown API path is a JSON 404', async () => {
      const response = await t.app.inject({ url: '/api/nothing-here', headers: {} });
      expect([401, 404]).toContain(response.statusCode);
      expect(response.statusCode).not.toBe(500);
    });
  });

  describe('with an OpenID Connect issuer', () => {
    const client = { clientId: 'kitepost-test', clientSecret: 'fake-secret' };
    let t: TestApp;
    let issuer: Awaited<ReturnType<typeof startFakeOidcIssuer>>;
    beforeAll(async () => {
      issuer = await startFakeOidcIssuer(client);
      t = await buildTestApp(kind, {
        OIDC_ISSUER: issuer.issuer,
        OIDC_CLIENT_ID: client.clientId,
        OIDC_CLIENT_SECRET: client.clientSecret,
      });
    });
    afterAll(async () => {
      await t.close();
      await issuer.close();
    });

    /** Walks the browser's part: /api/login -> provider -> callback. Returns the callback answer. */
    async function providerSignIn(loginUrl = '/api/login') {
      const start = await t.app.inject({ url: loginUrl, remoteAddress: randomIp() });
      expect(start.statusCode).toBe(302);
      const authorizeUrl = new URL(String(start.headers.location));
      expect(authorizeUrl.origin).toBe(issuer.issuer);
      expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
        `${TEST_APP_URL}/api/identity/callback/oidc`,
      );
      const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
      expect(atProvider.status).toBe(302);
      const callback = new URL(String(atProvider.headers.get('location')));
      return t.app.inject({
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: cookieFrom(start) },
      });
    }

    it('reports single sign-on in /api/health, ok once its discovery was read', async () => {
      // Discovery is read in the background from start-up: a moment on a loopback issuer.
      let body = (await t.app.inject({ url: '/api/health' })).json();
      for (let i = 0; i < 50 && body.checks.identity.status !== 'ok'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        body = (await t.app.inject({ url: '/api/health' })).json();
      }
      expect(body.adapters.identity.adapter).toBe('openid-connect');
      expect(body.checks.identity).toEqual({ status: 'ok' });
      expect(body.status).toBe('ok');
    });

    it('creates a user with a trial workspace on first sign-in and lands on /dashboard', async () => {
      issuer.state.nextUser = {
        sub: 'oidc-user-1',
        email: 'katherine@example.org',
        given_name: 'Katherine',
        family_name: 'Johnson',
        name: 'Katherine Johnson',
      };
      const callback = await providerSignIn();
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location, String(callback.body)).toMatch(/\/dashboard$/);
      const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: cookieFrom(callback) } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        email: 'katherine@example.org',
        firstName: 'Katherine',
        lastName: 'Johnson',
        subscriptionStatus: 'trialing',
      });
      // Single sign-on users get no access code (issue 18: only a person's choice issues one).
      const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, me.json().id));
      expect(row?.accessCodeHash).toBeNull();
    });

    it('comes back to the page the browser was on (a path of this app only)', async () => {
      issuer.state.nextUser = {
        sub: 'oidc-user-return',
        email: 'annie@example.org',
        given_name: 'Annie',
        family_name: 'Easley',
        name: 'Annie Easley',
      };
      const back = await providerSignIn(
        `/api/login?returnTo=${encodeURIComponent('/subscribe?plan=starter')}`,
      );
      expect(back.statusCode).toBe(302);
      expect(new URL(String(back.headers.location), TEST_APP_URL).pathname).toBe('/subscribe');
      expect(String(back.headers.location)).toMatch(/\/subscribe\?plan=starter$/);

      for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
        const callback = await providerSignIn(`/api/login?returnTo=${encodeURIComponent(elsewhere)}`);
        expect(callback.statusCode).toBe(302);
        expect(callback.headers.location).toMatch(/\/dashboard$/);
      }
    });

    it('links to an operator-made account with the same email', async () => {
      const existing = await insertUser(t.ctx.database.db, {
        email: 'dorothy@example.org',
        firstName: 'Dorothy',
        lastName: 'Vaughan',
      });
      await createTrialWorkspace(t.ctx.database.db, existing);
      issuer.state.nextUser = {
        sub: 'oidc-user-2',
        email: 'dorothy@example.org',
        given_name: 'Dorothy',
        family_name: 'Vaughan',
        name: 'Dorothy Vaughan',
      };
      const callback = await providerSignIn();
      expect(callback.headers.location).toMatch(/\/dashboard$/);
      const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: cookieFrom(callback) } });
      expect(me.json().id).toBe(existing.id);
    });

    it('does not hand a self-registered, unverified account to whoever holds the email at the provider', async () => {
      const account = await signUp(t.app, { email: 'mary@example.org' });
      issuer.state.nextUser = {
        sub: 'oidc-user-3',
        email: 'mary@example.org',
        given_name: 'Mary',
        family_name: 'Jackson',
        name: 'Mary Jackson',
      };
      const callback = await providerSignIn();
      expect(callback.headers.location).toBe('/?auth=signin&error=account_not_linked');
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: account.email, password: account.password },
        remoteAddress: randomIp(),
      });
      expect(signIn.json().user.id).toBe(account.user.id);
    });

    it('refuses a callback with a forged state', async () => {
      const response = await t.app.inject({ url: '/api/identity/callback/oidc?code=abc&state=forged' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toMatch(/error=/);
      expect(response.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]+\./);
    });
  });
});
