import type { HealthResponse } from '../../../contracts/health';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { TokenCipher } from '../../lib/token-cipher';
import type { MailSender } from './mail-sender';
import { createOutboxMailSender } from './outbox-mail-sender';
import { createSmtpMailSender } from './smtp-mail-sender';

/** SMTP when SMTP_URL is set, else the outbox (sandbox). */
export function createMailSender(
  config: Config,
  deps: { db: Db; jobs: JobQueue; cipher: TokenCipher; log: { warn(obj: object, msg?: string): void } },
): MailSender {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) return createSmtpMailSender({ smtpUrl, from, ...deps });
  return createOutboxMailSender(deps.db, deps.cipher);
}

/** The mail line of /api/health (architecture §1): never the SMTP address or its credentials. */
export function describeMail(mail: MailSender): HealthResponse['adapters']['mail'] {
  return mail.kind === 'smtp'
    ? { adapter: 'smtp', sandbox: mail.sandbox }
    : { adapter: 'outbox (kept in the database, nothing is sent)', sandbox: mail.sandbox };
}
