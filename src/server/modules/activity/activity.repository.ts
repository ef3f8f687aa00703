import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activity, users } from '../../db/schema';

export async function insertActivity(
  db: Db,
  values: { workspaceId: string; actorUserId: string | null; kind: string; summary: string },
) {
  await db.insert(activity).values(values);
}

/** The workspace's newest entries with their actor's names (null: Kitepost itself, or a removed user). */
export async function listActivityOf(db: Db, workspaceId: string, limit: number) {
  return db
    .select({
      id: activity.id,
      kind: activity.kind,
      summary: activity.summary,
      createdAt: activity.createdAt,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorUserId))
    .where(eq(activity.workspaceId, workspaceId))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(limit);
}
export type ActivityRow = Awaited<ReturnType<typeof listActivityOf>>[number];
