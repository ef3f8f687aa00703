import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox, outboxAttempts } from '../../src/server/db/schema';
import { describeMail } from '../../src/server/integrations/mail/create-mail-sender';
import { EMAIL_SEND_JOB } from '../../src/server/integrations/mail/mail-queue';
import type { MailSender } from '../../src/server/integrations/mail/mail-sender';
import { createOutboxMailSender } from '../../src/server/integrations/mail/outbox-mail-sender';
import { createSmtpMailSender } from '../../src/server/integrations/mail/smtp-mail-sender';
import type { JobQueue } from '../../src/server/jobs/job-queue';
import { notifyWorkspace } from '../../src/server/modules/notifications/notifications.service';
import { signUpConfirmed } from '../factories/mail';
import { startWorkers } from '../factories/publishing';
import { invite } from '../factories/team';
import { signUp, uniqueEmail } from '../factories/users';
import { headerOf, partOf, type SmtpFake, startHangingSmtp, startSmtpFake } from '../fakes/smtp/smtp-fake';
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

/** A queue that keeps what is sent to it, for driving `deliver` by hand (pg-boss's retries). */
function capturingQueue(): JobQueue & { sent: { name: string; payload: { outboxId: string } }[] } {
  const sent: { name: string; payload: { outboxId: string } }[] = [];
  return {
    sent,
    async send(name, payload) {
      sent.push({ name, payload: payload as { outboxId: string } });
      return crypto.randomUUID();
    },
    async cancel() {},
  };
}

const waitLong = { timeout: 15_000, interval: 100 };

