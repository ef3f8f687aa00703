import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox } from '../../src/server/db/schema';
import { randomIp, signUp, uniqueEmail } from '../factories/users';
import { buildTestApp, TEST_ADMIN_CODE, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** Issue 18, item 3: sign-in limits per account as well as per address; successes never count. */
describe.each(databaseKinds)('sign-in limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, remoteAddress = randomIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress });
  const mailTo = (email: string) =>
    t.ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, email));

  it('10 failed passwords for one email, from any addresses, lock that email; the owner is emailed once', async () => {
    const account = await signUp(t.app, { firstName: 'Ada' });
    // Each guess from its own address: the per-address limit never sees more than one.
    for (let i = 0; i < 10; i++) expect((await signIn(account.email, `wrong ${i}`)).statusCode).toBe(401);
    const locked = await signIn(account.email, 'wrong again');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(
      /^Too many failed sign-ins for this account\. Try again in \d+ minutes\.$/,
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Even the right password, from a fresh address, waits.
    expect((await signIn(account.email, account.password)).statusCode).toBe(429);
    // Another account is not touched.
    const other = await signUp(t.app);
    expect((await signIn(other.email, other.password)).statusCode).toBe(200);

    // Sign-up also sent the address a confirmation link: the lockout notices are the rest.
    const mails = (await mailTo(account.email)).filter((mail) => !mail.subject.startsWith('Confirm'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Too many failed sign-ins to your Kitepost account' });
    expect(mails[0]?.textBody).toContain('Hi Ada,');
    expect(mails[0]?.textBody).toContain('paused for 15 minutes');
    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in_locked'), eq(auditLog.targetId, account.user.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ scope: 'account', email: account.email });
  });

  it('an unknown email locks the same way (nothing to learn from it), and nobody is emailed', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 10; i++) expect((await signIn(email, `guess ${i}`)).statusCode).toBe(401);
    const locked = await signIn(email, 'guess');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(/^Too many failed sign-ins for this account/);
    expect(await mailTo(email)).toEqual([]);
  });

  it('successful sign-ins count toward no limit: not per address, not per account', async () => {
    const account = await signUp(t.app);
    const address = randomIp();
    for (let i = 0; i < 12; i++) {
      expect((await signIn(account.email, account.password, address)).statusCode, `sign-in ${i + 1}`).toBe(
        200,
      );
    }
    // Failures from that address still count from zero.
    for (let i = 0; i < 10; i++) expect((await signIn(account.email, 'wrong', address)).statusCode).toBe(401);
    expect((await signIn(account.email, 'wrong', address)).statusCode).toBe(429);
  });

  it('successful admin codes do not count either; failures do', async () => {
    const address = randomIp();
    const admin = (accessCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/access',
        payload: { accessCode },
        remoteAddress: address,
      });
    for (let i = 0; i < 7; i++) expect((await admin(TEST_ADMIN_CODE)).statusCode, `grant ${i + 1}`).toBe(200);
    for (let i = 0; i < 5; i++) expect((await admin('not-the-code')).statusCode).toBe(401);
    expect((await admin('not-the-code')).statusCode).toBe(429);
    expect((await admin(TEST_ADMIN_CODE)).statusCode).toBe(429);
  });
});
