import type { AdminAuditEntry, AdminStats } from '../../../contracts/admin';
import type { Db } from '../../db/client';
import { listAuditRows, readAdminStats } from './admin-users.repository';

/**
 * The portal's stat cards, from the database: every person (the built-in operator is not one),
 * paying subscriptions (a paid plan, status active), Enterprise users, and the monthly revenue
 * those subscriptions bring at the plan table's prices.
 */
export async function getAdminStats(db: Db): Promise<AdminStats> {
  return readAdminStats(db);
}

/** The audit log, newest first. */
export async function listAuditEntries(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ entries: AdminAuditEntry[]; total: number }> {
  const { rows, total } = await listAuditRows(db, page);
  return {
    total,
    entries: rows.map(({ entry, actorEmail, targetEmail }) => ({
      id: entry.id,
      actorUserId: entry.actorUserId,
      actorEmail,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetEmail,
      before: entry.before,
      after: entry.after,
      ipAddress: entry.ipAddress,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
