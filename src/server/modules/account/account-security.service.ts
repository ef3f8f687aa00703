import { isAPIError } from 'better-auth/api';
import { accountMessages, type ChangePasswordBody, type UserSessionList } from '../../../contracts/settings';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { OIDC_PROVIDER_ID, setCookiesOf } from '../../integrations/identity/better-auth';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { insertAuditEntry } from '../audit';
import { enforceRateLimit, type RateRule } from '../rate-limits';
import { revokeAccessCode } from '../users';
import {
  deleteOtherSessionsOf,
  hasCredentialPassword,
  hasProviderAccount,
  listLiveSessionsOf,
} from './account.repository';

/** The signed-in session acting on its own user. */
export interface OwnSession {
  userId: string;
  sessionId: string;
}

/**
 * Per user, every attempt counted: a stolen session must not become a way to guess the
 * password (which also signs in elsewhere) at the speed of the network.
 */
export const passwordChangeRule: RateRule = { name: 'password-change', max: 5, windowSeconds: 15 * 60 };

/** More than anyone signs in from; the list is for recognising them, revoking ends them all. */
const SESSION_LIST_LIMIT = 100;

/**
 * POST /api/user/password: better-auth checks the current password and stores the new hash.
 * It is asked NOT to revoke sessions itself: it would end the current one too and issue a new
 * session (losing this one's admin access). The other sessions are ended here instead, so this
 * browser stays signed in with the cookie it has. Answers the cookies better-auth set, if any.
 */
export async function changePassword(
  ctx: Pick<AppContext, 'database' | 'identity'>,
  caller: Caller,
  session: OwnSession,
  body: ChangePasswordBody,
): Promise<{ setCookies: string[]; signedOut: number }> {
  await enforceRateLimit(ctx.database.db, passwordChangeRule, session.userId);
  if (!(await hasCredentialPassword(ctx.database.db, session.userId))) {
    throw new AppError('conflict', accountMessages.noPassword);
  }
  let setCookies: string[];
  try {
    const { headers } = await ctx.identity.api.changePassword({
      body: {
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        revokeOtherSessions: false,
      },
      headers: caller.headers,
      returnHeaders: true,
    });
    setCookies = setCookiesOf(headers);
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      const code = error.body?.code;
      if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') throw new AppError('conflict', accountMessages.noPassword);
      if (code === 'INVALID_PASSWORD') throw new AppError('bad_request', accountMessages.wrongPassword);
      // Our own schema already bounds the lengths; anything else better-auth refuses is a 400 too.
      throw new AppError('bad_request', error.message || accountMessages.wrongPassword);
    }
    throw error;
  }
  // A code is a second way in; whoever changes the password (say, after a leak) closes it too.
  const accessCodeRevoked = await revokeAccessCode(ctx.database.db, session.userId);
  const signedOut = body.signOutOtherSessions
    ? await deleteOtherSessionsOf(ctx.database.db, session.userId, session.sessionId)
    : 0;
  await insertAuditEntry(ctx.database.db, {
    actorUserId: session.userId,
    action: 'user.password_changed',
    targetType: 'user',
    targetId: session.userId,
    after: { otherSessionsEnded: signedOut, accessCodeRevoked },
    ipAddress: caller.ip,
  });
  return { setCookies, signedOut };
}

/** GET /api/user/sessions: where the user is signed in, this browser flagged. */
export async function listUserSessions(
  db: Db,
  session: OwnSession,
  now = new Date(),
): Promise<UserSessionList> {
  const [rows, hasPassword, hasSingleSignOn] = await Promise.all([
    listLiveSessionsOf(db, session.userId, now, SESSION_LIST_LIMIT),
    hasCredentialPassword(db, session.userId),
    hasProviderAccount(db, session.userId, OIDC_PROVIDER_ID),
  ]);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      current: row.id === session.sessionId,
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
      // A session's row is written when it starts and each time its expiry slides (at most
      // daily, better-auth's updateAge): the last activity known to within a day.
      lastActiveAt: row.updatedAt.toISOString(),
    })),
    hasPassword,
    hasSingleSignOn,
  };
}

/** POST /api/user/sessions/revoke-others: every other browser and device is signed out. */
export async function revokeOtherSessions(db: Db, session: OwnSession): Promise<{ signedOut: number }> {
  return { signedOut: await deleteOtherSessionsOf(db, session.userId, session.sessionId) };
}

/**
 * POST /api/user/single-sign-on/link: the provider's authorization URL for linking the signed-in
 * user's provider account (better-auth's link flow: the state names this user, and the callback
 * links rather than signs in). The provider must assert the same email as verified (decision 031).
 */
export async function startSingleSignOnLink(
  ctx: Pick<AppContext, 'config' | 'identity' | 'identityProvider'>,
  caller: Caller,
): Promise<{ url: string; setCookies: string[] }> {
  if (ctx.config.oidc === undefined) throw new AppError('not_found', 'Single sign-on is not configured.');
  const discovery = await ctx.identityProvider?.settled();
  if (discovery?.status === 'unreachable') {
    throw new AppError(
      'service_unavailable',
      'Single sign-on is unreachable right now. It works again as soon as your sign-in service answers.',
      { retryAfterSeconds: Math.min(60, Math.max(5, discovery.retryInSeconds)) },
    );
  }
  const { headers, response } = await ctx.identity.api.linkSocialAccount({
    body: {
      provider: OIDC_PROVIDER_ID,
      callbackURL: '/settings?sso=linked#privacy-security',
      errorCallbackURL: '/settings?sso=error#privacy-security',
      disableRedirect: true,
    },
    headers: caller.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new Error('the identity provider gave no authorization URL');
  return { url: response.url, setCookies: setCookiesOf(headers) };
}