describe.each(databaseKinds)('SMTP mail on %s', (kind) => {
  let smtp: SmtpFake;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpFake();
    // A worker runs the email job, as the embedded default does in-process.
    t = await buildTestApp(
      kind,
      { SMTP_URL: smtp.url, MAIL_FROM: FROM, JOBS_POLL_SECONDS: '0.5' },
      { role: 'all' },
    );
    await startWorkers(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const db = () => t.ctx.database.db;
  const outboxFor = (to: string) => db().select().from(outbox).where(eq(outbox.toAddress, to));
  const attemptsOf = (outboxId: string) =>
    db()
      .select()
      .from(outboxAttempts)
      .where(eq(outboxAttempts.outboxId, outboxId))
      .orderBy(asc(outboxAttempts.attempt));
  // Sign-ups also send a confirmation link (issue 23): these tests look at the other mail.
  const receivedBy = (to: string) =>
    smtp.received.filter(
      (mail) => mail.to.includes(to) && !(headerOf(mail.raw, 'Subject') ?? '').startsWith('Confirm'),
    );
  /** A sender of its own (another relay), whose jobs are kept for the test to run by hand. */
  const senderTo = (smtpUrl: string, log = { warn: vi.fn() }) => {
    const jobs = capturingQueue();
    const sender = createSmtpMailSender({
      smtpUrl,
      from: FROM,
      db: db(),
      jobs,
      cipher: t.ctx.tokenCipher,
      log,
    });
    return { sender, jobs, log };
  };

  it('is chosen by SMTP_URL and reported as a real adapter', () => {
    expect(t.ctx.mail.kind).toBe('smtp');
    expect(describeMail(t.ctx.mail)).toEqual({ adapter: 'smtp', sandbox: false });
  });

  it('queues the message as a job, and the worker delivers it, signed in, and records the attempt', async () => {
    const to = uniqueEmail('smtp');
    await t.ctx.mail.send({
      to,
      subject: 'Your post failed',
      text: 'Plain words.\nSecond line.',
      html: '<p>Plain <b>words</b>.</p>',
    });
    const [queued] = await outboxFor(to);
    const jobs = await t.ctx.database.executeSql(
      `select data->>'outboxId' as "outboxId" from pgboss.job where name = $1 and data->>'outboxId' = $2`,
      [EMAIL_SEND_JOB, queued?.id ?? ''],
    );
    expect(jobs.rows).toEqual([{ outboxId: queued?.id }]);

    await vi.waitFor(() => expect(receivedBy(to)).toHaveLength(1), waitLong);
    const [mail] = receivedBy(to);
    expect(mail?.user).toBe('mailer');
    expect(mail?.from).toBe('alerts@kitepost.test');
    expect(headerOf(mail?.raw ?? '', 'Subject')).toBe('Your post failed');
    expect(headerOf(mail?.raw ?? '', 'From')).toBe(FROM);
    expect(headerOf(mail?.raw ?? '', 'To')).toBe(to);
    expect(partOf(mail?.raw ?? '', 'text/plain')?.trim()).toBe('Plain words.\r\nSecond line.');
    expect(partOf(mail?.raw ?? '', 'text/html')).toContain('<p>Plain <b>words</b>.</p>');

    await vi.waitFor(async () => expect((await outboxFor(to))[0]?.status).toBe('sent'), waitLong);
    const [row] = await outboxFor(to);
    expect(row).toMatchObject({
      transport: 'smtp',
      status: 'sent',
      error: null,
      attempts: 1,
      subject: 'Your post failed',
    });
    expect(row?.sentAt).toBeInstanceOf(Date);
    const attempts = await attemptsOf(row?.id ?? '');
    expect(attempts).toMatchObject([{ attempt: 1, status: 'sent', error: null }]);
    expect(attempts[0]?.startedAt.getTime()).toBeLessThanOrEqual(attempts[0]?.finishedAt.getTime() ?? 0);
  });

  it('emails each member the notice with the absolute link', async () => {
    const owner = await signUp(t.app);
    const { workspace } = owner.user as unknown as { workspace: { id: string } };
    const postId = crypto.randomUUID();
    await notifyWorkspace(t.ctx, {
      workspaceId: workspace.id,
      kind: 'post_missed',
      title: 'A post missed its time',
      body: 'The post for 9:00 was not published.',
      link: `/calendar?post=${postId}`,
      postId,
    });
    await vi.waitFor(() => expect(receivedBy(owner.email)).toHaveLength(1), waitLong);
    const [mail] = receivedBy(owner.email);
    expect(headerOf(mail?.raw ?? '', 'Subject')).toBe('Kitepost: A post missed its time');
    const text = partOf(mail?.raw ?? '', 'text/plain') ?? '';
    expect(text).toContain('The post for 9:00 was not published.');
    expect(text).toContain(`${TEST_APP_URL}/calendar?post=${postId}`);
    expect(partOf(mail?.raw ?? '', 'text/html')).toContain(`href="${TEST_APP_URL}/calendar?post=${postId}"`);
    await vi.waitFor(async () => expect((await outboxFor(owner.email))[0]?.status).toBe('sent'), waitLong);
  });

  it('sends the invitation with its link, which the outbox keeps only sealed', async () => {
    const ada = await signUpConfirmed(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const invitation = await invite(t.app, ada.cookie, 'editor');
    expect(invitation.emailStatus).toBe('queued');
    await vi.waitFor(() => expect(receivedBy(invitation.email)).toHaveLength(1), waitLong);
    const [mail] = receivedBy(invitation.email);
    expect(partOf(mail?.raw ?? '', 'text/plain')).toContain(`Accept the invitation: ${invitation.inviteUrl}`);
    expect(partOf(mail?.raw ?? '', 'text/html')).toContain(`href="${invitation.inviteUrl}"`);

    await vi.waitFor(
      async () => expect((await outboxFor(invitation.email))[0]?.status).toBe('sent'),
      waitLong,
    );
    const [row] = await outboxFor(invitation.email);
    expect(JSON.stringify(row)).not.toContain(invitation.token);
    expect(JSON.stringify(await attemptsOf(row?.id ?? ''))).not.toContain(invitation.token);
    // Nor the queue: the job carries the outbox id only.
    const queued = await t.ctx.database.executeSql(`select data from pgboss.job where name = $1`, [
      EMAIL_SEND_JOB,
    ]);
    expect(queued.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(queued.rows)).not.toContain(invitation.token);
  });

  it('retries a failed attempt, recording each, and marks the message failed after the last', async () => {
    const { sender, jobs, log } = senderTo(`smtp://mailer:pw@127.0.0.1:${await closedPort()}`);
    const to = uniqueEmail('down');
    await expect(sender.send({ to, subject: 'Lost', text: 'Nobody listens.' })).resolves.toBeUndefined();
    const [job] = jobs.sent;
    expect(job?.name).toBe(EMAIL_SEND_JOB);
    const outboxId = job?.payload.outboxId ?? '';

    // pg-boss runs the job again after each thrown attempt; the fifth is the last.
    for (let attempt = 1; attempt <= 4; attempt++) {
      await expect(sender.deliver(outboxId)).rejects.toThrow(/retrying/);
      expect((await outboxFor(to))[0]).toMatchObject({ status: 'queued', attempts: attempt, sentAt: null });
    }
    await expect(sender.deliver(outboxId)).resolves.toBeUndefined();

    const [row] = await outboxFor(to);
    expect(row).toMatchObject({
      transport: 'smtp',
      status: 'failed',
      attempts: 5,
      sentAt: null,
      textBody: 'Nobody listens.',
    });
    expect(row?.error).toMatch(/ECONNREFUSED/);
    const attempts = await attemptsOf(outboxId);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 'failed']));
    for (const attempt of attempts) expect(attempt.error).toMatch(/ECONNREFUSED/);
    expect(log.warn).toHaveBeenCalledTimes(5);
    // Done: a late copy of the job does not try again.
    await sender.deliver(outboxId);
    expect(await attemptsOf(outboxId)).toHaveLength(5);
  });

  it('sends on the retry once the relay is back', async () => {
    const port = await closedPort();
    const { sender, jobs } = senderTo(`smtp://mailer:pw@127.0.0.1:${port}`);
    const to = uniqueEmail('back');
    await sender.send({ to, subject: 'Later', text: 'Second time lucky.' });
    const outboxId = jobs.sent[0]?.payload.outboxId ?? '';
    await expect(sender.deliver(outboxId)).rejects.toThrow();

    const back = await startSmtpFake({ user: 'mailer', pass: 'pw' }, port);
    try {
      await sender.deliver(outboxId);
      expect(back.received.map((mail) => mail.to)).toEqual([[to]]);
    } finally {
      await back.close();
    }
    expect((await outboxFor(to))[0]).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect((await attemptsOf(outboxId)).map((a) => a.status)).toEqual(['failed', 'sent']);
  });

  it('records a refused login as a failed attempt, without the password', async () => {
    const { sender, jobs } = senderTo(`smtp://mailer:wrong-secret@127.0.0.1:${smtp.port}`);
    const to = uniqueEmail('refused');
    await sender.send({ to, subject: 'Refused', text: 'Wrong password.' });
    await expect(sender.deliver(jobs.sent[0]?.payload.outboxId ?? '')).rejects.toThrow();

    expect(receivedBy(to)).toEqual([]);
    const [row] = await outboxFor(to);
    expect(row?.status).toBe('queued');
    expect(row?.error).toMatch(/535|Invalid/);
    expect(row?.error).not.toContain('wrong-secret');
    const [attempt] = await attemptsOf(row?.id ?? '');
    expect(attempt?.error).toMatch(/535|Invalid/);
    expect(attempt?.error).not.toContain('wrong-secret');
  });

  it('queues the email job with retries and backoff', async () => {
    const result = await t.ctx.database.executeSql(
      `select retry_limit as "retryLimit", retry_delay as "retryDelay", retry_backoff as "retryBackoff"
         from pgboss.queue where name = $1`,
      [EMAIL_SEND_JOB],
    );
    expect(result.rows).toEqual([{ retryLimit: 4, retryDelay: 30, retryBackoff: true }]);
  });
});

