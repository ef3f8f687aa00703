import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { WorkspaceRole } from '../../../contracts/auth';
import type { PlanId, SubscriptionStatus } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { users, workspaceMembers, workspaces } from '../../db/schema';

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

export async function findWorkspaceById(db: Db, workspaceId: string): Promise<WorkspaceRow | undefined> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  return row;
}

/**
 * The workspace, locked FOR UPDATE until the transaction ends: nothing can join it or be added
 * to it meanwhile (every insert that references it waits), and a concurrent delete goes first.
 */
export async function lockWorkspace(tx: Db, workspaceId: string): Promise<WorkspaceRow | undefined> {
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  return row;
}

/** Every workspace the user is a member of, with their role and how many members it has. */
export async function listWorkspacesOfUser(db: Db, userId: string) {
  const memberCount = sql<number>`(select count(*)::int from ${workspaceMembers} others where others.workspace_id = ${workspaces.id})`;
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      plan: workspaces.plan,
      role: workspaceMembers.role,
      memberCount,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaces.name));
}

export async function findMembershipRole(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceRole | undefined> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.role;
}

export async function countMembershipsOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ memberships: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  return row?.memberships ?? 0;
}

/** The workspace the user works in from now on (see users.repository workingWorkspaceOrder). */
export async function setActiveWorkspace(db: Db, userId: string, workspaceId: string) {
  await db
    .update(users)
    .set({ activeWorkspaceId: workspaceId, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function setWorkspacePolicies(
  db: Db,
  workspaceId: string,
  policies: { requireApproval?: boolean; requireTwoFactor?: boolean },
) {
  await db
    .update(workspaces)
    .set({ ...policies, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId));
}

/** The ids of every member, so those left without a workspace can be given one afterwards. */
export async function listMemberIds(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return rows.map((row) => row.userId);
}

/** Deletes the workspace; members, invitations, posts, accounts and the rest cascade. */
export async function deleteWorkspaceRow(db: Db, workspaceId: string) {
  await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
}
