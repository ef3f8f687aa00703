import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityMessages } from '../../src/contracts/account-security';
import { accountMessages } from '../../src/contracts/settings';
import { users } from '../../src/server/db/schema';
import { linkIn, readLatestMail, readMails } from '../factories/mail';
import { asUser } from '../factories/posts';
import { randomIp, signUp, uniqueEmail } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const profile = {
  firstName: 'Grace',
  lastName: 'Hopper',
  company: 'Glow Candles',
  phone: '+49 (30) 123-4567',
};

function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    remoteAddress: randomIp(),
  });
}

describe.each(databaseKinds)('PUT /api/user/profile on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('saves the profile; a new email waits for its link, and settings and the session read it back', async () => {
    const account = await signUp(t.app);
    const api = asUser(t.app, account.cookie);
    const email = uniqueEmail('grace');
    const response = await api.put('/api/user/profile', {
      ...profile,
      firstName: '  Grace ',
      email: `  ${email.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // The address is not switched until its owner opens the link sent to it (issue 23).
    expect(body.emailChangePending).toBe(email);
    expect(body.settings).toMatchObject({ ...profile, email: account.email });
    expect(body.user).toMatchObject({ email: account.email, firstName: 'Grace', lastName: 'Hopper' });

    const settings = (await api.get('/api/user/settings')).json();
    expect(settings).toMatchObject({ ...profile, email: account.email });
    // The preferences not on this card keep their value.
    expect(settings.weeklyReports).toBe(true);
    const session = (await api.get('/api/auth/user')).json();
    expect(session).toMatchObject({ email: account.email, firstName: 'Grace', lastName: 'Hopper' });
    expect(session.workspace.role).toBe('owner');

    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row?.name).toBe('Grace Hopper');

    // Saving without changing the address sends nothing and has nothing pending.
    const again = await api.put('/api/user/profile', { ...profile, email: account.email });
    expect(again.json().emailChangePending).toBeNull();
  });

  it('switches to the new email once its link is opened: it signs in, verified; the old one no longer works', async () => {
    const account = await signUp(t.app);
    const email = uniqueEmail('moved');
    const saved = await asUser(t.app, account.cookie).put('/api/user/profile', { ...profile, email });
    expect(saved.statusCode).toBe(200);
    // Not yet: the old address still signs in, the new one does not.
    expect((await signIn(t.app, email, account.password)).statusCode).toBe(401);

    const mail = await readLatestMail(t, email);
    expect(mail?.subject).toBe('Confirm your new Kitepost email address');
    const token = linkIn(mail?.text ?? '', '/verify-email').searchParams.get('token');
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      remoteAddress: randomIp(),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().message).toBe(securityMessages.emailChanged);

    const withNew = await signIn(t.app, email, account.password);
    expect(withNew.statusCode).toBe(200);
    expect(withNew.json().user).toMatchObject({ id: account.user.id, email, emailVerified: true });
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(401);
  });

  it("keeping one's own address changes nothing; a new one is not taken over before its link", async () => {
    const account = await signUp(t.app);
    const db = t.ctx.database.db;
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, account.user.id));
    const api = asUser(t.app, account.cookie);

    expect((await api.put('/api/user/profile', { ...profile, email: account.email })).statusCode).toBe(200);
    const [kept] = await db.select().from(users).where(eq(users.id, account.user.id));
    expect(kept).toMatchObject({ email: account.email, emailVerified: true });

    expect((await api.put('/api/user/profile', { ...profile, email: uniqueEmail() })).statusCode).toBe(200);
    const [pending] = await db.select().from(users).where(eq(users.id, account.user.id));
    expect(pending).toMatchObject({ email: account.email, emailVerified: true });
  });

  it("refuses another user's email with 409, whatever its case, and changes nothing", async () => {
    const ada = await signUp(t.app);
    const grace = await signUp(t.app, { firstName: 'Grace' });
    const response = await asUser(t.app, ada.cookie).put('/api/user/profile', {
      ...profile,
      firstName: 'Changed',
      email: grace.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(accountMessages.emailTaken);
    const settings = (await asUser(t.app, ada.cookie).get('/api/user/settings')).json();
    expect(settings).toMatchObject({ email: ada.email, firstName: 'Ada', company: '' });
  });

  it('two users confirming the same new email at once: one wins, the other gets 409, never 500', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const email = uniqueEmail('contested');
    for (const user of [first, second]) {
      const saved = await asUser(t.app, user.cookie).put('/api/user/profile', { ...profile, email });
      expect(saved.statusCode).toBe(200);
    }
    const mails = await readMails(t, email);
    expect(mails).toHaveLength(2);
    const responses = await Promise.all(
      mails.map((mail) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/verify-email',
          payload: { token: linkIn(mail.text, '/verify-email').searchParams.get('token') },
          remoteAddress: randomIp(),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses bad input with 400 and the field named', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const valid = { ...profile, email: uniqueEmail() };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, phone: 'call me maybe' }, 'body.phone'],
      [{ ...valid, phone: '1'.repeat(41) }, 'body.phone'],
      [{ ...valid, email: 'not-an-email' }, 'body.email'],
      [{ ...valid, firstName: '   ' }, 'body.firstName'],
      [{ ...valid, lastName: 'x'.repeat(101) }, 'body.lastName'],
      [{ ...valid, company: 'x'.repeat(201) }, 'body.company'],
      [{ firstName: 'Only' }, 'body.lastName'],
    ];
    for (const [payload, path] of cases) {
      const response = await api.put('/api/user/profile', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        response.json().error.issues.map((issue: { path: string }) => issue.path),
        JSON.stringify(payload),
      ).toContain(path);
    }
  });

  it('refuses a signed-out caller with 401', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      payload: { ...profile, email: uniqueEmail() },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(401);
  });
});
