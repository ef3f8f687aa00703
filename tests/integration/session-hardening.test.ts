import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { asUser } from '../factories/posts';
import { cookieFrom, randomIp, signUp } from '../factories/users';
import { buildTestApp, TEST_ADMIN_CODE, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** Signs in with the given network facts; answers the new session's recorded address and agent. */
async function sessionFrom(
  t: TestApp,
  account: { email: string; password: string },
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email: account.email, password: account.password },
    headers: { 'user-agent': 'Session Test Agent', ...headers },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  const cookie = cookieFrom(response);
  const listed = (await asUser(t.app, cookie).get('/api/user/sessions')).json();
  const current = listed.sessions.find((s: { current: boolean }) => s.current);
  return { cookie, ipAddress: current.ipAddress as string | null, userAgent: current.userAgent };
}

const adminMe = (app: FastifyInstance, cookie: string) =>
  app.inject({ url: '/api/admin/me', headers: { cookie } });

describe.each(databaseKinds)('sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  describe('admin access', () => {
    it('issues a new session: the old cookie stops working, the new one is admin', async () => {
      const account = await signUp(t.app);
      const [before] = await t.ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, account.user.id));
      const granted = await t.app.inject({
        method: 'POST',
        url: '/api/admin/access',
        payload: { accessCode: TEST_ADMIN_CODE },
        headers: { cookie: account.cookie, 'user-agent': 'Admin Browser' },
        remoteAddress: '198.51.100.23',
      });
      expect(granted.statusCode).toBe(200);
      const fresh = cookieFrom(granted);
      expect(fresh).toMatch(/kitepost\.session_token=/);
      expect(fresh).not.toBe(account.cookie);

      // Whoever knew the old session id (fixation) holds nothing now.
      expect((await adminMe(t.app, account.cookie)).statusCode).toBe(401);
      expect(
        (await t.app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode,
      ).toBe(401);
      const me = await adminMe(t.app, fresh);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ isAdmin: true, userId: account.user.id });

      const rows = await t.ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, account.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).not.toBe(before?.id);
      expect(rows[0]).toMatchObject({
        adminAccess: true,
        ipAddress: '198.51.100.23',
        userAgent: 'Admin Browser',
      });
    });

    it('a wrong code keeps the session as it was', async () => {
      const account = await signUp(t.app);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/admin/access',
        payload: { accessCode: 'not-the-code' },
        headers: { cookie: account.cookie },
        remoteAddress: randomIp(),
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect((await adminMe(t.app, account.cookie)).statusCode).toBe(403);
    });
  });

  describe('the address a session records', () => {
    it('is the connecting address without TRUST_PROXY, whatever forwarding headers say', async () => {
      const account = await signUp(t.app);
      const session = await sessionFrom(t, account, '203.0.113.41', {
        'x-forwarded-for': '6.6.6.6',
        'x-real-ip': '6.6.6.7',
        'x-kitepost-client-ip': '6.6.6.8',
      });
      expect(session.ipAddress).toBe('203.0.113.41');
      expect(session.userAgent).toBe('Session Test Agent');
    });

    it('is the connecting address for the admin code without a session (the operator)', async () => {
      const granted = await t.app.inject({
        method: 'POST',
        url: '/api/admin/access',
        payload: { accessCode: TEST_ADMIN_CODE },
        headers: { 'x-forwarded-for': '6.6.6.6' },
        remoteAddress: '203.0.113.42',
      });
      expect(granted.statusCode).toBe(200);
      const me = (await adminMe(t.app, cookieFrom(granted))).json();
      const rows = await t.ctx.database.db.select().from(sessions).where(eq(sessions.userId, me.userId));
      expect(rows.map((row) => row.ipAddress)).toContain('203.0.113.42');
      expect(rows.map((row) => row.ipAddress)).not.toContain('6.6.6.6');
    });
  });
});

describe.each(databaseKinds)('TRUST_PROXY on %s', (kind) => {
  const apps: Record<string, TestApp> = {};
  beforeAll(async () => {
    apps.hops = await buildTestApp(kind, { TRUST_PROXY: '1' });
    apps.cidrs = await buildTestApp(kind, { TRUST_PROXY: '10.0.0.0/8,192.0.2.1' });
  });
  afterAll(async () => {
    await apps.hops?.close();
    await apps.cidrs?.close();
  });

  it('a hop count trusts exactly that many proxies', async () => {
    const t = apps.hops as TestApp;
    const account = await signUp(t.app);
    // The load balancer (10.0.0.5) appended the address it saw; what the client wrote before is not trusted.
    const session = await sessionFrom(t, account, '10.0.0.5', { 'x-forwarded-for': '6.6.6.6, 198.51.100.4' });
    expect(session.ipAddress).toBe('198.51.100.4');
  });

  it('a list of addresses and CIDRs trusts only those proxies', async () => {
    const t = apps.cidrs as TestApp;
    const account = await signUp(t.app);
    const viaProxies = await sessionFrom(t, account, '10.1.2.3', {
      'x-forwarded-for': '6.6.6.6, 198.51.100.7, 192.0.2.1',
    });
    expect(viaProxies.ipAddress).toBe('198.51.100.7');
    // A client outside the list is its own address, whatever it claims.
    const direct = await sessionFrom(t, account, '203.0.113.8', { 'x-forwarded-for': '6.6.6.6' });
    expect(direct.ipAddress).toBe('203.0.113.8');
  });
});
