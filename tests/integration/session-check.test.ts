import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { randomIp, signUp, uniqueEmail } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';
import { countQueries } from '../setup/queries';

const COOKIE = 'kitepost.session_token';
const DAY_MS = 24 * 60 * 60 * 1000;
/** better-auth's settings in src/server/integrations/identity/better-auth.ts. */
const EXPIRES_IN_MS = 30 * DAY_MS;
const UPDATE_AGE_MS = DAY_MS;

const sign = (token: string, secret: string) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
const cookieWith = (value: string) => `${COOKIE}=${encodeURIComponent(value)}`;

/** The session token and signature of a `kitepost.session_token=...` cookie header. */
function parseSessionCookie(cookie: string) {
  const raw = cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) throw new Error('no session cookie');
  const value = decodeURIComponent(raw);
  const dot = value.lastIndexOf('.');
  return { token: value.slice(0, dot), signature: value.slice(dot + 1) };
}

/**
 * Every signed-in request checks its session in one query (plugins/auth.ts): these pin down that
 * the check keeps better-auth's guarantees.
 */
describe.each(databaseKinds)('the session check of signed-in requests on %s', (kind) => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    secret = t.config.sessionSecret ?? '';
  });
  afterAll(() => t.close());

  const me = (cookie: string) => t.app.inject({ url: '/api/auth/user', headers: { cookie } });
  const sessionRow = async (token: string) => {
    const [row] = await t.ctx.database.db.select().from(sessions).where(eq(sessions.token, token));
    return row;
  };

  it("accepts the cookie better-auth signed: the token and its HMAC-SHA256 with the app's secret", async () => {
    const account = await signUp(t.app);
    const { token, signature } = parseSessionCookie(account.cookie);
    expect(sign(token, secret)).toBe(`${token}.${signature}`);
    const response = await me(account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.user.id, email: account.email });
  });

  it('refuses a cookie whose signature is wrong, missing, or made with another secret', async () => {
    const account = await signUp(t.app);
    const { token, signature } = parseSessionCookie(account.cookie);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const value of [
      `${token}.${flipped}`,
      token,
      `${token}.`,
      `${token}.${signature.slice(0, -1)}`,
      sign(token, 'another-secret-another-secret-0123456789'),
      `x${sign(token, secret)}`,
    ]) {
      expect((await me(cookieWith(value))).statusCode, value).toBe(401);
    }
    // The session itself is untouched: the real cookie still works.
    expect((await me(account.cookie)).statusCode).toBe(200);
  });

  it('refuses a correctly signed token that names no session', async () => {
    const response = await me(cookieWith(sign(randomBytes(16).toString('hex'), secret)));
    expect(response.statusCode).toBe(401);
  });

  it('refuses an expired session and deletes it', async () => {
    const account = await signUp(t.app);
    const { token } = parseSessionCookie(account.cookie);
    await t.ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect((await me(account.cookie)).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it("refuses a deactivated user's session on every signed-in route", async () => {
    const account = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/posts', headers: { cookie: account.cookie } })).statusCode).toBe(
      200,
    );
    await t.ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, account.user.id));
    expect((await me(account.cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/posts', headers: { cookie: account.cookie } })).statusCode).toBe(
      401,
    );
  });

  it('extends a session used a day after its last extension, and only then, like better-auth', async () => {
    const account = await signUp(t.app);
    const { token } = parseSessionCookie(account.cookie);
    const fresh = await sessionRow(token);
    expect((await me(account.cookie)).statusCode).toBe(200);
    expect((await sessionRow(token))?.expiresAt.getTime()).toBe(fresh?.expiresAt.getTime());

    const dueAt = new Date(Date.now() + EXPIRES_IN_MS - UPDATE_AGE_MS - 60_000);
    await t.ctx.database.db.update(sessions).set({ expiresAt: dueAt }).where(eq(sessions.token, token));
    const before = Date.now();
    expect((await me(account.cookie)).statusCode).toBe(200);
    const extended = (await sessionRow(token))?.expiresAt.getTime() ?? 0;
    expect(extended).toBeGreaterThanOrEqual(before + EXPIRES_IN_MS - 1000);
    expect(extended).toBeLessThanOrEqual(Date.now() + EXPIRES_IN_MS + 1000);
  });

  it('reads the session, its user and their workspace in one query', async () => {
    const account = await signUp(t.app);
    const { result, queries } = await countQueries(t, () => me(account.cookie));
    expect(result.statusCode).toBe(200);
    expect(queries).toBe(1);
  });
});

describe('the session check in production', () => {
  it('reads the __Secure- cookie better-auth sets over HTTPS', async () => {
    const t = await buildTestApp('pglite', { NODE_ENV: 'production', APP_URL: 'https://app.kitepost.test' });
    try {
      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: uniqueEmail(), password: 'a long password', firstName: 'A', lastName: 'B' },
        remoteAddress: randomIp(),
      });
      const lines = ([] as string[]).concat(signup.headers['set-cookie'] ?? []);
      const cookie = lines.map((line) => line.split(';')[0]).join('; ');
      expect(cookie).toMatch(/^__Secure-kitepost\.session_token=/);
      expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
      const unprefixed = cookie.replace(/^__Secure-/, '');
      expect(
        (await t.app.inject({ url: '/api/auth/user', headers: { cookie: unprefixed } })).statusCode,
      ).toBe(401);
    } finally {
      await t.close();
    }
  });
});
