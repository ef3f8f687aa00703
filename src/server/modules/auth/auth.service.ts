import { isAPIError } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import { securityMessages } from '../../../contracts/account-security';
import { type AccessCodeBody, authMessages, type SignInBody, type SignUpBody } from '../../../contracts/auth';
import { safeReturnPath } from '../../../contracts/return-path';
import type { AppContext } from '../../context';
import {
  OIDC_PROVIDER_ID,
  sessionCookieSettings,
  setCookiesOf,
} from '../../integrations/identity/better-auth';
import { describeError } from '../../integrations/identity/describe-error';
import type { DiscoveryState } from '../../integrations/identity/provider-discovery';
import type { Caller } from '../../lib/caller';
import { insertAuditEntry } from '../audit';
import { EVERYONE, enforceRateLimit, rateRules } from '../rate-limits';
import { findUserByAccessCodeHash, findUserByEmail, findUserById, grantSessionAdminAccess } from '../users';
import { composeLockoutEmail } from './lockout-email';
import { noteSignIn } from './new-device.service';
import { ensureOperatorUser } from './operator';
import { type AuthOutcome, loggedIn, refused } from './sign-in-outcome';

export async function signUp(ctx: AppContext, caller: Caller, input: SignUpBody) {
  const db = ctx.database.db;
  await enforceRateLimit(db, rateRules.signUp, caller.ip);
  // Sign-up says when an address is taken (decision 029); how often one address may hear it is
  // bounded. Counted before the lookup, so parallel probes cannot slip past; a free address
  // gives the hit back.
  const takenAnswer = await enforceRateLimit(db, rateRules.signUpTaken, caller.ip);
  if (await findUserByEmail(db, input.email)) return refused(409, authMessages.emailTaken);
  await takenAnswer.refund();
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
    return loggedIn(
      ctx,
      caller,
      response.user.id,
      `Welcome to Kitepost, ${input.firstName}!`,
      setCookiesOf(headers),
    );
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      // A race with another sign-up for the same address lands here too.
      const taken = error.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' || error.statusCode === 422;
      return refused(taken ? 409 : 400, taken ? authMessages.emailTaken : authMessages.signUpRefused);
    }
    throw error;
  }
}

/**
 * Email and password. Failures are limited per address and per account (whatever the address);
 * successes give their hits back. An unknown, inactive or built-in account costs the same
 * password hashing as a wrong password, so the time taken does not tell them apart.
 */
export async function signIn(ctx: AppContext, caller: Caller, input: SignInBody) {
  const db = ctx.database.db;
  const perAddress = await enforceRateLimit(db, rateRules.signIn, caller.ip, {
    onLockout: () => auditLockout(ctx, caller, 'auth.sign_in_locked', { scope: 'address' }),
  });
  const perAccount = await enforceRateLimit(db, rateRules.signInAccount, input.email, {
    onLockout: () => lockOutAccount(ctx, caller, input.email),
  });
  const user = await findUserByEmail(db, input.email);
  if (!user?.isActive || user.isSystem) {
    await hashLikeSignIn(ctx, input.password);
    return refused(401, authMessages.signInRefused);
  }
  // With two-factor on, better-auth's plugin answers { twoFactorRedirect } in place of the user.
  let signedIn: { headers: Headers; response: { user: { id: string } } | { twoFactorRedirect: true } };
  try {
    signedIn = await ctx.identity.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: caller.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) return refused(401, authMessages.signInRefused);
    throw error;
  }
  await Promise.all([perAddress.refund(), perAccount.refund()]);
  const { headers, response } = signedIn;
  if ('twoFactorRedirect' in response) {
    // better-auth's two-factor plugin ended the session it made and set a 10-minute challenge
    // cookie instead: POST /api/auth/two-factor with a code finishes the sign-in.
    return {
      status: 200,
      body: {
        success: false,
        user: null,
        message: securityMessages.twoFactorRequired,
        twoFactorRequired: true,
      },
      setCookies: setCookiesOf(headers),
    };
  }
  return loggedIn(ctx, caller, response.user.id, `Welcome back, ${user.firstName}!`, setCookiesOf(headers));
}

/**
 * The work better-auth does for a wrong password (it hashes the given one, as it does itself for
 * an unknown email), with the same algorithm and cost.
 */
async function hashLikeSignIn(ctx: AppContext, password: string) {
  const context = await ctx.identity.$context;
  await context.password.hash(password);
}

/** Once per lockout: audited, and the account's owner (if there is one) is told by email. */
async function lockOutAccount(ctx: AppContext, caller: Caller, email: string) {
  const user = await findUserByEmail(ctx.database.db, email);
  await auditLockout(ctx, caller, 'auth.sign_in_locked', { scope: 'account', email }, user?.id);
  if (!user?.isActive || user.isSystem) return;
  const message = await composeLockoutEmail({
    to: user.email,
    firstName: user.firstName,
    minutes: Math.round(rateRules.signInAccount.windowSeconds / 60),
    settingsUrl: `${ctx.config.appUrl}/settings`,
  });
  try {
    await ctx.mail.send(message);
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, 'sign-in lockout email not sent');
  }
}

async function auditLockout(
  ctx: AppContext,
  caller: Caller,
  action: string,
  after: Record<string, unknown>,
  userId?: string,
) {
  await insertAuditEntry(ctx.database.db, {
    actorUserId: null,
    action,
    targetType: userId ? 'user' : null,
    targetId: userId ?? null,
    after,
    ipAddress: caller.ip,
  });
}

/**
 * The User Login dialog's 4-character code (only users someone gave one have a code). Failures
 * are limited per address and across every address together (over 50 a minute pauses code
 * sign-in for 5 minutes), each lockout audited; off entirely with ACCESS_CODES=off.
 */
