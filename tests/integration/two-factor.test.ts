import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityMessages } from '../../src/contracts/account-security';
import { teamMessages } from '../../src/contracts/team';
import { twoFactors, users } from '../../src/server/db/schema';
import { readMails, signUpConfirmed } from '../factories/mail';
import { asUser } from '../factories/posts';
import { addMember } from '../factories/team';
import { parseOtpauthUri, totp } from '../factories/totp';
import { cookieFrom, mergeCookies, randomIp, signUp } from '../factories/users';
import { buildTestApp, TEST_ADMIN_CODE, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const post = (app: FastifyInstance, url: string, payload: object, cookie?: string, ip = randomIp()) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip, ...(cookie ? { headers: { cookie } } : {}) });

/** The cookies a browser holds after these answers, later ones replacing earlier ones. */
const jar = (...responses: LightMyRequestResponse[]) => mergeCookies(...responses.map(cookieFrom));

describe.each(databaseKinds)('two-factor authentication on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  /** A user with two-factor on, confirmed with a code computed from the secret the app would scan. */
  async function withTwoFactor() {
    const account = await signUp(t.app);
    const enabled = await asUser(t.app, account.cookie).post('/api/user/two-factor/enable', {
      password: account.password,
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    const secret = parseOtpauthUri(totpURI);
    const verified = await asUser(t.app, account.cookie).post('/api/user/two-factor/verify', {
      code: totp(secret),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return { ...account, cookie: jar(verified), secret, backupCodes, totpURI };
  }

  const signIn = (email: string, password: string, cookie?: string) =>
    post(t.app, '/api/auth/signin', { email, password }, cookie);

  it('turns on only after the first code: the secret to scan, 10 backup codes, then the code', async () => {
    const account = await signUp(t.app);
    const api = asUser(t.app, account.cookie);
    const wrongPassword = await api.post('/api/user/two-factor/enable', { password: 'not my password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.message).toBe(securityMessages.wrongPassword);

    const enabled = await api.post('/api/user/two-factor/enable', { password: account.password });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json();
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Kitepost:${account.email}`);
    expect(uri.searchParams.get('issuer')).toBe('Kitepost');
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);

    // Not on yet: sign-in asks for no code, the session says off.
    expect((await api.get('/api/auth/user')).json().twoFactorEnabled).toBe(false);
    expect((await signIn(account.email, account.password)).json().success).toBe(true);

    const wrong = await api.post('/api/user/two-factor/verify', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(securityMessages.twoFactorWrongCode);
    const notDigits = await api.post('/api/user/two-factor/verify', { code: 'abcdef' });
    expect(notDigits.statusCode).toBe(400);

    const verified = await api.post('/api/user/two-factor/verify', { code: totp(parseOtpauthUri(totpURI)) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ twoFactorEnabled: true });
    // better-auth replaced the session: the new cookie works and says on.
    const me = await asUser(t.app, jar(verified)).get('/api/auth/user');
    expect(me.json().twoFactorEnabled).toBe(true);
    const security = await asUser(t.app, jar(verified)).get('/api/user/security');
    expect(security.json()).toMatchObject({ twoFactorEnabled: true, hasPassword: true, passkeys: [] });
    // The secret is stored sealed, not as the app shows it.
    const [row] = await db().select().from(twoFactors).where(eq(twoFactors.userId, account.user.id));
    expect(row?.secret).not.toContain(new URL(totpURI).searchParams.get('secret'));
    expect(row?.backupCodes).not.toContain(backupCodes[0]);

    const twice = await asUser(t.app, jar(verified)).post('/api/user/two-factor/enable', {
      password: account.password,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(securityMessages.twoFactorAlreadyOn);
  });

  it('asks for the code at sign-in, refuses a wrong one, and signs in with the right one', async () => {
    const account = await withTwoFactor();
    const first = await signIn(account.email, account.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: false,
      user: null,
      message: securityMessages.twoFactorRequired,
      twoFactorRequired: true,
    });
    const pending = jar(first);
    // The password alone gave no session.
    expect((await asUser(t.app, pending).get('/api/auth/user')).statusCode).toBe(401);

    const wrong = await post(t.app, '/api/auth/two-factor', { code: '123456' }, pending);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, message: securityMessages.twoFactorWrongCode });

    const right = await post(t.app, '/api/auth/two-factor', { code: totp(account.secret) }, pending);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({
      success: true,
      user: { id: account.user.id, twoFactorEnabled: true },
    });
    expect((await asUser(t.app, jar(first, right)).get('/api/auth/user')).statusCode).toBe(200);

    // The challenge is used up with the sign-in.
    const replay = await post(t.app, '/api/auth/two-factor', { code: totp(account.secret) }, pending);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(securityMessages.twoFactorExpired);
  });

  it('ends a challenge after 5 wrong codes, and answers expired without a challenge', async () => {
    const account = await withTwoFactor();
    const pending = jar(await signIn(account.email, account.password));
    for (let i = 0; i < 5; i++) {
      expect((await post(t.app, '/api/auth/two-factor', { code: `00000${i}` }, pending)).statusCode).toBe(
        401,
      );
    }
    const late = await post(t.app, '/api/auth/two-factor', { code: totp(account.secret) }, pending);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(securityMessages.twoFactorExpired);

    const none = await post(t.app, '/api/auth/two-factor', { code: totp(account.secret) });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(securityMessages.twoFactorExpired);
  });

  it('limits codes per address', async () => {
    const account = await withTwoFactor();
    const ip = randomIp();
    const pending = jar(await signIn(account.email, account.password));
    for (let i = 0; i < 10; i++) await post(t.app, '/api/auth/two-factor', { code: '999999' }, pending, ip);
    const limited = await post(t.app, '/api/auth/two-factor', { code: totp(account.secret) }, pending, ip);
    expect(limited.statusCode).toBe(429);
  });

  it('signs in with a backup code once; the same code again is refused', async () => {
    const account = await withTwoFactor();
    const [code] = account.backupCodes;
    const first = await signIn(account.email, account.password);
    const used = await post(t.app, '/api/auth/two-factor', { code }, jar(first));
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().success).toBe(true);

    const second = await signIn(account.email, account.password);
    const reused = await post(t.app, '/api/auth/two-factor', { code }, jar(second));
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(securityMessages.twoFactorWrongCode);
  });

  it('trusts this browser for 30 days when asked: its next sign-in needs no code', async () => {
    const account = await withTwoFactor();
    const first = await signIn(account.email, account.password);
    const trusted = await post(
      t.app,
      '/api/auth/two-factor',
      { code: totp(account.secret), trustDevice: true },
      jar(first),
    );
    expect(trusted.statusCode).toBe(200);
    const trustCookie = (trusted.headers['set-cookie'] as string[]).find((line) =>
      line.includes('trust_device'),
    );
    expect(trustCookie).toMatch(/Max-Age=2592000/);
    const again = await signIn(account.email, account.password, jar(first, trusted));
    expect(again.json()).toMatchObject({ success: true });
    // Another browser still needs the code.
    expect((await signIn(account.email, account.password)).json().twoFactorRequired).toBe(true);
  });

  it('refuses access-code sign-in for an account with two-factor on', async () => {
    const account = await withTwoFactor();
    const admin = await post(t.app, '/api/admin/access', { accessCode: TEST_ADMIN_CODE });
    const issued = await asUser(t.app, jar(admin)).post(`/api/admin/users/${account.user.id}/access-code`);
    expect(issued.statusCode, issued.body).toBe(200);
    const refused = await post(t.app, '/api/user/login', { accessCode: issued.json().accessCode });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, message: securityMessages.accessCodeTwoFactor });
    // The same code works for an account without two-factor (the refusal is the second factor's).
    await db().update(users).set({ twoFactorEnabled: false }).where(eq(users.id, account.user.id));
    expect((await post(t.app, '/api/user/login', { accessCode: issued.json().accessCode })).statusCode).toBe(
      200,
    );
  });

  it('turns off only with the password and a current code; sign-in then asks for none', async () => {
    const account = await withTwoFactor();
    const api = () => asUser(t.app, account.cookie);
    const noCode = await api().post('/api/user/two-factor/disable', {
      password: account.password,
      code: '000000',
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.message).toBe(securityMessages.twoFactorWrongCode);
    const badPassword = await api().post('/api/user/two-factor/disable', {
      password: 'wrong password',
      code: totp(account.secret),
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().error.message).toBe(securityMessages.wrongPassword);
    expect((await api().get('/api/auth/user')).json().twoFactorEnabled).toBe(true);

    const off = await api().post('/api/user/two-factor/disable', {
      password: account.password,
      code: totp(account.secret),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ twoFactorEnabled: false });
    expect(await db().select().from(twoFactors).where(eq(twoFactors.userId, account.user.id))).toEqual([]);
    expect((await signIn(account.email, account.password)).json().success).toBe(true);
  });

  it('makes new backup codes with the password; the old ones stop working', async () => {
    const account = await withTwoFactor();
    const fresh = await asUser(t.app, account.cookie).post('/api/user/two-factor/backup-codes', {
      password: account.password,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const { backupCodes } = fresh.json();
    expect(backupCodes).toHaveLength(10);
    const old = await post(
      t.app,
      '/api/auth/two-factor',
      { code: account.backupCodes[0] },
      jar(await signIn(account.email, account.password)),
    );
    expect(old.statusCode).toBe(401);
    const renewed = await post(
      t.app,
      '/api/auth/two-factor',
      { code: backupCodes[0] },
      jar(await signIn(account.email, account.password)),
    );
    expect(renewed.statusCode).toBe(200);
  });

  it('lets only the owner require two-factor for every member; the team and sessions show it', async () => {
    const owner = await signUpConfirmed(t);
    const admin = await addMember(t.app, owner.cookie, 'admin');
    const byAdmin = await asUser(t.app, admin.cookie).patch('/api/team/settings', { requireTwoFactor: true });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.message).toBe(teamMessages.onlyOwnerRequiresTwoFactor);

    const byOwner = await asUser(t.app, owner.cookie).patch('/api/team/settings', { requireTwoFactor: true });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json().workspace.requireTwoFactor).toBe(true);
    expect(byOwner.json().members.map((m: { twoFactorEnabled: boolean }) => m.twoFactorEnabled)).toEqual([
      false,
      false,
    ]);
    const member = (await asUser(t.app, admin.cookie).get('/api/auth/user')).json();
    expect(member).toMatchObject({ twoFactorEnabled: false, workspace: { requireTwoFactor: true } });
    const security = (await asUser(t.app, admin.cookie).get('/api/user/security')).json();
    expect(security.twoFactorRequiredByWorkspace).toBe(true);
    expect((await asUser(t.app, owner.cookie).patch('/api/team/settings', {})).statusCode).toBe(400);
  });

  it('emails the owner when a browser signs in for the first time, once per browser', async () => {
    const account = await signUp(t.app);
    const notices = () => readMails(t, account.email, 'New sign-in');
    expect(await notices()).toHaveLength(0);
    const elsewhere = await signIn(account.email, account.password);
    expect(elsewhere.json().success).toBe(true);
    const [notice] = await notices();
    expect(notice?.text).toContain('from a browser it had not been used from before');
    expect(notice?.text).toMatch(/From: address 10\.\d+\.\d+\.\d+\./);
    // The same browser again (its device cookie): no second email.
    await signIn(account.email, account.password, jar(elsewhere));
    expect(await notices()).toHaveLength(1);
    // The browser it signed up in is known too.
    await signIn(account.email, account.password, account.cookie);
    expect(await notices()).toHaveLength(1);
  });
});
