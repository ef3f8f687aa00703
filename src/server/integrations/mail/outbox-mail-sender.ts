import type { Db } from '../../db/client';
import type { MailSender } from './mail-sender';
import { insertOutboxMessage } from './outbox.repository';

/** Without SMTP: every message is kept in the outbox table and nothing leaves (the sandbox). */
export function createOutboxMailSender(db: Db): MailSender {
  return {
    kind: 'outbox',
    sandbox: true,
    async send(message) {
      await insertOutboxMessage(db, message, { transport: 'outbox', status: 'kept' });
    },
  };
}
