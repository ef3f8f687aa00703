import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityMessages } from '../../src/contracts/account-security';
import { auditLog, outbox, sessions, users, verifications } from '../../src/server/db/schema';
import { confirmEmail, linkIn, readLatestMail, readMails } from '../factories/mail';
import { asUser } from '../factories/posts';
import { startWorkers } from '../factories/publishing';
import { cookieFrom, randomIp, signUp, uniqueEmail } from '../factories/users';
import { partOf, type SmtpFake, startSmtpFake } from '../fakes/smtp/smtp-fake';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const post = (app: FastifyInstance, url: string, payload: object, ip = randomIp(), cookie?: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip, ...(cookie ? { headers: { cookie } } : {}) });

const signIn = (app: FastifyInstance, email: string, password: string) =>
  post(app, '/api/auth/signin', { email, password });

const NEW_PASSWORD = 'a brand new passphrase';

describe.each(databaseKinds)('password reset and email verification on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  async function resetLinkFor(email: string) {
    const asked = await post(t.app, '/api/auth/forgot-password', { email });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await readLatestMail(t, email, 'Reset');
    if (!mail) throw new Error('no reset mail');
    return { mail, token: linkIn(mail.text, '/reset-password').searchParams.get('token') ?? '' };
  }

  it('answers the same for an unknown address and sends nothing to it', async () => {
    const account = await signUp(t.app);
    const known = await post(t.app, '/api/auth/forgot-password', { email: account.email });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await post(t.app, '/api/auth/forgot-password', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ success: true, message: securityMessages.resetRequested });
    expect(await readMails(t, unknownEmail)).toEqual([]);
    const mail = await readLatestMail(t, account.email, 'Reset');
    expect(mail?.subject).toBe('Reset your Kitepost password');
    expect(mail?.text).toContain('Hi Ada,');
    expect(mail?.text).toContain('The link works once, for 60 minutes.');
    expect(linkIn(mail?.text ?? '', '/reset-password').origin).toBe(TEST_APP_URL);
  });

  it('resets the password once: every session ends, the access code goes, a notice is emailed', async () => {
    const account = await signUp(t.app);
    const elsewhere = cookieFrom(await signIn(t.app, account.email, account.password));
    await db()
      .update(users)
      .set({ accessCodeHash: `hash-${account.user.id}` })
      .where(eq(users.id, account.user.id));
    const { token } = await resetLinkFor(account.email);

    const reset = await post(t.app, '/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: securityMessages.resetDone });

    expect(await db().select().from(sessions).where(eq(sessions.userId, account.user.id))).toEqual([]);
    for (const cookie of [account.cookie, elsewhere]) {
      expect((await asUser(t.app, cookie).get('/api/auth/user')).statusCode).toBe(401);
    }
    const [row] = await db().select().from(users).where(eq(users.id, account.user.id));
    // The link reached the address: it counts as confirmed.
    expect(row).toMatchObject({ accessCodeHash: null, emailVerified: true });
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(t.app, account.email, NEW_PASSWORD)).statusCode).toBe(200);

    const notice = await readLatestMail(t, account.email, 'was changed');
    expect(notice?.text).toContain('was changed with a reset link on');
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.password_reset'), eq(auditLog.targetId, account.user.id)));
    expect(audit?.after).toMatchObject({ accessCodeRevoked: true });

    // Used once: the same link again is refused, and changes nothing.
    const again = await post(t.app, '/api/auth/reset-password', { token, newPassword: 'yet another one' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(securityMessages.resetLinkInvalid);
    expect((await signIn(t.app, account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link as expired, a made-up one as invalid, and a weak password', async () => {
    const account = await signUp(t.app);
    const { token } = await resetLinkFor(account.email);

    const weak = await post(t.app, '/api/auth/reset-password', { token, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.issues).toEqual([
      expect.objectContaining({
        path: 'body.newPassword',
        message: 'Password must be at least 8 characters',
      }),
    ]);

    const forged = await post(t.app, '/api/auth/reset-password', {
      token: 'abcdefghijklmnopqrstuvwx',
      newPassword: NEW_PASSWORD,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(securityMessages.resetLinkInvalid);

    await db()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const expired = await post(t.app, '/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(securityMessages.resetLinkExpired);
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(200);

    const hostile = await post(t.app, '/api/auth/reset-password', {
      token: 'x\u0000y',
      newPassword: NEW_PASSWORD,
    });
    expect(hostile.statusCode).toBe(400);
  });

  it('makes the link last 1 hour', async () => {
    const account = await signUp(t.app);
    const before = Date.now();
    const { token } = await resetLinkFor(account.email);
    const [row] = await db()
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 5_000);
  });

  it('limits requests per email (whatever the address) and per address', async () => {
    const account = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await post(t.app, '/api/auth/forgot-password', { email: account.email })).statusCode).toBe(200);
    }
    const limited = await post(t.app, '/api/auth/forgot-password', { email: account.email });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await readMails(t, account.email, 'Reset')).toHaveLength(3);

    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await post(t.app, '/api/auth/forgot-password', { email: uniqueEmail() }, ip)).statusCode).toBe(
        200,
      );
    }
    expect((await post(t.app, '/api/auth/forgot-password', { email: uniqueEmail() }, ip)).statusCode).toBe(
      429,
    );
  });

  it('sends a confirmation link at sign-up; opening it verifies the address, signed in or not', async () => {
    const account = await signUp(t.app);
    const me = await asUser(t.app, account.cookie).get('/api/auth/user');
    expect(me.json().emailVerified).toBe(false);
    const mail = await readLatestMail(t, account.email, 'Confirm');
    expect(mail?.subject).toBe('Confirm your email address for Kitepost');
    expect(mail?.text).toContain(
      'Until then you cannot invite people to your team, and the weekly report is not sent.',
    );

    // Opened in a browser where somebody else is signed in: the token alone decides.
    const stranger = await signUp(t.app);
    const token = linkIn(mail?.text ?? '', '/verify-email').searchParams.get('token');
    const opened = await post(t.app, '/api/auth/verify-email', { token }, randomIp(), stranger.cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ success: true, message: securityMessages.emailVerified });
    expect((await asUser(t.app, account.cookie).get('/api/auth/user')).json().emailVerified).toBe(true);
    expect((await asUser(t.app, stranger.cookie).get('/api/auth/user')).json().emailVerified).toBe(false);
  });

  it('refuses a forged or tampered confirmation link with a clear 400', async () => {
    const account = await signUp(t.app);
    const mail = await readLatestMail(t, account.email, 'Confirm');
    const token = linkIn(mail?.text ?? '', '/verify-email').searchParams.get('token') ?? '';
    const [header, , signature] = token.split('.');
    const claims = Buffer.from(
      JSON.stringify({ email: 'someone@else.example', exp: 9_999_999_999 }),
    ).toString('base64url');
    for (const bad of ['not-a-token', `${header}.${claims}.${signature}`]) {
      const refused = await post(t.app, '/api/auth/verify-email', { token: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(securityMessages.verifyLinkInvalid);
    }
    expect((await asUser(t.app, account.cookie).get('/api/auth/user')).json().emailVerified).toBe(false);
  });

  it('resends the link to the signed-in user, a few times an hour, and not once confirmed', async () => {
    const account = await signUp(t.app);
    const api = asUser(t.app, account.cookie);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const sent = await api.post('/api/auth/verify-email/resend');
      expect(sent.statusCode, sent.body).toBe(200);
      answers.push(sent.json());
    }
    expect((await api.post('/api/auth/verify-email/resend')).statusCode).toBe(429);
    // Sign-up's link and the 3 resends.
    expect(await readMails(t, account.email, 'Confirm')).toHaveLength(4);

    // This server has no SMTP (the outbox sandbox): the owner is given the link itself.
    expect(answers[2]).toMatchObject({ success: true, message: securityMessages.verificationSandbox });
    const confirmUrl = new URL(answers[2].confirmUrl);
    expect(`${confirmUrl.origin}${confirmUrl.pathname}`).toBe(`${TEST_APP_URL}/verify-email`);
    const opened = await post(t.app, '/api/auth/verify-email', {
      token: confirmUrl.searchParams.get('token'),
    });
    expect(opened.statusCode).toBe(200);
    expect((await api.get('/api/auth/user')).json().emailVerified).toBe(true);

    const already = await api.post('/api/auth/verify-email/resend');
    expect(already.statusCode).toBe(400);
    expect(already.json().error.message).toBe(securityMessages.alreadyVerified);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode).toBe(
      401,
    );
  });

  it('keeps an unconfirmed account from inviting people until it confirms', async () => {
    const account = await signUp(t.app);
    const invite = () =>
      asUser(t.app, account.cookie).post('/api/team/invitations', {
        email: uniqueEmail('friend'),
        role: 'editor',
      });
    const refused = await invite();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(securityMessages.unverifiedCannotInvite);
    await confirmEmail(t, account.email);
    expect((await invite()).statusCode).toBe(201);
  });

  it('keeps the link private in the outbox: the token is stored sealed', async () => {
    const account = await signUp(t.app);
    await post(t.app, '/api/auth/forgot-password', { email: account.email });
    const { token } = await resetLinkFor(account.email);
    const rows = await db().select().from(outbox).where(like(outbox.subject, 'Reset%'));
    expect(rows.some((row) => row.textBody.includes(token))).toBe(false);
  });
});

