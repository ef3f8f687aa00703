import { ACCESS_CODE_LENGTH, type SessionUser, type WorkspaceRole } from '../../../contracts/auth';
import { plans } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import type { workspaces } from '../../db/schema';
import { type AccessCodeHasher, randomCode } from '../../lib/secrets';
import {
  accessCodeHashExists,
  clearUserAccessCode,
  deleteSession,
  extendSession,
  findSessionByToken,
  findUserWithWorkspace,
  setUserAccessCodeHash,
  type UserRow,
} from './users.repository';

/**
 * A fresh random code no other user has, and its keyed hash (the only thing stored). Codes are
 * never derived from anything guessable. The plain code goes to whoever issued it, once.
 */
export async function newAccessCode(
  db: Db,
  hasher: AccessCodeHasher,
): Promise<{ code: string; hash: string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = randomCode(ACCESS_CODE_LENGTH);
    const hash = hasher.hash(code);
    if (!(await accessCodeHashExists(db, hash))) return { code, hash };
  }
  throw new Error('could not find a free access code');
}

/** Gives the user a new code (the old one stops working) and answers it: the one time it is shown. */
export async function issueAccessCode(db: Db, hasher: AccessCodeHasher, userId: string): Promise<string> {
  const { code, hash } = await newAccessCode(db, hasher);
  await setUserAccessCodeHash(db, userId, hash);
  return code;
}

/** Takes the user's code away (a password change, an admin turning it off); true when there was one. */
export async function revokeAccessCode(db: Db, userId: string): Promise<boolean> {
  return clearUserAccessCode(db, userId);
}

/** The signed-in user as the API reports it; null when the user has no workspace at all. */
export async function loadSessionUser(
  db: Db,
  userId: string,
  session: { adminAccess: boolean },
): Promise<SessionUser | null> {
  const row = await findUserWithWorkspace(db, userId);
  if (!row) return null;
  return toSessionUser(row, session.adminAccess);
}

/** How long sessions last and how often their expiry slides (better-auth's session settings). */
export interface SessionPolicy {
  expiresInSeconds: number;
  updateAgeSeconds: number;
}

/**
 * The session behind a (signature-checked) session token, with its user as the API reports it,
 * in one query. Null when there is no such session, when it has expired (it is deleted then, as
 * better-auth does), when the user is deactivated, or when they have no workspace. Like
 * better-auth, a session used more than `updateAge` after its last extension is extended.
 * `postsVersion` and `analyticsVersion` are the workspace's data versions as this query saw them
 * (bigints as strings).
 */
export async function loadSessionByToken(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<{ sessionId: string; user: SessionUser; postsVersion: string; analyticsVersion: string } | null> {
  const row = await findSessionByToken(db, token);
  if (!row) return null;
  const { session } = row;
  if (session.expiresAt.getTime() < now.getTime()) {
    await deleteSession(db, session.id);
    return null;
  }
  // A deactivated user's sessions are worth nothing, even before they are deleted.
  if (!row.user.isActive) return null;
  const extendedAt = session.expiresAt.getTime() - policy.expiresInSeconds * 1000;
  if (extendedAt + policy.updateAgeSeconds * 1000 <= now.getTime()) {
    await extendSession(db, session.id, new Date(now.getTime() + policy.expiresInSeconds * 1000), now);
  }
  return {
    sessionId: session.id,
    user: toSessionUser(row, session.adminAccess),
    postsVersion: row.workspace.postsVersion,
    analyticsVersion: row.workspace.analyticsVersion,
  };
}

type SessionUserRow = {
  user: Pick<
    UserRow,
    | 'id'
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'profileImageUrl'
    | 'timezone'
    | 'role'
    | 'emailVerified'
    | 'twoFactorEnabled'
  >;
  workspace: Pick<
    typeof workspaces.$inferSelect,
    'id' | 'name' | 'plan' | 'subscriptionStatus' | 'trialEndsAt' | 'requireApproval' | 'requireTwoFactor'
  >;
  memberRole: WorkspaceRole;
};

/** The session user as the app sees it, from a session's row or an API key's (api-keys module). */
export function toSessionUser(
  { user, workspace, memberRole }: SessionUserRow,
  adminAccess: boolean,
): SessionUser {
  const isSuperUser = user.role === 'admin' && workspace.plan === 'enterprise';
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    timezone: user.timezone,
    role: user.role,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
    isAdmin: adminAccess || user.role === 'admin',
    subscriptionPlan: workspace.plan,
    subscriptionStatus: workspace.subscriptionStatus,
    tierLabel: isSuperUser ? 'Enterprise+' : plans[workspace.plan].name,
    workspace: {
      id: workspace.id,
      name: workspace.name,
      role: memberRole,
      plan: workspace.plan,
      subscriptionStatus: workspace.subscriptionStatus,
      trialEndsAt: workspace.trialEndsAt?.toISOString() ?? null,
      requireApproval: workspace.requireApproval,
      requireTwoFactor: workspace.requireTwoFactor,
    },
  };
}
