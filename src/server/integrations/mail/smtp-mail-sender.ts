import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { TokenCipher } from '../../lib/token-cipher';
import { EMAIL_SEND_JOB, EMAIL_SEND_MAX_ATTEMPTS } from './mail-queue';
import type { MailSender } from './mail-sender';
import { findOutboxMessage, insertOutboxMessage, recordOutboxAttempt } from './outbox.repository';
import { hideSecrets, restoreSecrets } from './outbox-secrets';

export interface SmtpMailSenderOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 (TLS). */
  smtpUrl: string;
  /** The From header of every message (config.mail.from). */
  from: string;
  db: Db;
  jobs: JobQueue;
  cipher: TokenCipher;
  log: { warn(obj: object, msg?: string): void };
}

/** Long enough for a slow relay, short enough that a dead one does not hold a job for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const MAX_ERROR_LENGTH = 1_000;

/**
 * With SMTP_URL (decision 046): `send` records the message in the outbox as 'queued' (its
 * secrets hidden) and queues an `email.send` job; the request or job that sent it never waits on
 * the relay. The job's worker calls `deliver`: each try is an outbox attempt; a failed one is
 * retried by pg-boss with backoff, and after the last the message is 'failed', where the admin
 * sees it. A transport failure never reaches a business flow.
 */
export function createSmtpMailSender({
  smtpUrl,
  from,
  db,
  jobs,
  cipher,
  log,
}: SmtpMailSenderOptions): MailSender {
  // Made at the first delivery: nodemailer is loaded by the worker that sends, not by every start
  // (issue 22's cold start). Options given beside `url` are kept unless the URL sets them too.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () => {
    transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ url: smtpUrl, ...TIMEOUTS }),
    );
    return transport;
  };
  return {
    kind: 'smtp',
    sandbox: false,
    async send(message) {
      const outboxId = await insertOutboxMessage(
        db,
        { to: message.to, subject: message.subject, ...hideSecrets(message, cipher) },
        { transport: 'smtp', status: 'queued' },
      );
      await jobs.send(EMAIL_SEND_JOB, { outboxId });
    },
    async deliver(outboxId) {
      const row = await findOutboxMessage(db, outboxId);
      // Gone (its user was deleted), or a copy of a job whose message already went out.
      if (row?.status !== 'queued') return;
      const attempt = { number: row.attempts + 1, startedAt: new Date() };
      try {
        const bodies = restoreSecrets(
          { text: row.textBody, html: row.htmlBody, secretsSealed: row.secretsSealed },
          cipher,
        );
        await (await transportOf()).sendMail({
          from,
          to: row.toAddress,
          subject: row.subject,
          text: bodies.text,
          ...(bodies.html === null ? {} : { html: bodies.html }),
        });
      } catch (error) {
        const final = attempt.number >= EMAIL_SEND_MAX_ATTEMPTS;
        log.warn(
          { outboxId, attempt: attempt.number, final, err: error },
          final
            ? 'email not sent after the last attempt: the SMTP server refused or could not be reached'
            : 'email not sent: the SMTP server refused or could not be reached; it will be retried',
        );
        await recordOutboxAttempt(db, outboxId, {
          ...attempt,
          status: 'failed',
          error: describeSmtpError(error),
          final,
        });
        if (!final) throw new Error(`email ${outboxId} not sent on attempt ${attempt.number}; retrying`);
        return;
      }
      await recordOutboxAttempt(db, outboxId, { ...attempt, status: 'sent' });
    },
  };
}

/** nodemailer's message (it names the SMTP reply or the socket error, never the password). */
function describeSmtpError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, MAX_ERROR_LENGTH) || 'unknown SMTP error';
}
