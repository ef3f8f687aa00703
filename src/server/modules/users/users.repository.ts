import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { UserRole } from '../../../contracts/auth';
import type { Db } from '../../db/client';
import { sessions, users, verifications, workspaceMembers, workspaces } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** The user whose access code has this keyed hash (lib/secrets.ts). */
export async function findUserByAccessCodeHash(db: Db, accessCodeHash: string) {
  const [row] = await db.select().from(users).where(eq(users.accessCodeHash, accessCodeHash)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function accessCodeHashExists(db: Db, accessCodeHash: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.accessCodeHash, accessCodeHash))
    .limit(1);
  return row !== undefined;
}

/** Takes the user's code away; true when they had one. */
export async function clearUserAccessCode(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ accessCodeHash: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNotNull(users.accessCodeHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Gives the user a code (its keyed hash) or, with null, takes theirs away. */
export async function setUserAccessCodeHash(db: Db, userId: string, accessCodeHash: string | null) {
  await db.update(users).set({ accessCodeHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function insertUser(
  db: Db,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    /** Only for users someone chose to give a code (demo users, the admin portal). */
    accessCodeHash?: string | null;
    role?: UserRole;
    isSystem?: boolean;
  },
) {
  const [row] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      name: `${values.firstName} ${values.lastName}`.trim(),
      email: values.email.toLowerCase(),
      // Made by the operator (demo, admin portal), who vouches for the address: a provider
      // sign-in with the same verified email may link to it. Self sign-ups stay unverified.
      emailVerified: true,
      firstName: values.firstName,
      lastName: values.lastName,
      accessCodeHash: values.accessCodeHash ?? null,
      role: values.role ?? 'user',
      isSystem: values.isSystem ?? false,
    })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function findSystemUser(db: Db) {
  const [row] = await db.select().from(users).where(eq(users.isSystem, true)).limit(1);
  return row;
}

/**
 * Which of a user's workspaces they work in: the one they chose (users.active_workspace_id) while
 * they are still its member, else their own, else the earliest joined.
 */
const workingWorkspaceOrder = [
  sql`${workspaceMembers.workspaceId} is not distinct from ${users.activeWorkspaceId} desc`,
  sql`${workspaceMembers.role} = 'owner' desc`,
  asc(workspaceMembers.createdAt),
];

/** The user and the workspace they work in (workingWorkspaceOrder), in one round trip. */
export async function findUserWithWorkspace(db: Db, userId: string) {
  const [row] = await db
    .select({
      user: users,
      workspace: workspaces,
      memberRole: workspaceMembers.role,
    })
    .from(users)
    .innerJoin(workspaceMembers, eq(workspaceMembers.userId, users.id))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(users.id, userId))
    .orderBy(...workingWorkspaceOrder)
    .limit(1);
  return row;
}

/** The user's columns a signed-in request reads (a session's and an API key's lookups). */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  timezone: users.timezone,
  role: users.role,
  isActive: users.isActive,
  emailVerified: users.emailVerified,
  twoFactorEnabled: users.twoFactorEnabled,
};

/** The workspace's columns a signed-in request reads, with its cache versions. */
export const sessionWorkspaceColumns = {
  id: workspaces.id,
  name: workspaces.name,
  plan: workspaces.plan,
  subscriptionStatus: workspaces.subscriptionStatus,
  trialEndsAt: workspaces.trialEndsAt,
  requireApproval: workspaces.requireApproval,
  requireTwoFactor: workspaces.requireTwoFactor,
  // As text: a bigint that both drivers return alike (pg as a string, PGlite as a number).
  postsVersion: sql<string>`${workspaces.postsVersion}::text`,
  analyticsVersion: sql<string>`${workspaces.analyticsVersion}::text`,
};

/** What a signed-in request needs to know, keyed by the session token (see findSessionByToken). */
const sessionByTokenQuery = (db: Db) =>
  db
    .select({
      session: { id: sessions.id, expiresAt: sessions.expiresAt, adminAccess: sessions.adminAccess },
      user: sessionUserColumns,
      workspace: sessionWorkspaceColumns,
      memberRole: workspaceMembers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(workspaceMembers, eq(workspaceMembers.userId, users.id))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .orderBy(...workingWorkspaceOrder)
    .limit(1)
    .prepare('kitepost_session_by_token');

const preparedSessionQueries = new WeakMap<Db, ReturnType<typeof sessionByTokenQuery>>();

/**
 * The session with this token, its user and their workspace, in one round trip: every signed-in
 * request runs this, so it is a named prepared statement (parsed once per connection). Returns
 * the row whatever the session's expiry and the user's state: the caller decides. The
 * workspace's `postsVersion` and `analyticsVersion` come with it, read before anything else the
 * request reads: the post-list and overview caches rely on that order
 * (modules/posts/post-list-cache.ts).
 */
export async function findSessionByToken(db: Db, token: string) {
  let query = preparedSessionQueries.get(db);
  if (!query) {
    query = sessionByTokenQuery(db);
    preparedSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ token });
  return row;
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date, now: Date) {
  await db.update(sessions).set({ expiresAt, updatedAt: now }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Marks a freshly issued session admin and ends the one it replaces (if any), in one step: the
 * id a browser held before the admin code must not be the one that carries admin access.
 */
export async function grantSessionAdminAccess(
  db: Db,
  grant: { sessionId: string; userId: string; replacesSessionId: string | null },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ adminAccess: true, updatedAt: new Date() })
      .where(and(eq(sessions.id, grant.sessionId), eq(sessions.userId, grant.userId)));
    if (grant.replacesSessionId && grant.replacesSessionId !== grant.sessionId) {
      await tx
        .delete(sessions)
        .where(and(eq(sessions.id, grant.replacesSessionId), eq(sessions.userId, grant.userId)));
    }
  });
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
}

export async function setUserTimezone(db: Db, userId: string, timezone: string | null) {
  await db.update(users).set({ timezone, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Ends every session of the user at once; answers how many there were. */
export async function deleteSessionsOfUser(db: Db, userId: string): Promise<number> {
  const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return deleted.length;
}

/** The address was shown to be theirs (a link we sent it was opened). */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * When a password-reset token (better-auth's verification row `reset-password:<token>`) expires
 * or expired; null when there is no such token (never made, or used).
 */
export async function findPasswordResetExpiry(db: Db, token: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .limit(1);
  return row?.expiresAt ?? null;
}
