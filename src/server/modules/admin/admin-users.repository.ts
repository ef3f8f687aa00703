import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PlanId, SubscriptionStatus } from '../../../contracts/plans';
import { plans } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import {
  auditLog,
  generations,
  posts,
  subscriptions,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

export interface AdminUserFilter {
  /** Lower-cased already; matched as a substring of the email or of 'first last'. */
  search?: string;
  isActive?: boolean;
  plan?: PlanId;
}

/**
 * The workspace a user owns, the earliest first (a user owns exactly one today: the personal one
 * made at sign-up). A lateral subquery, so a page of users costs one index probe per user.
 */
const ownedWorkspace = (db: Db) =>
  db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, users.id), eq(workspaceMembers.role, 'owner')))
    .orderBy(asc(workspaceMembers.createdAt))
    .limit(1)
    .as('owned');

const planOf = sql<PlanId>`coalesce(${workspaces.plan}, 'free')`;
const statusOf = sql<SubscriptionStatus>`coalesce(${workspaces.subscriptionStatus}, 'active')`;

/** `%` and `_` typed by the admin are literal characters, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filter: AdminUserFilter): SQL | undefined {
  const conditions: SQL[] = [eq(users.isSystem, false)];
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      sql`(lower(${users.email}) like ${pattern} or lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern})`,
    );
  }
  if (filter.isActive !== undefined) conditions.push(eq(users.isActive, filter.isActive));
  if (filter.plan) conditions.push(sql`${planOf} = ${filter.plan}`);
  return and(...conditions);
}

const adminUserColumns = {
  user: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    hasAccessCode: sql<boolean>`${users.accessCodeHash} is not null`,
    emailVerified: users.emailVerified,
    twoFactorEnabled: users.twoFactorEnabled,
    isActive: users.isActive,
    role: users.role,
    isSystem: users.isSystem,
    createdAt: users.createdAt,
  },
  workspaceId: workspaces.id,
  workspaceName: workspaces.name,
  plan: planOf,
  subscriptionStatus: statusOf,
  billingProvider: workspaces.billingProvider,
  billingCustomerId: workspaces.billingCustomerId,
  totalPosts: sql<number>`(select count(*)::int from ${posts} where ${posts.workspaceId} = ${workspaces.id})`,
  totalCreditsUsed: sql<number>`(select coalesce(sum(${generations.postCount}), 0)::int from ${generations} where ${generations.workspaceId} = ${workspaces.id} and ${generations.kind} <> 'image')`,
  /** The workspace's current Stripe subscription: its newest row from Stripe. */
  stripeSubscriptionId: sql<
    string | null
  >`(select ${subscriptions.providerSubscriptionId} from ${subscriptions} where ${subscriptions.workspaceId} = ${workspaces.id} and ${subscriptions.provider} = 'stripe' order by ${subscriptions.createdAt} desc limit 1)`,
};

function selectAdminUsers(db: Db) {
  const owned = ownedWorkspace(db);
  return db
    .select(adminUserColumns)
    .from(users)
    .leftJoinLateral(owned, sql`true`)
    .leftJoin(workspaces, eq(workspaces.id, owned.workspaceId));
}

export type AdminUserRow = Awaited<ReturnType<typeof findAdminUserRow>> & {};

/** One page of users, newest first (the id breaks ties so pages never overlap). */
export async function listAdminUserRows(
  db: Db,
  filter: AdminUserFilter,
  page: { limit: number; offset: number },
) {
  return selectAdminUsers(db)
    .where(whereOf(filter))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAdminUsers(db: Db, filter: AdminUserFilter): Promise<number> {
  // Only the plan filter needs the workspace: without it, counting is one pass over users.
  if (!filter.plan) {
    const [row] = await db.select({ total: count() }).from(users).where(whereOf(filter));
    return row?.total ?? 0;
  }
  const owned = ownedWorkspace(db);
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .leftJoinLateral(owned, sql`true`)
    .leftJoin(workspaces, eq(workspaces.id, owned.workspaceId))
    .where(whereOf(filter));
  return row?.total ?? 0;
}

export async function findAdminUserRow(db: Db, userId: string) {
  const [row] = await selectAdminUsers(db).where(eq(users.id, userId)).limit(1);
  return row;
}

/** A paying subscription: a paid plan whose status is active (trials and past-due pay nothing). */
const paying = sql`${planOf} <> 'free' and ${statusOf} = 'active'`;
const monthlyPrice = sql.join(
  [
    sql`case ${planOf}`,
    ...Object.values(plans).map((plan) => sql`when ${plan.id} then ${plan.price}`),
    sql`else 0 end`,
  ],
  sql` `,
);

/** The portal's four numbers, over the people (the built-in operator is not counted). */
export async function readAdminStats(db: Db) {
  const owned = ownedWorkspace(db);
  const [row] = await db
    .select({
      totalUsers: count(),
      activeSubscriptions: sql<number>`count(*) filter (where ${paying})::int`,
      enterpriseUsers: sql<number>`count(*) filter (where ${planOf} = 'enterprise')::int`,
      monthlyRevenue: sql<number>`coalesce(sum(${monthlyPrice}) filter (where ${paying}), 0)::int`,
    })
    .from(users)
    .leftJoinLateral(owned, sql`true`)
    .leftJoin(workspaces, eq(workspaces.id, owned.workspaceId))
    .where(eq(users.isSystem, false));
  return {
    totalUsers: Number(row?.totalUsers ?? 0),
    activeSubscriptions: Number(row?.activeSubscriptions ?? 0),
    enterpriseUsers: Number(row?.enterpriseUsers ?? 0),
    monthlyRevenue: Number(row?.monthlyRevenue ?? 0),
  };
}

export async function findUserIdByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

export async function updateUserRow(
  db: Db,
  userId: string,
  values: Partial<Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName' | 'name' | 'isActive'>>,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function updateWorkspaceRow(
  db: Db,
  workspaceId: string,
  values: Partial<
    Pick<
      typeof workspaces.$inferInsert,
      'plan' | 'subscriptionStatus' | 'trialEndsAt' | 'billingProvider' | 'billingCustomerId'
    >
  >,
) {
  await db
    .update(workspaces)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId));
}

/** The workspace's newest Stripe subscription row (what stripeSubscriptionId names). */
export async function findCurrentStripeSubscription(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ id: subscriptions.id, providerSubscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), eq(subscriptions.provider, 'stripe')))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

export async function subscriptionIdTaken(db: Db, providerSubscriptionId: string, exceptRowId?: string) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        exceptRowId ? ne(subscriptions.id, exceptRowId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function setProviderSubscriptionId(db: Db, rowId: string, providerSubscriptionId: string) {
  await db
    .update(subscriptions)
    .set({ providerSubscriptionId, updatedAt: new Date() })
    .where(eq(subscriptions.id, rowId));
}

export async function insertStripeSubscription(db: Db, values: typeof subscriptions.$inferInsert) {
  await db.insert(subscriptions).values(values);
}

/** Admins (users.role 'admin') other than this user who are active; the operator counts. */
export async function countOtherActiveAdmins(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), ne(users.id, userId)));
  return row?.total ?? 0;
}

export async function listAuditRows(db: Db, page: { limit: number; offset: number }) {
  const targetUsers = alias(users, 'target_users');
  const rows = await db
    .select({ entry: auditLog, actorEmail: users.email, targetEmail: targetUsers.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(targetUsers, and(eq(auditLog.targetType, 'user'), eq(targetUsers.id, auditLog.targetId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ total: count() }).from(auditLog);
  return { rows, total: total?.total ?? 0 };
}
