import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, sessions, users, workspaceMembers, workspaces } from '../../db/schema';

/** The profile fields a user edits themself (names and sign-in email; the rest is in user_settings). */
export async function updateUserProfile(
  db: Db,
  userId: string,
  values: Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'name'>,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Whether the user can sign in with a password (better-auth's 'credential' account has one). */
/** Whether the user has an account at this provider (e.g. the single sign-on provider). */
export async function hasProviderAccount(db: Db, userId: string, providerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, providerId)))
    .limit(1);
  return row !== undefined;
}

export async function hasCredentialPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        eq(accounts.providerId, 'credential'),
        sql`${accounts.password} is not null`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The user's sessions that have not expired, the most recently extended first. */
export async function listLiveSessionsOf(db: Db, userId: string, now: Date, limit: number) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt), desc(sessions.id))
    .limit(limit);
}

/** Ends every session of the user but `keepSessionId`; answers how many ended. */
export async function deleteOtherSessionsOf(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** Of these workspaces, those with a member other than the user (whatever their role), by name. */
export async function listWorkspacesWithOtherMembers(db: Db, userId: string, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return [];
  return db
    .selectDistinct({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
    .where(and(inArray(workspaces.id, workspaceIds), ne(workspaceMembers.userId, userId)))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
}
