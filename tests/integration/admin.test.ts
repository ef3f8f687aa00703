import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../src/server/db/schema';
import { issueAccessCode } from '../../src/server/modules/users/users.service';
import { cookieFrom, randomIp, signUp } from '../factories/users';
import { buildTestApp, TEST_ADMIN_CODE, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('admin gate on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const access = (accessCode: string, cookie?: string, remoteAddress = randomIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/access',
      payload: { accessCode },
      headers: cookie ? { cookie } : {},
      remoteAddress,
    });
  const adminMe = (cookie?: string) =>
    t.app.inject({ url: '/api/admin/me', headers: cookie ? { cookie } : {} });

  it('answers 401 signed out and 403 to a signed-in user without admin access', async () => {
    expect((await adminMe()).statusCode).toBe(401);
    const { cookie } = await signUp(t.app);
    expect((await adminMe(cookie)).statusCode).toBe(403);
  });

  it('guards every route of the subtree, including ones that do not exist yet', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({ url: '/api/admin/users', headers: { cookie } });
    expect([403, 404]).toContain(response.statusCode);
    expect(response.statusCode).not.toBe(200);
  });

  it('a right code gives the signed-in user a new admin session; the user stays who they are', async () => {
    const account = await signUp(t.app);
    const granted = await access(TEST_ADMIN_CODE, account.cookie);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ success: true, message: 'Admin access granted' });
    const cookie = cookieFrom(granted);
    const me = await adminMe(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ isAdmin: true, userId: account.user.id });
    const user = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(user.json()).toMatchObject({ id: account.user.id, isAdmin: true });
  });

  it('admin access belongs to that session only', async () => {
    const account = await signUp(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: account.email, password: account.password },
      remoteAddress: randomIp(),
    });
    await access(TEST_ADMIN_CODE, account.cookie);
    expect((await adminMe(cookieFrom(other))).statusCode).toBe(403);
  });

  it('a right code with nobody signed in signs in the operator account', async () => {
    const granted = await access(TEST_ADMIN_CODE);
    expect(granted.statusCode).toBe(200);
    const cookie = cookieFrom(granted);
    expect(cookie).toMatch(/kitepost\.session_token=/);
    const me = await adminMe(cookie);
    expect(me.statusCode).toBe(200);
    const [operator] = await t.ctx.database.db.select().from(users).where(eq(users.id, me.json().userId));
    expect(operator).toMatchObject({ isSystem: true, role: 'admin' });
  });

  it('the operator account has no access code, and one given to it is refused', async () => {
    const granted = await access(TEST_ADMIN_CODE);
    const me = await adminMe(cookieFrom(granted));
    const [operator] = await t.ctx.database.db.select().from(users).where(eq(users.id, me.json().userId));
    expect(operator?.accessCodeHash).toBeNull();
    // As if an older install had given it one.
    const code = await issueAccessCode(t.ctx.database.db, t.ctx.accessCodes, String(operator?.id));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { accessCode: code },
      remoteAddress: randomIp(),
    });
    expect(login.statusCode).toBe(401);
  });

  it('a wrong code is refused, grants nothing and is audited', async () => {
    const account = await signUp(t.app);
    const refused = await access('not-the-code', account.cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ success: false, message: 'Invalid access code' });
    expect((await adminMe(account.cookie)).statusCode).toBe(403);
    const rows = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorUserId, account.user.id));
    expect(rows.map((row) => row.action)).toContain('admin.access_denied');
  });

  it('users with role admin are admins without a code', async () => {
    const account = await signUp(t.app);
    await t.ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, account.user.id));
    expect((await adminMe(account.cookie)).statusCode).toBe(200);
  });

  it('rate limits admin codes: 429 with Retry-After after 5 tries', async () => {
    const remoteAddress = randomIp();
    for (let i = 0; i < 5; i++)
      expect((await access('wrong', undefined, remoteAddress)).statusCode).toBe(401);
    const limited = await access(TEST_ADMIN_CODE, undefined, remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 400 to a malformed body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/access',
      payload: { code: '1234' },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].path).toBe('body.accessCode');
  });
});
