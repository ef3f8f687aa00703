import { eq } from 'drizzle-orm';
import type { WorkspaceRole } from '../../../contracts/auth';
import type { PlanId, SubscriptionStatus } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { workspaceMembers, workspaces } from '../../db/schema';

export type WorkspaceRow = typeof workspaces.$inferSelect;

export async function insertWorkspaceWithOwner(
  db: Db,
  values: {
    name: string;
    plan: PlanId;
    subscriptionStatus: SubscriptionStatus;
    trialEndsAt: Date | null;
    ownerUserId: string;
  },
) {
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .insert(workspaces)
      .values({
        name: values.name,
        plan: values.plan,
        subscriptionStatus: values.subscriptionStatus,
        trialEndsAt: values.trialEndsAt,
      })
      .returning();
    if (!workspace) throw new Error('workspace insert returned no row');
    const role: WorkspaceRole = 'owner';
    await tx.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: values.ownerUserId, role });
    return workspace;
  });
}

export async function findWorkspacePlan(db: Db, workspaceId: string): Promise<PlanId | undefined> {
  const [row] = await db
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.plan;
}
