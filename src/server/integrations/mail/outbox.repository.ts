import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { MailMessage } from './mail-sender';

export type OutboxTransport = 'outbox' | 'smtp';
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'kept';

/** Records a message before (SMTP: 'queued') or instead of (outbox: 'kept') sending it. */
export async function insertOutboxMessage(
  db: Db,
  message: MailMessage,
  record: { transport: OutboxTransport; status: OutboxStatus },
): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      transport: record.transport,
      status: record.status,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

/** How a queued message went: 'sent' with the time, or 'failed' with the transport's error. */
export async function recordOutboxOutcome(
  db: Db,
  id: string,
  outcome: { status: 'sent' } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(outbox)
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', sentAt: new Date(), error: null }
        : { status: 'failed', error: outcome.error },
    )
    .where(eq(outbox.id, id));
}
