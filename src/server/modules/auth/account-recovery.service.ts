import { createEmailVerificationToken, isAPIError } from 'better-auth/api';
import { type ResetPasswordBody, securityMessages } from '../../../contracts/account-security';
import { accountMessages } from '../../../contracts/settings';
import type { AppContext } from '../../context';
import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  type IdentityUser,
  PASSWORD_RESET_TTL_SECONDS,
  refusalCodeOf,
} from '../../integrations/identity/better-auth';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { conflictOnUniqueViolation } from '../../lib/unique-violation';
import { insertAuditEntry } from '../audit';
import { enforceRateLimit, rateRules } from '../rate-limits';
import {
  deleteSessionsOfUser,
  findPasswordResetExpiry,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  revokeAccessCode,
} from '../users';
import {
  composeEmailVerificationEmail,
  composePasswordResetEmail,
  composePasswordResetNoticeEmail,
} from './account-emails';
import { formatMomentFor } from './moment';

type RecoveryContext = Pick<AppContext, 'database' | 'identity' | 'mail' | 'config' | 'log'>;

/**
 * POST /api/auth/forgot-password. The same answer whether or not the address has an account (no
 * enumeration); a real, active account gets a link (better-auth makes the token, 1 hour, once).
 * Limited per caller's address and per email, so nobody floods an inbox.
 */
export async function requestPasswordReset(ctx: RecoveryContext, caller: Caller, email: string) {
  const db = ctx.database.db;
  await enforceRateLimit(db, rateRules.passwordResetRequest, caller.ip);
  await enforceRateLimit(db, rateRules.passwordResetEmail, email);
  const user = await findUserByEmail(db, email);
  // Inactive and built-in accounts cannot sign in: no link for them, and the same answer.
  if (user?.isActive && !user.isSystem) {
    await ctx.identity.api.requestPasswordReset({ body: { email }, headers: caller.headers });
  }
  return { success: true as const, message: securityMessages.resetRequested };
}

/** better-auth's sendResetPassword: the link is our page, not better-auth's redirect route. */
export async function sendPasswordResetLink(ctx: RecoveryContext, user: IdentityUser, token: string) {
  const profile = await findUserById(ctx.database.db, user.id);
  const message = await composePasswordResetEmail({
    to: user.email,
    firstName: profile?.firstName ?? '',
    resetUrl: `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`,
    token,
    minutes: PASSWORD_RESET_TTL_SECONDS / 60,
  });
  await ctx.mail.send(message);
}

/**
 * POST /api/auth/reset-password. better-auth checks the token (and uses it up), stores the new
 * hash and ends every session; onPasswordReset below does the rest. A used, expired or made-up
 * token is a 400 that says which.
 */
export async function resetPassword(ctx: RecoveryContext, caller: Caller, body: ResetPasswordBody) {
  const db = ctx.database.db;
  await enforceRateLimit(db, rateRules.passwordResetAttempt, caller.ip);
  try {
    await ctx.identity.api.resetPassword({
      body: { token: body.token, newPassword: body.newPassword },
      headers: caller.headers,
    });
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      const code = error.body?.code;
      if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') {
        throw new AppError('bad_request', error.message);
      }
      // better-auth says INVALID_TOKEN for a token it does not know and for an expired one alike;
      // an expired one's row is still there (it is deleted only when used), so we can tell them apart.
      const expiresAt = await findPasswordResetExpiry(db, body.token);
      const expired = expiresAt !== null && expiresAt.getTime() < Date.now();
      throw new AppError(
        'bad_request',
        expired ? securityMessages.resetLinkExpired : securityMessages.resetLinkInvalid,
      );
    }
    throw error;
  }
  return { success: true as const, message: securityMessages.resetDone };
}

/**
 * better-auth's onPasswordReset (after the new password is stored). Every session is ended
 * (better-auth's revokeSessionsOnPasswordReset does it too; this does not depend on it), the
 * access code goes (a second way in), the address counts as confirmed (the link reached it), and
 * the owner is told by email.
 */
