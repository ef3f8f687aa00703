import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/contracts/admin';
import { authMessages } from '../../src/contracts/auth';
import { loadConfig } from '../../src/server/config';
import { auditLog, users } from '../../src/server/db/schema';
import { seedDemoUsers } from '../../src/server/modules/demo/demo-users.service';
import { issueAccessCode } from '../../src/server/modules/users/users.service';
import { grantAdminAccess } from '../factories/admin-access';
import { asUser } from '../factories/posts';
import { cookieFrom, randomIp, signUp, uniqueEmail } from '../factories/users';
import { buildTestApp, TEST_ADMIN_CODE, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** Issue 18, item 1: an access code exists only where someone chose it, and cannot be guessed at scale. */
describe.each(databaseKinds)('access codes on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await signUp(t.app, { firstName: 'Grace' });
    admin.cookie = await grantAdminAccess(t.app, admin.cookie);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const asAdmin = () => asUser(t.app, admin.cookie);
  const login = (accessCode: string, remoteAddress = randomIp()) =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload: { accessCode }, remoteAddress });
  const rowOf = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
  const createUser = async (hasAccessCode: boolean) => {
    const response = await asAdmin().post('/api/admin/users', {
      email: uniqueEmail('coded'),
      firstName: 'Coded',
      hasAccessCode,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('a sign-up has no code: nothing to guess', async () => {
    const account = await signUp(t.app);
    expect((await rowOf(account.user.id))?.accessCodeHash).toBeNull();
  });

  it('an admin who ticks "can sign in with an access code" gets the code once; only its keyed hash is kept', async () => {
    const created = await createUser(true);
    expect(created).toMatchObject({
      hasAccessCode: true,
      accessCode: expect.stringMatching(/^[2-9A-Z]{4}$/),
    });
    const row = await rowOf(created.id);
    expect(row?.accessCodeHash).toBe(t.ctx.accessCodes.hash(created.accessCode));
    expect(row?.accessCodeHash).not.toContain(created.accessCode);

    // The list shows that there is a code, never the code.
    const list = await asAdmin().get(`/api/admin/users?search=${encodeURIComponent(created.email)}`);
    expect(list.json()).toEqual([expect.objectContaining({ id: created.id, hasAccessCode: true })]);
    expect(list.body).not.toContain(created.accessCode);
    // Nor does the audit log.
    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(JSON.stringify(entries)).not.toContain(`"${created.accessCode}"`);

    const signedIn = await login(created.accessCode.toLowerCase());
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(created.id);
  });

  it('Regenerate answers a new code once; the old one stops working. Edit can give or take a code', async () => {
    const created = await createUser(true);
    const regenerated = await asAdmin().post(`/api/admin/users/${created.id}/access-code`);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const { accessCode } = regenerated.json();
    expect(accessCode).toMatch(/^[2-9A-Z]{4}$/);
    expect((await login(created.accessCode)).statusCode).toBe(401);
    expect((await login(accessCode)).statusCode).toBe(200);
    const [issued] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, 'admin.access_code_issued')));
    expect(issued).toMatchObject({ actorUserId: admin.user.id, after: { hasAccessCode: true } });

    const { accessCode: _shown, ...view } = created;
    const off = await asAdmin().put(`/api/admin/users/${created.id}`, { ...view, hasAccessCode: false });
    expect(off.json()).toMatchObject({ hasAccessCode: false, accessCode: null });
    expect((await login(accessCode)).statusCode).toBe(401);

    const on = await asAdmin().put(`/api/admin/users/${created.id}`, { ...view, hasAccessCode: true });
    expect(on.json()).toMatchObject({
      hasAccessCode: true,
      accessCode: expect.stringMatching(/^[2-9A-Z]{4}$/),
    });
    expect((await login(on.json().accessCode)).statusCode).toBe(200);
    // Sending the view back as it is changes nothing and shows no code.
    const same = await asAdmin().put(`/api/admin/users/${created.id}`, { ...view, hasAccessCode: true });
    expect(same.json()).toMatchObject({ hasAccessCode: true, accessCode: null });
    expect((await login(on.json().accessCode)).statusCode).toBe(200);

    expect((await asAdmin().post('/api/admin/users/no-such-user/access-code')).statusCode).toBe(404);
    // Only an admin session may issue codes.
    const member = await signUp(t.app);
    expect(
      (await asUser(t.app, member.cookie).post(`/api/admin/users/${created.id}/access-code`)).statusCode,
    ).toBe(403);
  });

  it('a password change takes the code away', async () => {
    const account = await signUp(t.app);
    const issued = await asAdmin().post(`/api/admin/users/${account.user.id}/access-code`);
    const { accessCode } = issued.json();
    expect((await login(accessCode)).statusCode).toBe(200);
    const changed = await asUser(t.app, account.cookie).post('/api/user/password', {
      currentPassword: account.password,
      newPassword: 'a brand new password',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await rowOf(account.user.id))?.accessCodeHash).toBeNull();
    const [changedEntry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, account.user.id), eq(auditLog.action, 'user.password_changed')));
    expect(changedEntry?.after).toMatchObject({ accessCodeRevoked: true });
    const refused = await login(accessCode);
    expect([refused.statusCode, refused.json().message]).toEqual([401, authMessages.accessCodeRefused]);
  });

  it('per address, only failures count, and the lockout is audited once', async () => {
    const created = await createUser(true);
    const address = randomIp();
    for (let i = 0; i < 12; i++) expect((await login(created.accessCode, address)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login('ZZZZ', address)).statusCode).toBe(401);
    const locked = await login('ZZZZ', address);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(created.accessCode, address)).statusCode).toBe(429);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.access_code_locked'), eq(auditLog.ipAddress, address)));
    expect(audits).toHaveLength(1);
  });

  it('the operator cannot be given a code', async () => {
    const granted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/access',
      payload: { accessCode: TEST_ADMIN_CODE },
      remoteAddress: randomIp(),
    });
    const me = await t.app.inject({ url: '/api/admin/me', headers: { cookie: cookieFrom(granted) } });
    const operatorId = me.json().userId;
    const refused = await asAdmin().post(`/api/admin/users/${operatorId}/access-code`);
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, adminMessages.systemUserCode]);
  });
});

