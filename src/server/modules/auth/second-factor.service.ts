import { securityMessages, type TwoFactorSignInBody } from '../../../contracts/account-security';
import type { AppContext } from '../../context';
import { passkeyRelyingParty, refusalCodeOf, setCookiesOf } from '../../integrations/identity/better-auth';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../lib/caller';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { loggedIn, refused } from './sign-in-outcome';

/** The browser's signed answer as better-auth's passkey plugin types it (AuthenticationResponseJSON). */
type PasskeyAssertion = NonNullable<
  Parameters<AppContext['identity']['api']['verifyPasskeyAuthentication']>[0]
>['body']['response'];

const SIX_DIGITS = /^\d{6}$/;

const welcomeBack = ({ firstName }: { firstName: string }) =>
  firstName.trim() ? `Welcome back, ${firstName.trim()}!` : 'Welcome back!';

/**
 * POST /api/auth/two-factor: the second step of a password sign-in that answered
 * `twoFactorRequired`. better-auth reads its challenge cookie, checks the code (6 digits from the
 * app, else a backup code, which is then used up), ends the challenge after 5 wrong codes and
 * locks the account's codes for 15 minutes after 10; we also limit per address.
 */
export async function completeTwoFactorSignIn(ctx: AppContext, caller: Caller, body: TwoFactorSignInBody) {
  await enforceRateLimit(ctx.database.db, rateRules.twoFactorSignIn, caller.ip);
  const trustDevice = body.trustDevice === true;
  let answer: { headers: Headers; response: { user: { id: string } } };
  try {
    answer = SIX_DIGITS.test(body.code)
      ? await ctx.identity.api.verifyTOTP({
          body: { code: body.code, trustDevice },
          headers: caller.headers,
          returnHeaders: true,
        })
      : await ctx.identity.api.verifyBackupCode({
          body: { code: body.code, trustDevice },
          headers: caller.headers,
          returnHeaders: true,
        });
  } catch (error) {
    const code = refusalCodeOf(error);
    if (code === null) throw error;
    if (code === 'ACCOUNT_TEMPORARILY_LOCKED') {
      throw new AppError('rate_limited', securityMessages.twoFactorLocked, { retryAfterSeconds: 15 * 60 });
    }
    if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE') {
      return refused(401, securityMessages.twoFactorWrongCode);
    }
    // No challenge (never started, 10 minutes passed, or 5 wrong codes used it up).
    return refused(401, securityMessages.twoFactorExpired);
  }
  const { headers, response } = answer;
  return loggedIn(ctx, caller, response.user.id, welcomeBack, setCookiesOf(headers));
}

/** Whether this server can offer passkeys at all (WebAuthn needs a domain, not an IP). */
export const passkeysOffered = (ctx: Pick<AppContext, 'config'>) =>
  passkeyRelyingParty(ctx.config.appUrl) !== null;

/** Refuses (503) on a server whose APP_URL is an IP address. */
export function requirePasskeys(ctx: Pick<AppContext, 'config'>) {
  if (!passkeysOffered(ctx)) {
    throw new AppError(
      'service_unavailable',
      'Passkeys need this server to be reached by a domain name, not an IP address.',
    );
  }
}

/**
 * POST /api/auth/passkey/options: a challenge for any passkey of this site (discoverable
 * credentials: the person picks one, no email first), kept by better-auth for 5 minutes.
 */
export async function passkeySignInOptions(ctx: AppContext, caller: Caller) {
  requirePasskeys(ctx);
  await enforceRateLimit(ctx.database.db, rateRules.passkeySignIn, caller.ip);
  // Not tied to whoever may be signed in in this browser: the passkey says who signs in.
  const headers = new Headers(caller.headers);
  headers.delete('cookie');
  const { headers: answerHeaders, response } = await ctx.identity.api.generatePasskeyAuthenticationOptions({
    headers,
    returnHeaders: true,
  });
  return { options: response as unknown as Record<string, unknown>, setCookies: setCookiesOf(answerHeaders) };
}

/**
 * POST /api/auth/passkey: better-auth checks the signed challenge against the stored public key
 * and starts a session. A passkey is a sign-in of its own, with no second code (decision 056).
 */
export async function signInWithPasskey(ctx: AppContext, caller: Caller, response: Record<string, unknown>) {
  requirePasskeys(ctx);
  let answer: { headers: Headers; response: { session: { userId: string } } };
  try {
    answer = await ctx.identity.api.verifyPasskeyAuthentication({
      // The browser's JSON as it came: @simplewebauthn checks every field and refuses a bad one.
      body: { response: response as unknown as PasskeyAssertion },
      headers: caller.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (refusalCodeOf(error) === null) throw error;
    return refused(401, securityMessages.passkeyRefused);
  }
  const userId = answer.response.session.userId;
  return loggedIn(ctx, caller, userId, welcomeBack, setCookiesOf(answer.headers));
}
