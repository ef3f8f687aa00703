import type { AppContext } from '../../context';
import { findSystemUser, insertUser } from '../users';
import { insertWorkspaceWithOwner } from '../workspaces';

/**
 * The built-in operator: who an admin code signs in when nobody was signed in. It has no
 * password and no access code (and is refused at the user login anyway): only the admin code
 * reaches it.
 */
export async function ensureOperatorUser(ctx: AppContext) {
  const db = ctx.database.db;
  const existing = await findSystemUser(db);
  if (existing) return existing;
  const user = await insertUser(db, {
    email: 'operator@kitepost.internal',
    firstName: 'Super',
    lastName: 'Admin',
    role: 'admin',
    isSystem: true,
  });
  await insertWorkspaceWithOwner(db, {
    name: 'Kitepost Operations',
    plan: 'enterprise',
    subscriptionStatus: 'active',
    trialEndsAt: null,
    ownerUserId: user.id,
  });
  return user;
}
