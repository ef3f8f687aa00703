import { createTransport } from 'nodemailer';
import type { Db } from '../../db/client';
import type { MailSender } from './mail-sender';
import { insertOutboxMessage, recordOutboxOutcome } from './outbox.repository';

export interface SmtpMailSenderOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 (TLS). */
  smtpUrl: string;
  /** The From header of every message (config.mail.from). */
  from: string;
  db: Db;
  log: { warn(obj: object, msg?: string): void };
}

/** Long enough for a slow relay, short enough that a dead one does not hold a job for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const MAX_ERROR_LENGTH = 1_000;

/**
 * With SMTP_URL: each message is recorded in the outbox as 'queued', handed to the SMTP server,
 * then marked 'sent' or 'failed'. A transport failure never reaches the caller: mail is a side
 * effect of business flows (a failed post stays failed whether or not its notice went out), so it
 * is logged and kept in the outbox, where the admin can see it. A database failure still throws.
 */
export function createSmtpMailSender({ smtpUrl, from, db, log }: SmtpMailSenderOptions): MailSender {
  // Options given beside `url` are kept unless the URL sets them too (nodemailer merges them).
  const transport = createTransport({ url: smtpUrl, ...TIMEOUTS });
  return {
    kind: 'smtp',
    sandbox: false,
    async send(message) {
      const id = await insertOutboxMessage(db, message, { transport: 'smtp', status: 'queued' });
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        });
      } catch (error) {
        const reason = describeSmtpError(error);
        log.warn(
          { outboxId: id, err: error },
          'email not sent: the SMTP server refused or could not be reached',
        );
        await recordOutboxOutcome(db, id, { status: 'failed', error: reason });
        return;
      }
      await recordOutboxOutcome(db, id, { status: 'sent' });
    },
  };
}

/** nodemailer's message (it names the SMTP reply or the socket error, never the password). */
function describeSmtpError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, MAX_ERROR_LENGTH) || 'unknown SMTP error';
}
