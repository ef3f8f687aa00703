import { authMessages, type LoginResponse, type SessionUser } from '../../../contracts/auth';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { loadSessionUser } from '../users';
import { ensureWorkspaceFor } from '../workspaces';
import { noteSignIn } from './new-device.service';

/** What a route needs to answer: a status, a body and the cookies to set. */
export interface AuthOutcome<T> {
  status: number;
  body: T;
  setCookies: string[];
}

export const refused = (status: number, message: string): AuthOutcome<LoginResponse> => ({
  status,
  body: { success: false, user: null, message },
  setCookies: [],
});

/**
 * A sign-in that succeeded, whichever way (password, code, second factor, passkey): the user as
 * the session sees them, and this browser noted (an email when it is new for the account).
 */
export async function loggedIn(
  ctx: AppContext,
  caller: Caller,
  userId: string,
  /** The greeting; from the user as loaded here when the caller has not read them already. */
  message: string | ((user: SessionUser) => string),
  setCookies: string[],
): Promise<AuthOutcome<LoginResponse>> {
  const { db } = ctx.database;
  let user = await loadSessionUser(db, userId, { adminAccess: false });
  if (!user) {
    // Everyone keeps a workspace (ensureWorkspaceFor runs after removals and deletions); one left
    // without, e.g. by a crash just after a team's deletion, gets theirs here instead of a refusal.
    await ensureWorkspaceFor(db, userId);
    user = await loadSessionUser(db, userId, { adminAccess: false });
  }
  if (!user) return refused(401, authMessages.signInRefused);
  const deviceCookies = await noteSignIn(ctx, caller, userId);
  return {
    status: 200,
    body: { success: true, user, message: typeof message === 'string' ? message : message(user) },
    setCookies: [...setCookies, ...deviceCookies],
  };
}
