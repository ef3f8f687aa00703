import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOutboxList } from '../../src/contracts/admin';
import type { SessionUser } from '../../src/contracts/auth';
import { createSmtpMailSender } from '../../src/server/integrations/mail/smtp-mail-sender';
import type { JobQueue } from '../../src/server/jobs/job-queue';
import { grantAdminAccess } from '../factories/admin-access';
import { asUser } from '../factories/posts';
import { invite } from '../factories/team';
import { randomIp, signUp, uniqueEmail } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** A loopback port nobody listens on: the SMTP server is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(databaseKinds)('the admin outbox on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    admin.cookie = await grantAdminAccess(t.app, admin.cookie);
  });
  afterAll(() => t.close());

  const outboxPage = async (query: string): Promise<AdminOutboxList> => {
    const response = await asUser(t.app, admin.cookie).get(`/api/admin/outbox${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('shows every email newest first, a page at a time, with its attempts and without secrets', async () => {
    const ada = await signUp(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const invitation = await invite(t.app, ada.cookie, 'editor');

    // A message whose one try failed, as the SMTP sender records it.
    const jobs: JobQueue & { ids: string[] } = {
      ids: [],
      async send(_name, payload) {
        jobs.ids.push((payload as { outboxId: string }).outboxId);
        return null;
      },
      async cancel() {},
    };
    const down = createSmtpMailSender({
      smtpUrl: `smtp://mailer:pw@127.0.0.1:${await closedPort()}`,
      from: 'Kitepost <mail@kitepost.test>',
      db: t.ctx.database.db,
      jobs,
      cipher: t.ctx.tokenCipher,
      log: { warn: vi.fn() },
    });
    const failedTo = uniqueEmail('relay-down');
    await down.send({ to: failedTo, subject: 'Retried later', text: 'Try again.' });
    await expect(down.deliver(jobs.ids[0] ?? '')).rejects.toThrow();

    const newest = await outboxPage('?limit=1');
    expect(newest.total).toBeGreaterThanOrEqual(2);
    expect(newest.messages).toHaveLength(1);
    expect(newest.messages[0]).toMatchObject({
      to: failedTo,
      subject: 'Retried later',
      text: 'Try again.',
      transport: 'smtp',
      status: 'queued',
      sentAt: null,
      attempts: [{ attempt: 1, status: 'failed', error: expect.stringMatching(/ECONNREFUSED/) }],
    });
    expect(newest.messages[0]?.error).toMatch(/ECONNREFUSED/);

    const next = await outboxPage('?limit=1&offset=1');
    expect(next.messages[0]).toMatchObject({
      to: invitation.email,
      subject: `Ada invited you to ${(ada.user as SessionUser).workspace.name} on Kitepost`,
      transport: 'outbox',
      status: 'kept',
      attempts: [],
    });
    expect(next.messages[0]?.text).toContain(`Accept the invitation: ${TEST_APP_URL}/invite/[hidden-1]`);
    const everything = JSON.stringify(await outboxPage('?limit=100'));
    expect(everything).not.toContain(invitation.token);
    expect(everything).not.toContain('secretsSealed');
  });

  it('answers 401 signed out, 403 to a user who is not an admin, 400 to a bad page', async () => {
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      remoteAddress: randomIp(),
    });
    expect(signedOut.statusCode).toBe(401);
    const someone = await signUp(t.app);
    const refused = await asUser(t.app, someone.cookie).get('/api/admin/outbox');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.body).not.toContain('@');
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc']) {
      const bad = await asUser(t.app, admin.cookie).get(`/api/admin/outbox${query}`);
      expect(bad.statusCode, query).toBe(400);
    }
  });
});
