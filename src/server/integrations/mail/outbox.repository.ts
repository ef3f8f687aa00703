import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, outboxAttempts } from '../../db/schema';

export type OutboxTransport = 'outbox' | 'smtp';
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'kept';

/** A message as stored: its secrets already hidden (outbox-secrets.ts). */
interface StoredMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  secretsSealed: string | null;
}

/** Records a message before (SMTP: 'queued') or instead of (outbox: 'kept') sending it. */
export async function insertOutboxMessage(
  db: Db,
  message: StoredMessage,
  record: { transport: OutboxTransport; status: OutboxStatus },
): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      secretsSealed: message.secretsSealed,
      transport: record.transport,
      status: record.status,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

export async function findOutboxMessage(db: Db, id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}

/**
 * One try of the mail job, and the message's state after it: 'sent'; 'failed' when it was the
 * last try; else still 'queued' with the try's error (another try is due).
 */
export async function recordOutboxAttempt(
  db: Db,
  id: string,
  attempt: { number: number; startedAt: Date } & (
    | { status: 'sent' }
    | { status: 'failed'; error: string; final: boolean }
  ),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(outboxAttempts).values({
      outboxId: id,
      attempt: attempt.number,
      status: attempt.status,
      error: attempt.status === 'failed' ? attempt.error : null,
      startedAt: attempt.startedAt,
    });
    await tx
      .update(outbox)
      .set(
        attempt.status === 'sent'
          ? { status: 'sent', sentAt: new Date(), error: null, attempts: attempt.number }
          : { status: attempt.final ? 'failed' : 'queued', error: attempt.error, attempts: attempt.number },
      )
      .where(eq(outbox.id, id));
  });
}

/** The admin's outbox page: newest first, without the sealed secrets. */
export async function listOutboxMessages(db: Db, page: { limit: number; offset: number }) {
  const rows = await db
    .select({
      id: outbox.id,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      textBody: outbox.textBody,
      transport: outbox.transport,
      status: outbox.status,
      error: outbox.error,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(outbox);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The tries of these messages, oldest first. */
export async function listOutboxAttempts(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(outboxAttempts)
    .where(inArray(outboxAttempts.outboxId, ids))
    .orderBy(outboxAttempts.outboxId, outboxAttempts.attempt);
}
