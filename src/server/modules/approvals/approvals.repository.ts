import { eq } from 'drizzle-orm';
import type { PlanId } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { users, workspaces } from '../../db/schema';

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
