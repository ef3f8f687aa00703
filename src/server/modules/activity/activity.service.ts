import type { ActivityEntry } from '../../../contracts/analytics';
import type { Db } from '../../db/client';
import { type ActivityRow, listActivityOf } from './activity.repository';

/** The team feed (dashboard › team activity): what happened in the workspace, newest first. */
export async function listActivity(db: Db, workspaceId: string, limit: number): Promise<ActivityEntry[]> {
  const rows = await listActivityOf(db, workspaceId, limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    summary: row.summary,
    actorName: actorNameOf(row),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** "First Last", else the account's name, else its email; null when Kitepost itself acted. */
export function actorNameOf(
  row: Pick<ActivityRow, 'actorFirstName' | 'actorLastName' | 'actorName' | 'actorEmail'>,
): string | null {
  const fullName = [row.actorFirstName, row.actorLastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return fullName || row.actorName?.trim() || row.actorEmail || null;
}
