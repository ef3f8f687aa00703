import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/contracts/auth';
import { outbox, users } from '../../src/server/db/schema';
import { confirmEmail, signUpConfirmed } from '../factories/mail';
import { asUser } from '../factories/posts';
import { addMember } from '../factories/team';
import { signUp, uniqueEmail } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const PER_HOUR = 20;
const byPerson = /^Invitations are limited to 20 an hour per person\. Try again in \d+ minutes?\.$/;
const byWorkspace = /^Invitations are limited to 20 an hour per workspace\. Try again in \d+ minutes?\.$/;

/** Issue 18 §4: invitations are rate limited, and the email shows the inviter's name as plain text. */
describe.each(databaseKinds)('invitation limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  const inviteAs = (cookie: string, email = uniqueEmail('invitee')) =>
    asUser(t.app, cookie).post('/api/team/invitations', { email, role: 'editor' });
  async function sendMany(cookie: string, count: number) {
    for (let i = 0; i < count; i++) {
      const response = await inviteAs(cookie);
      expect(response.statusCode, response.body).toBe(201);
    }
  }

  it('refuses the 21st invitation of an hour from one inviter with a clear 429 and Retry-After', async () => {
    const ada = await signUpConfirmed(t);
    await sendMany(ada.cookie, PER_HOUR);
    const refused = await inviteAs(ada.cookie);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.message).toMatch(byPerson);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('counts sends, not rows: invite, revoke, invite again of one address counts every send', async () => {
    const ada = await signUpConfirmed(t);
    const email = uniqueEmail('again');
    for (let i = 0; i < PER_HOUR; i++) {
      const sent = await inviteAs(ada.cookie, email);
      expect(sent.statusCode, sent.body).toBe(201);
      const revoked = await asUser(t.app, ada.cookie).delete(`/api/team/invitations/${sent.json().id}`);
      expect(revoked.statusCode).toBe(204);
    }
    const refused = await inviteAs(ada.cookie, email);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(await db().select().from(outbox).where(eq(outbox.toAddress, email))).toHaveLength(PER_HOUR);
  });

  it('limits a workspace whatever the number of its managers', async () => {
    const owner = await signUpConfirmed(t);
    const admin = await addMember(t.app, owner.cookie, 'admin');
    await confirmEmail(t, admin.email);
    // addMember sent one invitation of the workspace already.
    await sendMany(owner.cookie, PER_HOUR / 2 - 1);
    await sendMany(admin.cookie, PER_HOUR / 2);
    const refused = await inviteAs(owner.cookie);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.message).toMatch(byWorkspace);
  });

  it('limits an inviter across the workspaces they manage', async () => {
    const other = await signUpConfirmed(t);
    const ada = await addMember(t.app, other.cookie, 'admin');
    await confirmEmail(t, ada.email);
    await sendMany(ada.cookie, PER_HOUR / 2);
    const own = (ada.user as unknown as SessionUser).workspace.id;
    await db().update(users).set({ activeWorkspaceId: own }).where(eq(users.id, ada.userId));
    await sendMany(ada.cookie, PER_HOUR / 2);
    const refused = await inviteAs(ada.cookie);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.message).toMatch(byPerson);
    // Another manager of the first workspace still invites: it has sent only eleven.
    expect((await inviteAs(other.cookie)).statusCode).toBe(201);
  });

  it("shows the inviter's name as plain text, truncated, never as a link or HTML", async () => {
    const evil = await signUpConfirmed(t, {
      firstName: '<a href="https://evil.example/claim">Claim your prize</a>',
      lastName: `at www.evil.example or mail win@evil.example ${'x'.repeat(50)}`,
    });
    const email = uniqueEmail('target');
    expect((await inviteAs(evil.cookie, email)).statusCode).toBe(201);
    const [mail] = await db().select().from(outbox).where(eq(outbox.toAddress, email));
    if (!mail?.htmlBody) throw new Error('no invitation email');

    for (const part of [mail.subject, mail.textBody, mail.htmlBody]) {
      // No address survives whole for a mail client to turn into a link.
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('https://evil');
      expect(part).not.toContain('www.evil');
    }
    expect(mail.htmlBody).not.toContain('<a href="https://evil');
    expect(mail.htmlBody).toContain('&lt;a href=&quot;');
    // Read without the zero-width spaces, the name is the first 59 characters and an ellipsis.
    const fullName = `${evil.firstName} ${evil.lastName}`;
    const shown = `${fullName.slice(0, 59).trimEnd()}…`;
    expect(mail.textBody.replaceAll('\u200b', '')).toContain(`${shown} invited you to join the workspace`);
    expect(mail.textBody).not.toContain('x'.repeat(50));
  });
});
