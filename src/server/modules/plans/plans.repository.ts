import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { PlanId } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { socialAccounts, workspaceMembers, workspaces } from '../../db/schema';

export async function countWorkspaceMembers(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return row?.total ?? 0;
}

/**
 * The workspace's account ids in the order the plan's limit keeps them: earliest connected first
 * (a reconnect keeps its `connected_at`), ties broken by id.
 */
export async function listAccountIdsByConnection(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(eq(socialAccounts.workspaceId, workspaceId))
    .orderBy(asc(socialAccounts.connectedAt), asc(socialAccounts.id));
  return rows.map((row) => row.id);
}

/**
 * One account with its workspace's plan and how many of the workspace's accounts come before it
 * in that same order, in one round trip (the publisher asks for every post).
 */
export async function findAccountPlanStanding(db: Db, workspaceId: string, accountId: string) {
  const [row] = await db
    .select({
      plan: workspaces.plan,
      displayName: socialAccounts.displayName,
      platform: socialAccounts.platform,
      connectedBefore: sql<number>`(
        select count(*)::int from ${socialAccounts} earlier
         where earlier.workspace_id = ${socialAccounts.workspaceId}
           and (earlier.connected_at, earlier.id) < (${socialAccounts.connectedAt}, ${socialAccounts.id}))`,
    })
    .from(socialAccounts)
    .innerJoin(workspaces, eq(workspaces.id, socialAccounts.workspaceId))
    .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.id, accountId)));
  return row ? { ...row, connectedBefore: Number(row.connectedBefore) } : undefined;
}

export async function findWorkspacePlan(db: Db, workspaceId: string): Promise<PlanId | undefined> {
  const [row] = await db
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.plan;
}
