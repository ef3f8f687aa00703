import type { AdminOutboxList, AdminOutboxMessage } from '../../../contracts/admin';
import type { Db } from '../../db/client';
import { listOutboxAttempts, listOutboxMessages } from '../../integrations/mail/outbox.repository';

/**
 * GET /api/admin/outbox (architecture §1: the outbox is readable by the admin). The bodies are
 * stored with their secrets already hidden; the sealed secrets and the HTML are not answered.
 */
export async function listOutbox(db: Db, page: { limit: number; offset: number }): Promise<AdminOutboxList> {
  const { rows, total } = await listOutboxMessages(db, page);
  const attempts = await listOutboxAttempts(
    db,
    rows.map((row) => row.id),
  );
  return {
    total,
    messages: rows.map(
      (row): AdminOutboxMessage => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        transport: row.transport as AdminOutboxMessage['transport'],
        status: row.status as AdminOutboxMessage['status'],
        error: row.error,
        attempts: attempts
          .filter((attempt) => attempt.outboxId === row.id)
          .map((attempt) => ({
            attempt: attempt.attempt,
            status: attempt.status as 'sent' | 'failed',
            error: attempt.error,
            startedAt: attempt.startedAt.toISOString(),
            finishedAt: attempt.finishedAt.toISOString(),
          })),
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      }),
    ),
  };
}