describe('a hung SMTP relay', () => {
  let relay: Awaited<ReturnType<typeof startHangingSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    relay = await startHangingSmtp();
    // A web process: it queues, and no worker of its own touches the relay.
    t = await buildTestApp('pglite', { SMTP_URL: relay.url, MAIL_FROM: FROM });
  });
  afterAll(async () => {
    await t.close();
    await relay.close();
  });

  it('does not hold the request that sends an email: the invitation answers at once', async () => {
    const ada = await signUpConfirmed(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const started = Date.now();
    const invitation = await invite(t.app, ada.cookie, 'editor');
    // Inline, the relay's silence held it for the 10 s greeting timeout; queued, it takes a few
    // database writes (the bound leaves room for a busy machine).
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(invitation.emailStatus).toBe('queued');
    const [row] = await t.ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, invitation.email));
    expect(row).toMatchObject({ status: 'queued', attempts: 0 });
    const jobs = await t.ctx.database.executeSql(
      `select state::text as state from pgboss.job where name = $1 and data->>'outboxId' = $2`,
      [EMAIL_SEND_JOB, row?.id ?? ''],
    );
    expect(jobs.rows).toEqual([{ state: 'created' }]);
    expect(relay.connections).toBe(0);
  });
});

describe('the mail adapter without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  it('is the outbox, reported as a sandbox', async () => {
    const mail: MailSender = t.ctx.mail;
    expect(mail.kind).toBe('outbox');
    expect(describeMail(mail)).toEqual({
      adapter: 'outbox (kept in the database, nothing is sent)',
      sandbox: true,
    });
    const to = uniqueEmail('kept');
    await mail.send({ to, subject: 'Kept', text: 'Stays here.' });
    const [row] = await t.ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, to));
    expect(row).toMatchObject({ transport: 'outbox', status: 'kept', textBody: 'Stays here.', attempts: 0 });
    expect(describeMail(createOutboxMailSender(t.ctx.database.db, t.ctx.tokenCipher))).toEqual(
      describeMail(mail),
    );
  });
});