export async function afterPasswordReset(ctx: RecoveryContext, user: IdentityUser) {
  const db = ctx.database.db;
  const [signedOut, accessCodeRevoked] = await Promise.all([
    deleteSessionsOfUser(db, user.id),
    revokeAccessCode(db, user.id),
    markEmailVerified(db, user.id),
  ]);
  await insertAuditEntry(db, {
    actorUserId: user.id,
    action: 'user.password_reset',
    targetType: 'user',
    targetId: user.id,
    after: { sessionsEnded: signedOut, accessCodeRevoked },
    ipAddress: null,
  });
  const profile = await findUserById(db, user.id);
  const message = await composePasswordResetNoticeEmail({
    to: user.email,
    firstName: profile?.firstName ?? '',
    when: formatMomentFor(new Date(), profile?.timezone ?? null),
    settingsUrl: `${ctx.config.appUrl}/settings#privacy-security`,
  });
  await ctx.mail.send(message);
}

const verifyUrlOf = (ctx: Pick<AppContext, 'config'>, token: string) =>
  `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;

/**
 * better-auth's sendVerificationEmail: sign-up, a resend, or a change of address (then
 * `user.email` is the new address, not yet the user's).
 */
export async function sendEmailVerificationLink(ctx: RecoveryContext, user: IdentityUser, token: string) {
  const profile = await findUserById(ctx.database.db, user.id);
  const message = await composeEmailVerificationEmail({
    to: user.email,
    firstName: profile?.firstName ?? '',
    verifyUrl: verifyUrlOf(ctx, token),
    token,
    newAddress: profile !== undefined && profile.email !== user.email.toLowerCase(),
    hours: EMAIL_VERIFICATION_TTL_SECONDS / 3600,
  });
  await ctx.mail.send(message);
}

/**
 * POST /api/auth/verify-email: the link's token (a signed JWT from better-auth). Confirms the
 * address, or switches to the new one the user asked for. Signed in or not: the token says who.
 */
export async function verifyEmail(ctx: RecoveryContext, caller: Caller, token: string) {
  await enforceRateLimit(ctx.database.db, rateRules.emailVerificationAttempt, caller.ip);
  // Only the token decides: a session of somebody else in this browser must not refuse it.
  const headers = new Headers(caller.headers);
  headers.delete('cookie');
  // Its claims, read before better-auth checks the signature; used only once it has.
  const change = readEmailChange(token);
  try {
    await conflictOnUniqueViolation(accountMessages.emailTaken, () =>
      ctx.identity.api.verifyEmail({ query: { token }, headers }),
    );
  } catch (error) {
    const code = refusalCodeOf(error);
    if (code === null) throw error;
    throw new AppError(
      'bad_request',
      code === 'TOKEN_EXPIRED' ? securityMessages.verifyLinkExpired : securityMessages.verifyLinkInvalid,
    );
  }
  if (!change) return { success: true as const, message: securityMessages.emailVerified };
  // better-auth keeps the old address's verified flag on the new one; the link reached the new
  // address, so it is confirmed.
  await markEmailVerified(ctx.database.db, change.userId);
  await insertAuditEntry(ctx.database.db, {
    actorUserId: change.userId,
    action: 'user.email_changed',
    targetType: 'user',
    targetId: change.userId,
    after: { email: change.updateTo },
    ipAddress: caller.ip,
  });
  return { success: true as const, message: securityMessages.emailChanged };
}

/** A change-of-email token's claims (the user and the new address), else null. */
function readEmailChange(token: string): { userId: string; updateTo: string } | null {
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { userId, updateTo } = claims;
    return typeof userId === 'string' && typeof updateTo === 'string' ? { userId, updateTo } : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/auth/verify-email/resend: a new link to the signed-in user's own address, made as
 * better-auth makes it (its signed token). Without SMTP the mail stays in the outbox, so the link
 * is answered to its owner (the sandbox shows invitation links the same way).
 */
export async function resendEmailVerification(ctx: RecoveryContext, userId: string) {
  const db = ctx.database.db;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', 'User not found');
  if (user.emailVerified) throw new AppError('bad_request', securityMessages.alreadyVerified);
  await enforceRateLimit(db, rateRules.emailVerificationResend, userId);
  const { secret } = await ctx.identity.$context;
  const token = await createEmailVerificationToken(
    secret,
    user.email,
    undefined,
    EMAIL_VERIFICATION_TTL_SECONDS,
    {
      userId,
    },
  );
  await sendEmailVerificationLink(ctx, { id: user.id, email: user.email, name: user.name }, token);
  if (!ctx.mail.sandbox) return { success: true as const, message: securityMessages.verificationSent };
  return {
    success: true as const,
    message: securityMessages.verificationSandbox,
    confirmUrl: verifyUrlOf(ctx, token),
  };
}