describe('a password reset mail over real SMTP', () => {
  let smtp: SmtpFake;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpFake();
    t = await buildTestApp(
      'pglite',
      { SMTP_URL: smtp.url, MAIL_FROM: 'Kitepost <hello@kitepost.test>', JOBS_POLL_SECONDS: '0.5' },
      { role: 'all' },
    );
    await startWorkers(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is delivered by the SMTP server with a working link, read from what the server received', async () => {
    const account = await signUp(t.app);
    expect((await post(t.app, '/api/auth/forgot-password', { email: account.email })).statusCode).toBe(200);
    const received = () =>
      smtp.received.filter(
        (mail) => mail.to.includes(account.email) && mail.raw.includes('Reset your Kitepost'),
      );
    await vi.waitFor(() => expect(received()).toHaveLength(1), { timeout: 15_000, interval: 100 });
    const text = partOf(received()[0]?.raw ?? '', 'text/plain') ?? '';
    const token = linkIn(text, '/reset-password').searchParams.get('token');
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    const html = partOf(received()[0]?.raw ?? '', 'text/html') ?? '';
    expect(html).toContain(`href="${TEST_APP_URL}/reset-password?token=${token}"`);

    const reset = await post(t.app, '/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(t.app, account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('mails a new confirmation link and does not show it: the inbox is the proof', async () => {
    const account = await signUp(t.app);
    const sent = await asUser(t.app, account.cookie).post('/api/auth/verify-email/resend');
    expect(sent.json()).toEqual({ success: true, message: securityMessages.verificationSent });
    await vi.waitFor(
      () => expect(smtp.received.filter((mail) => mail.to.includes(account.email))).toHaveLength(2),
      { timeout: 15_000, interval: 100 },
    );
  });
});
