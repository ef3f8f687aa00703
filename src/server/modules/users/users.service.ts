import { ACCESS_CODE_LENGTH, type SessionUser } from '../../../contracts/auth';
import { plans, TRIAL_DAYS } from '../../../contracts/plans';
import type { Db } from '../../db/client';
import { randomCode } from '../../lib/secrets';
import { insertActivity } from '../activity/activity.repository';
import { insertWorkspaceWithOwner } from '../workspaces/workspaces.repository';
import { accessCodeExists, findUserWithWorkspace } from './users.repository';

/** A fresh random code no other user has. Codes are never derived from anything guessable. */
export async function generateUniqueAccessCode(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = randomCode(ACCESS_CODE_LENGTH);
    if (!(await accessCodeExists(db, code))) return code;
  }
  throw new Error('could not find a free access code');
}

export function workspaceNameFor(firstName: string) {
  return firstName ? `${firstName}'s workspace` : 'My workspace';
}

/** Every new account starts on a 7-day trial of the Professional plan, no card. */
export async function createTrialWorkspace(
  db: Db,
  user: { id: string; firstName: string },
  now = new Date(),
) {
  const workspace = await insertWorkspaceWithOwner(db, {
    name: workspaceNameFor(user.firstName),
    plan: 'professional',
    subscriptionStatus: 'trialing',
    trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
    ownerUserId: user.id,
  });
  await insertActivity(db, {
    workspaceId: workspace.id,
    actorUserId: user.id,
    kind: 'workspace.created',
    summary: `${user.firstName || 'A new member'} joined Kitepost and started a ${TRIAL_DAYS}-day Professional trial`,
  });
  return workspace;
}

/** The signed-in user as the API reports it; null when the user has no workspace at all. */
export async function loadSessionUser(
  db: Db,
  userId: string,
  session: { adminAccess: boolean },
): Promise<SessionUser | null> {
  const row = await findUserWithWorkspace(db, userId);
  if (!row) return null;
  const { user, workspace, memberRole } = row;
  const isSuperUser = user.role === 'admin' && workspace.plan === 'enterprise';
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    timezone: user.timezone,
    role: user.role,
    isAdmin: session.adminAccess || user.role === 'admin',
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
    },
  };
}
