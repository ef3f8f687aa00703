import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../../src/server/db/schema';
import { describeMail } from '../../src/server/integrations/mail/create-mail-sender';
import type { MailSender } from '../../src/server/integrations/mail/mail-sender';
import { createOutboxMailSender } from '../../src/server/integrations/mail/outbox-mail-sender';
import { createSmtpMailSender } from '../../src/server/integrations/mail/smtp-mail-sender';
import { notifyWorkspace } from '../../src/server/modules/notifications/notifications.service';
import { signUp, uniqueEmail } from '../factories/users';
import { headerOf, partOf, type SmtpFake, startSmtpFake } from '../fakes/smtp/smtp-fake';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const FROM = 'Kitepost Alerts <alerts@kitepost.test>';

/** A loopback port nobody listens on: the SMTP server is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(databaseKinds)('SMTP mail on %s', (kind) => {
  let smtp: SmtpFake;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpFake();
    t = await buildTestApp(kind, { SMTP_URL: smtp.url, MAIL_FROM: FROM });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const db = () => t.ctx.database.db;
  const outboxFor = (to: string) => db().select().from(outbox).where(eq(outbox.toAddress, to));
  const receivedBy = (to: string) => smtp.received.filter((mail) => mail.to.includes(to));

  it('is chosen by SMTP_URL and reported as a real adapter', () => {
    expect(t.ctx.mail.kind).toBe('smtp');
    expect(describeMail(t.ctx.mail)).toEqual({ adapter: 'smtp', sandbox: false });
  });

  it('delivers the message to the SMTP server, signed in, and records it as sent', async () => {
    const to = uniqueEmail('smtp');
    await t.ctx.mail.send({
      to,
      subject: 'Your post failed',
      text: 'Plain words.\nSecond line.',
      html: '<p>Plain <b>words</b>.</p>',
    });

    const [mail] = receivedBy(to);
    expect(mail).toBeDefined();
    expect(mail?.user).toBe('mailer');
    expect(mail?.from).toBe('alerts@kitepost.test');
    expect(headerOf(mail?.raw ?? '', 'Subject')).toBe('Your post failed');
    expect(headerOf(mail?.raw ?? '', 'From')).toBe(FROM);
    expect(headerOf(mail?.raw ?? '', 'To')).toBe(to);
    expect(partOf(mail?.raw ?? '', 'text/plain')?.trim()).toBe('Plain words.\r\nSecond line.');
    expect(partOf(mail?.raw ?? '', 'text/html')).toContain('<p>Plain <b>words</b>.</p>');

    const [row] = await outboxFor(to);
    expect(row).toMatchObject({
      transport: 'smtp',
      status: 'sent',
      error: null,
      subject: 'Your post failed',
    });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('emails each member the notice with the absolute link', async () => {
    const owner = await signUp(t.app);
    const { workspace } = owner.user as unknown as { workspace: { id: string } };
    const postId = crypto.randomUUID();
    await notifyWorkspace(
      { db: db(), mail: t.ctx.mail, appUrl: t.config.appUrl, log: { warn: vi.fn() } },
      {
        workspaceId: workspace.id,
        kind: 'post_missed',
        title: 'A post missed its time',
        body: 'The post for 9:00 was not published.',
        link: `/calendar?post=${postId}`,
        postId,
      },
    );
    const [mail] = receivedBy(owner.email);
    expect(headerOf(mail?.raw ?? '', 'Subject')).toBe('Kitepost: A post missed its time');
    const text = partOf(mail?.raw ?? '', 'text/plain') ?? '';
    expect(text).toContain('The post for 9:00 was not published.');
    expect(text).toContain(`${TEST_APP_URL}/calendar?post=${postId}`);
    expect(partOf(mail?.raw ?? '', 'text/html')).toContain(`href="${TEST_APP_URL}/calendar?post=${postId}"`);
    expect((await outboxFor(owner.email))[0]?.status).toBe('sent');
  });

  it('records a failure and does not throw when the SMTP server is down', async () => {
    const log = { warn: vi.fn() };
    const down = createSmtpMailSender({
      smtpUrl: `smtp://mailer:pw@127.0.0.1:${await closedPort()}`,
      from: FROM,
      db: db(),
      log,
    });
    const to = uniqueEmail('down');
    await expect(down.send({ to, subject: 'Lost', text: 'Nobody listens.' })).resolves.toBeUndefined();

    const [row] = await outboxFor(to);
    expect(row).toMatchObject({
      transport: 'smtp',
      status: 'failed',
      sentAt: null,
      textBody: 'Nobody listens.',
    });
    expect(row?.error).toMatch(/ECONNREFUSED/);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('records a refused login as a failure, without the password', async () => {
    const log = { warn: vi.fn() };
    const wrongPassword = createSmtpMailSender({
      smtpUrl: `smtp://mailer:wrong-secret@127.0.0.1:${smtp.port}`,
      from: FROM,
      db: db(),
      log,
    });
    const to = uniqueEmail('refused');
    await wrongPassword.send({ to, subject: 'Refused', text: 'Wrong password.' });

    expect(receivedBy(to)).toEqual([]);
    const [row] = await outboxFor(to);
    expect(row?.status).toBe('failed');
    expect(row?.error).toMatch(/535|Invalid/);
    expect(row?.error).not.toContain('wrong-secret');
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});

describe('the mail adapter without SMTP_URL', () => {
  it('is the outbox, reported as a sandbox', async () => {
    const t = await buildTestApp('pglite');
    try {
      const mail: MailSender = t.ctx.mail;
      expect(mail.kind).toBe('outbox');
      expect(describeMail(mail)).toEqual({
        adapter: 'outbox (kept in the database, nothing is sent)',
        sandbox: true,
      });
      const to = uniqueEmail('kept');
      await mail.send({ to, subject: 'Kept', text: 'Stays here.' });
      const [row] = await t.ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, to));
      expect(row).toMatchObject({ transport: 'outbox', status: 'kept', textBody: 'Stays here.' });
      expect(describeMail(createOutboxMailSender(t.ctx.database.db))).toEqual(describeMail(mail));
    } finally {
      await t.close();
    }
  });
});
