import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workspaces } from '../../src/server/db/schema';
import { issueAccessCode } from '../../src/server/modules/users/users.service';
import { cookieFrom, randomIp, signUp, uniqueEmail } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('sign-in paths on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: randomIp() });

  describe('POST /api/auth/signup', () => {
    it('creates the user with a personal workspace on a 7-day Professional trial and signs them in', async () => {
      const email = uniqueEmail();
      const before = Date.now();
      const response = await post('/api/auth/signup', {
        email: email.toUpperCase(),
        password: 'a long password',
        firstName: 'Grace',
        lastName: 'Hopper',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        message: 'Welcome to Kitepost, Grace!',
        user: {
          email,
          firstName: 'Grace',
          lastName: 'Hopper',
          role: 'user',
          isAdmin: false,
          subscriptionPlan: 'professional',
          subscriptionStatus: 'trialing',
          tierLabel: 'Professional',
          workspace: { role: 'owner', plan: 'professional', subscriptionStatus: 'trialing' },
        },
      });
      const trialEnds = new Date(body.user.workspace.trialEndsAt).getTime();
      expect(trialEnds - before).toBeGreaterThan(7 * 86_400_000 - 60_000);
      expect(trialEnds - before).toBeLessThan(7 * 86_400_000 + 60_000);

      const [row] = await t.ctx.database.db.select().from(users).where(eq(users.email, email));
      // A sign-up gets no access code (only a person's choice issues one).
      expect(row?.accessCodeHash).toBeNull();
      expect(row?.isActive).toBe(true);
    });

    it('sets an httpOnly SameSite=Lax session cookie, not Secure outside production', async () => {
      const response = await post('/api/auth/signup', {
        email: uniqueEmail(),
        password: 'a long password',
        firstName: 'A',
        lastName: 'B',
      });
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/kitepost\.session_token=/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
    });

    it('refuses a taken email with 409 and the spec answer shape', async () => {
      const { email } = await signUp(t.app);
      const response = await post('/api/auth/signup', {
        email,
        password: 'another password',
        firstName: 'X',
        lastName: 'Y',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        user: null,
        message: 'An account with this email already exists',
      });
    });

    it('answers 400 with the issues for a malformed body', async () => {
      const response = await post('/api/auth/signup', {
        email: 'not-an-email',
        password: 'short',
        firstName: '',
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toMatchObject({ code: 'validation_failed', message: 'Invalid request' });
      const paths = body.error.issues.map((issue: { path: string }) => issue.path);
      expect(paths).toEqual(
        expect.arrayContaining(['body.email', 'body.password', 'body.firstName', 'body.lastName']),
      );
    });

    it('answers 400, not 500, to broken JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
        remoteAddress: randomIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'bad_request', message: 'Malformed JSON body' } });
    });
  });

  describe('POST /api/auth/signin', () => {
    it('signs in with the right password', async () => {
      const account = await signUp(t.app, { firstName: 'Linus' });
      const response = await post('/api/auth/signin', { email: account.email, password: account.password });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, message: 'Welcome back, Linus!' });
      const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: cookieFrom(response) } });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(account.email);
    });

    it('refuses a wrong password and an unknown email with the same default message', async () => {
      const account = await signUp(t.app);
      for (const payload of [
        { email: account.email, password: 'wrong password' },
        { email: uniqueEmail(), password: 'whatever' },
      ]) {
        const response = await post('/api/auth/signin', payload);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ success: false, user: null, message: 'Invalid email or password' });
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });

    it('refuses an inactive user even with the right password, and ends their open sessions', async () => {
      const account = await signUp(t.app);
      await t.ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, account.user.id));
      const response = await post('/api/auth/signin', { email: account.email, password: account.password });
      expect(response.statusCode).toBe(401);
      expect(response.json().success).toBe(false);
      const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
      expect(me.statusCode).toBe(401);
    });

    it('answers 400 to a missing password', async () => {
      const response = await post('/api/auth/signin', { email: 'a@example.com' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues).toEqual([expect.objectContaining({ path: 'body.password' })]);
    });
  });

  describe('POST /api/user/login (access code)', () => {
    // As the admin portal gives one (tests/integration/access-codes.test.ts goes through it).
    const codeOf = (userId: string) => issueAccessCode(t.ctx.database.db, t.ctx.accessCodes, userId);

    it("signs in with the user's code, in any letter case", async () => {
      const account = await signUp(t.app, { firstName: 'Ida' });
      const code = await codeOf(account.user.id);
      const response = await post('/api/user/login', { accessCode: code.toLowerCase() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'Welcome back, Ida!',
        user: { id: account.user.id },
      });
      expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/);
    });

    it('refuses a wrong code and an inactive account with the spec message', async () => {
      const account = await signUp(t.app);
      const code = await codeOf(account.user.id);
      await t.ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, account.user.id));
      for (const accessCode of [code, '!!!!']) {
        const response = await post('/api/user/login', { accessCode });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          success: false,
          user: null,
          message: 'Invalid access code or account inactive',
        });
      }
    });

    it('answers 400 to a code longer than 4 characters or a missing one', async () => {
      expect((await post('/api/user/login', { accessCode: 'ABCDE' })).statusCode).toBe(400);
      expect((await post('/api/user/login', {})).statusCode).toBe(400);
      expect((await post('/api/user/login', { accessCode: 1234 })).statusCode).toBe(400);
    });

    it('gives every user a different code, kept only as a keyed hash', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const { user } = await signUp(t.app);
        const code = await codeOf(user.id);
        codes.add(code);
        const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, user.id));
        expect(row?.accessCodeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(row?.accessCodeHash).not.toContain(code);
      }
      expect(codes.size).toBe(5);
    });
  });

  describe('session', () => {
    it('GET /api/auth/user answers 401 signed out', async () => {
      const response = await t.app.inject({ url: '/api/auth/user' });
      expect(response.statusCode).toBe(401);
    });

    it('logout ends the session on the server', async () => {
      const account = await signUp(t.app);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: account.cookie },
      });
      expect(logout.statusCode).toBe(200);
      expect(String(logout.headers['set-cookie'])).toMatch(/Max-Age=0/);
      const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
      expect(me.statusCode).toBe(401);
    });

    it('a forged cookie is nobody', async () => {
      const response = await t.app.inject({
        url: '/api/auth/user',
        headers: { cookie: 'kitepost.session_token=forged.signature' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('rate limits', () => {
    it('answers 429 with Retry-After after 10 sign-in attempts a minute from one address', async () => {
      const remoteAddress = randomIp();
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: 'nobody@example.com', password: 'x' },
          remoteAddress,
        });
      for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().error).toMatchObject({
        code: 'rate_limited',
        message: expect.stringMatching(/Too many attempts/),
      });
    });

    it('limits access codes per address too', async () => {
      const remoteAddress = randomIp();
      const codes = [];
      for (let i = 0; i < 11; i++) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { accessCode: 'ZZZZ' },
          remoteAddress,
        });
        codes.push(r.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes[10]).toBe(429);
    });
  });

  describe('cross-origin requests', () => {
    it('refuses a state-changing request from a foreign Origin with 403', async () => {
      const response = await post(
        '/api/auth/signin',
        { email: 'a@example.com', password: 'x' },
        { origin: 'https://evil.example' },
      );
      expect(response.statusCode).toBe(403);
    });

    it('accepts the app origin', async () => {
      const response = await post(
        '/api/auth/signin',
        { email: 'a@example.com', password: 'x' },
        { origin: TEST_APP_URL },
      );
      expect(response.statusCode).toBe(401);
    });
  });

  describe('workspaces', () => {
    it('each sign-up gets its own workspace', async () => {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      const meA = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: a.cookie } })).json();
      const meB = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: b.cookie } })).json();
      expect(meA.workspace.id).not.toBe(meB.workspace.id);
      const rows = await t.ctx.database.db
        .select()
        .from(workspaces)
        .where(eq(workspaces.id, meA.workspace.id));
      expect(rows).toHaveLength(1);
    });
  });
});

describe('cookies in production', () => {
  it('are Secure', async () => {
    const t = await buildTestApp('pglite', { NODE_ENV: 'production', APP_URL: 'https://app.kitepost.test' });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: uniqueEmail(), password: 'a long password', firstName: 'A', lastName: 'B' },
        remoteAddress: randomIp(),
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/__Secure-kitepost\.session_token=.*Secure/);
    } finally {
      await t.close();
    }
  });
});
