import {
  type AccountSecurity,
  type DisableTwoFactorBody,
  type PasskeySummary,
  securityMessages,
} from '../../../contracts/account-security';
import { accountMessages } from '../../../contracts/settings';
import type { AppContext } from '../../context';
import { refusalCodeOf, setCookiesOf } from '../../integrations/identity/better-auth';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { insertAuditEntry } from '../audit';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { findUserWithWorkspace } from '../users';
import { hasCredentialPassword } from './account.repository';
import type { OwnSession } from './account-security.service';
import { listOwnPasskeys } from './passkeys.service';

type SecurityContext = Pick<AppContext, 'database' | 'identity' | 'config'>;

/** Turns better-auth's refusals of these calls into our 400s with our words. */
function asOurRefusal(error: unknown): never {
  const code = refusalCodeOf(error);
  if (code === null) throw error;
  const message =
    {
      INVALID_PASSWORD: securityMessages.wrongPassword,
      TOTP_ALREADY_ENABLED: securityMessages.twoFactorAlreadyOn,
      TOTP_NOT_ENABLED: securityMessages.twoFactorNotStarted,
      INVALID_CODE: securityMessages.twoFactorWrongCode,
      INVALID_BACKUP_CODE: securityMessages.twoFactorWrongCode,
      BACKUP_CODES_NOT_ENABLED: securityMessages.twoFactorNotOn,
      TWO_FACTOR_NOT_ENABLED: securityMessages.twoFactorNotOn,
    }[code] ?? securityMessages.twoFactorWrongCode;
  throw new AppError('bad_request', message);
}

/** GET /api/user/security: the Privacy & Security card's state beyond the sessions. */
export async function getAccountSecurity(
  ctx: SecurityContext,
  caller: Caller,
  session: OwnSession,
): Promise<AccountSecurity> {
  const db = ctx.database.db;
  const [row, hasPassword, passkeys] = await Promise.all([
    findUserWithWorkspace(db, session.userId),
    hasCredentialPassword(db, session.userId),
    listOwnPasskeys(ctx, caller),
  ]);
  if (!row) throw new AppError('not_found', 'User not found');
  return {
    email: row.user.email,
    emailVerified: row.user.emailVerified,
    hasPassword,
    twoFactorEnabled: row.user.twoFactorEnabled,
    twoFactorRequiredByWorkspace: row.workspace.requireTwoFactor,
    passkeys: passkeys satisfies PasskeySummary[],
  };
}

/** Every call here costs a password check or a code: a stolen session must not become a guesser. */
async function limit(ctx: SecurityContext, session: OwnSession) {
  await enforceRateLimit(ctx.database.db, rateRules.twoFactorSettings, session.userId);
}

async function audit(ctx: SecurityContext, caller: Caller, session: OwnSession, action: string) {
  await insertAuditEntry(ctx.database.db, {
    actorUserId: session.userId,
    action,
    targetType: 'user',
    targetId: session.userId,
    ipAddress: caller.ip,
  });
}

/**
 * POST /api/user/two-factor/enable: better-auth checks the password and makes a secret and 10
 * backup codes (stored sealed). Two-factor is not on until the first code is confirmed (verify).
 * An account without a password (single sign-on) is protected by its provider (decision 056).
 */
export async function enableTwoFactor(
  ctx: SecurityContext,
  caller: Caller,
  session: OwnSession,
  password: string,
) {
  await limit(ctx, session);
  if (!(await hasCredentialPassword(ctx.database.db, session.userId))) {
    throw new AppError('conflict', accountMessages.noPassword);
  }
  try {
    const answer = await ctx.identity.api.enableTwoFactor({ body: { password }, headers: caller.headers });
    if (!('totpURI' in answer) || !answer.totpURI || !answer.backupCodes) {
      throw new Error('better-auth answered no authenticator secret');
    }
    return { totpURI: answer.totpURI, backupCodes: answer.backupCodes };
  } catch (error) {
    return asOurRefusal(error);
  }
}

/**
 * POST /api/user/two-factor/verify: the first code from the app turns two-factor on. better-auth
 * then replaces this session with a new one (its cookie comes back here).
 */
export async function confirmTwoFactor(
  ctx: SecurityContext,
  caller: Caller,
  session: OwnSession,
  code: string,
) {
  await limit(ctx, session);
  let setCookies: string[];
  try {
    const { headers } = await ctx.identity.api.verifyTOTP({
      body: { code },
      headers: caller.headers,
      returnHeaders: true,
    });
    setCookies = setCookiesOf(headers);
  } catch (error) {
    return asOurRefusal(error);
  }
  await audit(ctx, caller, session, 'user.two_factor_enabled');
  return { body: { twoFactorEnabled: true }, setCookies };
}

/**
 * POST /api/user/two-factor/disable: the password AND a current code (or a backup code): a
 * session alone, or a password alone, is not enough to take the second factor away.
 */
export async function disableTwoFactor(
  ctx: SecurityContext,
  caller: Caller,
  session: OwnSession,
  body: DisableTwoFactorBody,
) {
  await limit(ctx, session);
  const row = await findUserWithWorkspace(ctx.database.db, session.userId);
  if (!row?.user.twoFactorEnabled) throw new AppError('bad_request', securityMessages.twoFactorNotOn);
  let setCookies: string[];
  try {
    await ctx.identity.api.verifyPassword({ body: { password: body.password }, headers: caller.headers });
    if (/^\d{6}$/.test(body.code)) {
      await ctx.identity.api.verifyTOTP({ body: { code: body.code }, headers: caller.headers });
    } else {
      await ctx.identity.api.verifyBackupCode({
        body: { code: body.code, disableSession: true },
        headers: caller.headers,
      });
    }
    const { headers } = await ctx.identity.api.disableTwoFactor({
      body: { password: body.password },
      headers: caller.headers,
      returnHeaders: true,
    });
    setCookies = setCookiesOf(headers);
  } catch (error) {
    return asOurRefusal(error);
  }
  await audit(ctx, caller, session, 'user.two_factor_disabled');
  return { body: { twoFactorEnabled: false }, setCookies };
}

/** POST /api/user/two-factor/backup-codes: 10 new codes; the old ones stop working. */
export async function regenerateBackupCodes(
  ctx: SecurityContext,
  caller: Caller,
  session: OwnSession,
  password: string,
) {
  await limit(ctx, session);
  try {
    const answer = await ctx.identity.api.generateBackupCodes({
      body: { password },
      headers: caller.headers,
    });
    await audit(ctx, caller, session, 'user.backup_codes_regenerated');
    return { backupCodes: answer.backupCodes };
  } catch (error) {
    return asOurRefusal(error);
  }
}