describe.each(databaseKinds)('distributed code guessing on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('over 50 failures a minute from all addresses pauses code sign-in for 5 minutes, audited once', async () => {
    const account = await signUp(t.app);
    const code = await issueAccessCode(t.ctx.database.db, t.ctx.accessCodes, account.user.id);
    const login = (accessCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { accessCode },
        remoteAddress: randomIp(),
      });

    // A success from the crowd does not count either.
    expect((await login(code)).statusCode).toBe(200);
    // Each guess from a new address: the per-address limit never sees more than one.
    for (let i = 0; i < 50; i++) {
      const guess = `Z${String(i).padStart(3, '0')}`;
      expect((await login(guess)).statusCode).toBe(401);
    }
    const paused = await login('ZZZZ');
    expect(paused.statusCode).toBe(429);
    expect(paused.json().error.message).toMatch(/^Access code sign-in is paused for 5 minutes/);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(240);
    // The right code from a fresh address is refused too: no guess gets through while paused.
    expect((await login(code)).statusCode).toBe(429);
    // Passwords still work.
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: account.email, password: account.password },
      remoteAddress: randomIp(),
    });
    expect(password.statusCode).toBe(200);
    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.access_code_paused'));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ scope: 'everyone', minutes: 5 });
  });
});

describe.each(databaseKinds)('ACCESS_CODES=off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ACCESS_CODES: 'off' });
  });
  afterAll(() => t.close());

  it('POST /api/user/login answers 404 with a clear message, and /api/auth/methods says so', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { accessCode: 'ABCD' },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, user: null, message: authMessages.accessCodesOff });
    const methods = await t.app.inject({ url: '/api/auth/methods' });
    expect(methods.json()).toEqual({ accessCodes: false, passkeys: true });
  });

  it('a code issued while codes were on does not sign in, and the admin cannot issue new ones', async () => {
    const account = await signUp(t.app);
    const code = await issueAccessCode(t.ctx.database.db, t.ctx.accessCodes, account.user.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { accessCode: code },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['set-cookie']).toBeUndefined();

    const admin = await signUp(t.app);
    const create = await asUser(t.app, await grantAdminAccess(t.app, admin.cookie)).post('/api/admin/users', {
      email: uniqueEmail(),
      firstName: 'No',
      hasAccessCode: true,
    });
    expect([create.statusCode, create.json().error.message]).toEqual([409, adminMessages.accessCodesOff]);
  });
});

describe('ACCESS_CODES defaults', () => {
  const production = {
    NODE_ENV: 'production',
    APP_URL: 'https://app.example.com',
    SESSION_SECRET: 'x'.repeat(40),
    TOKEN_ENCRYPTION_KEY: 'y'.repeat(40),
  };
  it('is off in production and on elsewhere unless set', () => {
    expect(loadConfig(production).accessCodes).toBe(false);
    expect(loadConfig({ ...production, ACCESS_CODES: 'on' }).accessCodes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).accessCodes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', ACCESS_CODES: 'off' }).accessCodes).toBe(false);
    expect(() => loadConfig({ ACCESS_CODES: 'maybe' })).toThrow(/ACCESS_CODES/);
  });
});

describe('demo users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  it('keep their codes across restarts (plain in DATA_DIR, hashed in the database) and get new ones when the list is gone', async () => {
    const first = await seedDemoUsers(t.ctx);
    expect(first).toHaveLength(4);
    const file = join(t.config.dataDir, 'demo-users.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    const again = await seedDemoUsers(t.ctx);
    expect(again.map((u) => u.accessCode)).toEqual(first.map((u) => u.accessCode));
    for (const demo of again) {
      const [row] = await t.ctx.database.db.select().from(users).where(eq(users.email, demo.email));
      expect(row?.accessCodeHash).toBe(t.ctx.accessCodes.hash(demo.accessCode));
    }
    const [olivia] = again;
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { accessCode: String(olivia?.accessCode) },
      remoteAddress: randomIp(),
    });
    expect(signedIn.json().user.email).toBe(olivia?.email);

    // After the 0016 migration (no codes in the database) or with the list gone: new codes.
    rmSync(file);
    expect(existsSync(file)).toBe(false);
    const reissued = await seedDemoUsers(t.ctx);
    expect(reissued.map((u) => u.email)).toEqual(first.map((u) => u.email));
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { accessCode: String(olivia?.accessCode) },
      remoteAddress: randomIp(),
    });
    if (reissued[0]?.accessCode !== olivia?.accessCode) expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { accessCode: String(reissued[0]?.accessCode) },
      remoteAddress: randomIp(),
    });
    expect(fresh.statusCode).toBe(200);
  });
});