export async function signInWithAccessCode(ctx: AppContext, caller: Caller, input: AccessCodeBody) {
  if (!ctx.config.accessCodes) return refused(404, authMessages.accessCodesOff);
  const db = ctx.database.db;
  const perAddress = await enforceRateLimit(db, rateRules.accessCode, caller.ip, {
    onLockout: () => auditLockout(ctx, caller, 'auth.access_code_locked', { scope: 'address' }),
  });
  const everyone = await enforceRateLimit(db, rateRules.accessCodeGlobal, EVERYONE, {
    onLockout: () =>
      auditLockout(ctx, caller, 'auth.access_code_paused', {
        scope: 'everyone',
        minutes: Math.round((rateRules.accessCodeGlobal.lockoutSeconds ?? 0) / 60),
      }),
  });
  const user = await findUserByAccessCodeHash(db, ctx.accessCodes.hash(input.accessCode));
  if (!user?.isActive || user.isSystem) return refused(401, authMessages.accessCodeRefused);
  // A code skips the password and so cannot stand in for a second factor (decision 056).
  if (user.twoFactorEnabled) return refused(401, securityMessages.accessCodeTwoFactor);
  const { headers } = await ctx.identity.api.signInUserById({
    body: { userId: user.id },
    headers: caller.headers,
    returnHeaders: true,
  });
  await Promise.all([perAddress.refund(), everyone.refund()]);
  return loggedIn(ctx, caller, user.id, `Welcome back, ${user.firstName}!`, setCookiesOf(headers));
}

export async function signOut(ctx: AppContext, caller: Caller): Promise<string[]> {
  // better-auth logs and swallows a failed delete of the session, then clears the cookie
  // (api/routes/sign-out.mjs): while the database is away the person would read "signed out"
  // and the session would live on. Ask the database first: away, this is a 503 to try again.
  await ctx.database.db.execute(sql`select 1`);
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
  const attempt = await enforceRateLimit(db, rateRules.adminCode, caller.ip, {
    onLockout: () => auditLockout(ctx, caller, 'admin.access_locked', { scope: 'address' }, session?.userId),
  });
  if (!ctx.adminCode.verify(accessCode)) {
    await insertAuditEntry(db, {
      actorUserId: session?.userId ?? null,
      action: 'admin.access_denied',
      ipAddress: caller.ip,
    });
    return { status: 401, body: { success: false, message: authMessages.adminRefused }, setCookies: [] };
  }
  // Only failures count toward the limit.
  await attempt.refund();
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

/** What GET /api/login does: send the browser to the provider, or say it cannot be reached. */
export type ProviderSignInStart =
  | { kind: 'redirect'; url: string; setCookies: string[] }
  | { kind: 'unreachable'; retryAfterSeconds: number };

/**
 * GET /api/login: the provider's authorization URL (code flow with PKCE), or null without one.
 * After signing in the browser lands on `returnTo` when it is a path of this app, else /dashboard.
 * While the provider's discovery fails (read in the background), it is 'unreachable' at once.
 */
export async function startProviderSignIn(
  ctx: AppContext,
  caller: Caller,
  returnTo?: string,
): Promise<ProviderSignInStart | null> {
  if (!ctx.config.oidc || !ctx.identityProvider) return null;
  const discovery = await ctx.identityProvider.settled();
  if (discovery.status !== 'ok') return unreachable(discovery.retryInSeconds);
  const callbackURL = safeReturnPath(returnTo) ?? '/dashboard';
  try {
    const { headers, response } = await ctx.identity.api.signInSocial({
      body: { provider: OIDC_PROVIDER_ID, callbackURL, errorCallbackURL: '/?auth=signin' },
      headers: caller.headers,
      returnHeaders: true,
    });
    if (!response.url) throw new Error('the identity provider gave no authorization URL');
    return { kind: 'redirect', url: response.url, setCookies: setCookiesOf(headers) };
  } catch (error) {
    // better-auth answers 404 "Provider not found" while its own discovery of the provider fails
    // (it retries it per request): the provider went away since the background watch read it.
    if (!isAPIError(error) || error.body?.code !== 'PROVIDER_NOT_FOUND') throw error;
    ctx.log.warn({ cause: describeError(error) }, 'single sign-on: better-auth could not build the provider');
    ctx.identityProvider.reportFailure(error);
    return unreachable(ctx.identityProvider.state());
  }
}

function unreachable(retryIn: number | DiscoveryState): ProviderSignInStart {
  const seconds =
    typeof retryIn === 'number' ? retryIn : retryIn.status === 'ok' ? 1 : retryIn.retryInSeconds;
  // Not sooner than 5 s (a person reloading), not later than a minute (the backoff's ceiling).
  return { kind: 'unreachable', retryAfterSeconds: Math.min(60, Math.max(5, seconds)) };
}

export async function isUserActive(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.database.db, userId);
  return user?.isActive === true;
}

/**
 * After the provider's callback: when better-auth started a session (its cookie is among the
 * answer's), this browser is noted for the user as any sign-in's is (the new-device email).
 * Answers the device cookie to add, if any.
 */
export async function noteProviderSignIn(ctx: AppContext, caller: Caller, setCookies: string[]) {
  const { cookieName } = await sessionCookieSettings(ctx.identity);
  const line = setCookies.find((cookie) => cookie.startsWith(`${cookieName}=`));
  const value = line?.slice(cookieName.length + 1).split(';')[0];
  if (!value) return [];
  const session = await ctx.identity.api.getSession({
    headers: new Headers({ cookie: `${cookieName}=${value}` }),
  });
  return session ? noteSignIn(ctx, caller, session.user.id) : [];
}
