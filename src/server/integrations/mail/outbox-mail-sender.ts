import type { Db } from '../../db/client';
import type { TokenCipher } from '../../lib/token-cipher';
import type { MailSender } from './mail-sender';
import { insertOutboxMessage } from './outbox.repository';
import { hideSecrets } from './outbox-secrets';

/**
 * Without SMTP: every message is kept in the outbox table and nothing leaves (the sandbox). It
 * is one insert with nothing to wait on or retry, so no job: the row is 'kept' at once.
 */
export function createOutboxMailSender(db: Db, cipher: TokenCipher): MailSender {
  return {
    kind: 'outbox',
    sandbox: true,
    async send(message) {
      await insertOutboxMessage(
        db,
        { to: message.to, subject: message.subject, ...hideSecrets(message, cipher) },
        { transport: 'outbox', status: 'kept' },
      );
    },
    async deliver() {
      // Nothing is queued without SMTP; a job left from a time with SMTP_URL has nowhere to go.
    },
  };
}
