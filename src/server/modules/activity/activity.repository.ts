import type { Db } from '../../db/client';
import { activity } from '../../db/schema';

export async function insertActivity(
  db: Db,
  values: { workspaceId: string; actorUserId: string | null; kind: string; summary: string },
) {
  await db.insert(activity).values(values);
}
