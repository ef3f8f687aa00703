import { isAPIError } from 'better-auth/api';
import {
  type AccessCodeBody,
  authMessages,
  type LoginResponse,
  type SignInBody,
  type SignUpBody,
} from '../../../contracts/auth';
import { safeReturnPath } from '../../../contracts/return-path';
import type { AppContext } from '../../context';
import { OIDC_PROVIDER_ID, setCookiesOf } from '../../integrations/identity/better-auth';
import { insertAuditEntry } from '../audit/audit.repository';
import { enforceRateLimit, rateRules } from '../rate-limits/rate-limits.service';
import {
  findUserByAccessCode,
  findUserByEmail,
  findUserById,
  grantSessionAdminAccess,
} from '../users/users.repository';
import { loadSessionUser } from '../users/users.service';
import { ensureWorkspaceFor } from '../workspaces/workspaces.service';
import { ensureOperatorUser } from './operator';

/** What a route needs to answer: a status, a body and the cookies to set. */
export interface AuthOutcome<T> {
  status: number;
  body: T;
  setCookies: string[];
}

/** The caller as services see it: no Fastify request, just what matters. */
export interface Caller {
  ip: string;
  headers: Headers;
}

const refused = (status: number, message: string): AuthOutcome<LoginResponse> => ({
  status,
  body: { success: false, user: null, message },
  setCookies: [],
});

async function loggedIn(
  ctx: AppContext,
  userId: string,
  message: string,
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
  return { status: 200, body: { success: true, user, message }, setCookies };
}

export async function signUp(ctx: AppContext, caller: Caller, input: SignUpBody) {
  await enforceRateLimit(ctx.database.db, rateRules.signUp, caller.ip);
  if (await findUserByEmail(ctx.database.db, input.email)) return refused(409, authMessages.emailTaken);
  try {
    const { headers, response } = await ctx.identity.api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: `${input.firstName} ${input.lastName}`,
        firstName: input.firstName,
        lastName: input.lastName,
      },
      headers: caller.headers,
      returnHeaders: true,
    });
    return loggedIn(ctx, response.user.id, `Welcome to Kitepost, ${input.firstName}!`, setCookiesOf(headers));
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      // A race with another sign-up for the same address lands here too.
      const taken = error.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' || error.statusCode === 422;
      return refused(taken ? 409 : 400, taken ? authMessages.emailTaken : authMessages.signUpRefused);
    }
    throw error;
  }
}

export async function signIn(ctx: AppContext, caller: Caller, input: SignInBody) {
  await enforceRateLimit(ctx.database.db, rateRules.signIn, caller.ip);
  const user = await findUserByEmail(ctx.database.db, input.email);
  if (!user?.isActive || user.isSystem) return refused(401, authMessages.signInRefused);
  try {
    const { headers, response } = await ctx.identity.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: caller.headers,
      returnHeaders: true,
    });
    return loggedIn(ctx, response.user.id, `Welcome back, ${user.firstName}!`, setCookiesOf(headers));
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) return refused(401, authMessages.signInRefused);
    throw error;
  }
}

export async function signInWithAccessCode(ctx: AppContext, caller: Caller, input: AccessCodeBody) {
  await enforceRateLimit(ctx.database.db, rateRules.accessCode, caller.ip);
  const user = await findUserByAccessCode(ctx.database.db, input.accessCode.toUpperCase());
  if (!user?.isActive || user.isSystem) return refused(401, authMessages.accessCodeRefused);
  const { headers } = await ctx.identity.api.signInUserById({
    body: { userId: user.id },
    headers: caller.headers,
    returnHeaders: true,
  });
  return loggedIn(ctx, user.id, `Welcome back, ${user.firstName}!`, setCookiesOf(headers));
}

export async function signOut(ctx: AppContext, caller: Caller): Promise<string[]> {
  try {
    const { headers } = await ctx.identity.api.signOut({ headers: caller.headers, returnHeaders: true });
    return setCookiesOf(headers);
  } catch (error) {
    // Signing out without a session is not an error: the answer is the same.
    if (isAPIError(error) && error.statusCode < 500) return [];
    throw error;
  }
}

/**
 * The super-admin code. A right code gives the caller a NEW session marked admin (the one they
 * came with ends: no fixation); with nobody signed in, it signs in the built-in operator account.
 * Every attempt is audited.
 */
export async function grantAdminAccess(
  ctx: AppContext,
  caller: Caller,
  session: { sessionId: string; userId: string } | null,
  accessCode: string,
): Promise<AuthOutcome<{ success: boolean; message: string }>> {
  const db = ctx.database.db;
  await enforceRateLimit(db, rateRules.adminCode, caller.ip);
  if (!ctx.adminCode.verify(accessCode)) {
    await insertAuditEntry(db, {
      actorUserId: session?.userId ?? null,
      action: 'admin.access_denied',
      ipAddress: caller.ip,
    });
    return { status: 401, body: { success: false, message: authMessages.adminRefused }, setCookies: [] };
  }
  const userId = session?.userId ?? (await ensureOperatorUser(ctx)).id;
  const { headers, response } = await ctx.identity.api.signInUserById({
    body: { userId },
    headers: caller.headers,
    returnHeaders: true,
  });
  await grantSessionAdminAccess(db, {
    sessionId: response.sessionId,
    userId,
    replacesSessionId: session?.sessionId ?? null,
  });
  await insertAuditEntry(db, {
    actorUserId: userId,
    action: 'admin.access_granted',
    targetType: 'session',
    targetId: response.sessionId,
    ipAddress: caller.ip,
  });
  return {
    status: 200,
    body: { success: true, message: 'Admin access granted' },
    setCookies: setCookiesOf(headers),
  };
}

/**
 * GET /api/login: the provider's authorization URL (code flow with PKCE), or null without one.
 * After signing in the browser lands on `returnTo` when it is a path of this app, else /dashboard.
 */
export async function startProviderSignIn(ctx: AppContext, caller: Caller, returnTo?: string) {
  if (!ctx.config.oidc) return null;
  const callbackURL = safeReturnPath(returnTo) ?? '/dashboard';
  const { headers, response } = await ctx.identity.api.signInSocial({
    body: { provider: OIDC_PROVIDER_ID, callbackURL, errorCallbackURL: '/?auth=signin' },
    headers: caller.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new Error('the identity provider gave no authorization URL');
  return { url: response.url, setCookies: setCookiesOf(headers) };
}

export async function isUserActive(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.database.db, userId);
  return user?.isActive === true;
}
