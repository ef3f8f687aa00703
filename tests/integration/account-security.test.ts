import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/contracts/settings';
import { accounts, auditLog } from '../../src/server/db/schema';
import { asUser } from '../factories/posts';
import { cookieFrom, randomIp, signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

async function signIn(app: FastifyInstance, email: string, password: string, userAgent = 'Test Browser') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: randomIp(),
  });
  return { response, cookie: cookieFrom(response) };
}

const whoAmI = (app: FastifyInstance, cookie: string) => asUser(app, cookie).get('/api/auth/user');

describe.each(databaseKinds)('password and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  describe('POST /api/user/password', () => {
    it('refuses a wrong current password with 400 and keeps the old one', async () => {
      const account = await signUp(t.app);
      const response = await asUser(t.app, account.cookie).post('/api/user/password', {
        currentPassword: 'not my password',
        newPassword: 'a brand new secret',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(accountMessages.wrongPassword);
      expect((await signIn(t.app, account.email, account.password)).response.statusCode).toBe(200);
    });

    it('changes the password: the new one signs in, the old one no longer does; audited', async () => {
      const account = await signUp(t.app);
      const response = await asUser(t.app, account.cookie).post('/api/user/password', {
        currentPassword: account.password,
        newPassword: 'a brand new secret',
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await signIn(t.app, account.email, 'a brand new secret')).response.statusCode).toBe(200);
      expect((await signIn(t.app, account.email, account.password)).response.statusCode).toBe(401);
      // This browser's session simply goes on.
      expect((await whoAmI(t.app, account.cookie)).statusCode).toBe(200);
      const entries = await t.ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, account.user.id), eq(auditLog.action, 'user.password_changed')));
      expect(entries).toHaveLength(1);
    });

    it('signOutOtherSessions ends the other sessions and keeps this browser signed in', async () => {
      const account = await signUp(t.app);
      const laptop = await signIn(t.app, account.email, account.password, 'Laptop');
      const phone = await signIn(t.app, account.email, account.password, 'Phone');
      const response = await asUser(t.app, account.cookie).post('/api/user/password', {
        currentPassword: account.password,
        newPassword: 'a brand new secret',
        signOutOtherSessions: true,
      });
      expect(response.statusCode).toBe(204);
      expect((await whoAmI(t.app, laptop.cookie)).statusCode).toBe(401);
      expect((await whoAmI(t.app, phone.cookie)).statusCode).toBe(401);
      // The very cookie this browser had still works (no new session was needed).
      expect((await whoAmI(t.app, account.cookie)).statusCode).toBe(200);
      const list = (await asUser(t.app, account.cookie).get('/api/user/sessions')).json();
      expect(list.sessions).toHaveLength(1);
      expect(list.sessions[0].current).toBe(true);
    });

    it('by default the other sessions are signed out; this browser stays signed in', async () => {
      const account = await signUp(t.app);
      const laptop = await signIn(t.app, account.email, account.password);
      const response = await asUser(t.app, account.cookie).post('/api/user/password', {
        currentPassword: account.password,
        newPassword: 'a brand new secret',
      });
      expect(response.statusCode).toBe(204);
      expect((await whoAmI(t.app, laptop.cookie)).statusCode).toBe(401);
      expect((await whoAmI(t.app, account.cookie)).statusCode).toBe(200);
    });

    it('with signOutOtherSessions: false the other sessions go on', async () => {
      const account = await signUp(t.app);
      const laptop = await signIn(t.app, account.email, account.password);
      await asUser(t.app, account.cookie).post('/api/user/password', {
        currentPassword: account.password,
        newPassword: 'a brand new secret',
        signOutOtherSessions: false,
      });
      expect((await whoAmI(t.app, laptop.cookie)).statusCode).toBe(200);
    });

    it('refuses a too short new password with 400, naming the field', async () => {
      const account = await signUp(t.app);
      const response = await asUser(t.app, account.cookie).post('/api/user/password', {
        currentPassword: account.password,
        newPassword: 'short',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues[0].path).toBe('body.newPassword');
    });

    it('answers 409 to a user who signs in only through a provider (no password)', async () => {
      const account = await signUp(t.app);
      await t.ctx.database.db
        .delete(accounts)
        .where(and(eq(accounts.userId, account.user.id), eq(accounts.providerId, 'credential')));
      const response = await asUser(t.app, account.cookie).post('/api/user/password', {
        currentPassword: account.password,
        newPassword: 'a brand new secret',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(accountMessages.noPassword);
      expect((await asUser(t.app, account.cookie).get('/api/user/sessions')).json().hasPassword).toBe(false);
    });

    it('limits attempts per user: the sixth within 15 minutes is a 429, even from another address', async () => {
      const account = await signUp(t.app);
      const attempt = () =>
        asUser(t.app, account.cookie).post('/api/user/password', {
          currentPassword: 'guess',
          newPassword: 'a brand new secret',
        });
      for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(400);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another user is not affected.
      const other = await signUp(t.app);
      const theirs = await asUser(t.app, other.cookie).post('/api/user/password', {
        currentPassword: 'guess',
        newPassword: 'a brand new secret',
      });
      expect(theirs.statusCode).toBe(400);
    });
  });

  describe('GET /api/user/sessions and POST /api/user/sessions/revoke-others', () => {
    it("lists the user's live sessions, this one flagged, newest activity first", async () => {
      const account = await signUp(t.app);
      const laptop = await signIn(t.app, account.email, account.password, 'Laptop Browser');
      const stranger = await signUp(t.app);
      const response = await asUser(t.app, laptop.cookie).get('/api/user/sessions');
      expect(response.statusCode).toBe(200);
      const { sessions, hasPassword } = response.json();
      expect(hasPassword).toBe(true);
      expect(sessions).toHaveLength(2);
      const current = sessions.filter((s: { current: boolean }) => s.current);
      expect(current).toHaveLength(1);
      expect(current[0].userAgent).toBe('Laptop Browser');
      expect(sessions[0].id).toBe(current[0].id);
      for (const session of sessions) {
        expect(Date.parse(session.createdAt)).not.toBeNaN();
        expect(Date.parse(session.lastActiveAt)).not.toBeNaN();
      }
      // Another user's sessions never show.
      const theirs = (await asUser(t.app, stranger.cookie).get('/api/user/sessions')).json().sessions;
      expect(theirs).toHaveLength(1);
      expect(theirs[0].id).not.toBe(current[0].id);
    });

    it('signs out every other session and keeps this one', async () => {
      const account = await signUp(t.app);
      const laptop = await signIn(t.app, account.email, account.password);
      const phone = await signIn(t.app, account.email, account.password);
      const stranger = await signUp(t.app);
      const response = await asUser(t.app, laptop.cookie).post('/api/user/sessions/revoke-others');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ signedOut: 2 });
      expect((await whoAmI(t.app, account.cookie)).statusCode).toBe(401);
      expect((await whoAmI(t.app, phone.cookie)).statusCode).toBe(401);
      expect((await whoAmI(t.app, laptop.cookie)).statusCode).toBe(200);
      expect((await whoAmI(t.app, stranger.cookie)).statusCode).toBe(200);
      const again = await asUser(t.app, laptop.cookie).post('/api/user/sessions/revoke-others');
      expect(again.json()).toEqual({ signedOut: 0 });
    });

    it('refuses a signed-out caller with 401', async () => {
      for (const [method, url] of [
        ['GET', '/api/user/sessions'],
        ['POST', '/api/user/sessions/revoke-others'],
        ['POST', '/api/user/password'],
      ] as const) {
        const response = await t.app.inject({ method, url, remoteAddress: randomIp(), payload: {} });
        expect(response.statusCode, url).toBe(401);
      }
    });
  });
});
