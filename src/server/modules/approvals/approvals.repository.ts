import { eq } from 'drizzle-orm';
import type { PlanId } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { type posts, users, workspaces } from '../../db/schema';

/**
 * A post as the approval workflow reads it: the posts table's row. The posts module writes posts
 * and calls this module; reading the row's shape from the schema keeps this module from depending
 * on posts in turn (decision 050: no module cycles).
 */
export type PostRow = typeof posts.$inferSelect;

/** What decides whether the workspace's schedules wait for an approver. */
export async function findApprovalSetting(
  db: Db,
  workspaceId: string,
): Promise<{ requireApproval: boolean; plan: PlanId } | undefined> {
  const [row] = await db
    .select({ requireApproval: workspaces.requireApproval, plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row;
}

/** The names a notice or feed entry calls a member by (see activity.service actorNameOf). */
export async function findPersonNames(db: Db, userId: string) {
  const [row] = await db
    .select({
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorName: users.name,
      actorEmail: users.email,
      timezone: users.timezone,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
