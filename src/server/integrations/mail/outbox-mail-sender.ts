import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { MailSender } from './mail-sender';

/** Without SMTP: every message is kept in the outbox table and nothing leaves (the sandbox). */
export function createOutboxMailSender(db: Db): MailSender {
  return {
    kind: 'outbox',
    sandbox: true,
    async send(message) {
      await db.insert(outbox).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        transport: 'outbox',
        status: 'kept',
      });
    },
  };
}
