import { z } from 'zod';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import { answerReader } from '../http/parse-answer';
import { type PlatformErrors, serverErrorOf } from '../http/transport-error';
import { RateLimitedError, SocialPlatformError, TokenExpiredError, type TokenSet } from '../social-provider';

/*
 * Google's OAuth 2.0 answers to our types, and its failures to our error kinds. Pure: tested alone
 * (google-oauth-transform.test.ts). Source for every shape:
 * https://developers.google.com/identity/protocols/oauth2/web-server (steps 5 "Exchange
 * authorization code for refresh and access tokens", "Refreshing an access token (offline
 * access)", "Revoking a token"; error codes under "Error responses" and RFC 6749 §5.2).
 */

export type GoogleOAuthOperation = 'exchange-code' | 'refresh' | 'revoke';
/** A refresh or a revoke changes nothing the second time; a code is single-use. */
const REPEATABLE: ReadonlySet<GoogleOAuthOperation> = new Set(['refresh', 'revoke']);

/**
 * `POST https://oauth2.googleapis.com/token` → `{access_token, expires_in, refresh_token?, scope,
 * token_type: "Bearer", id_token?, refresh_token_expires_in?}`. `refresh_token` comes "only if"
 * access_type=offline; a refresh answers none (the old one stays valid). `refresh_token_expires_in`
 * is there only when the user granted time-based access.
 */
const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.coerce.number().positive().optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

const at = (now: Date, seconds: number | undefined) =>
  seconds === undefined ? null : new Date(now.getTime() + seconds * 1000);

/** A token answer as a TokenSet; an answer without a refresh token keeps the previous one. */
export function toGoogleTokenSet(
  platform: PublishingPlatform,
  body: unknown,
  now: Date,
  previous?: TokenSet,
): TokenSet {
  const parsed = answerReader(platform, 'Google')(tokenResponse, body, 'token response');
  const fresh = parsed.refresh_token;
  const refreshToken = fresh ?? previous?.refreshToken ?? null;
  return {
    accessToken: parsed.access_token,
    refreshToken,
    expiresAt: at(now, parsed.expires_in),
    refreshExpiresAt: fresh
      ? at(now, parsed.refresh_token_expires_in)
      : refreshToken
        ? (previous?.refreshExpiresAt ?? null)
        : null,
    scopes: parsed.scope ? parsed.scope.split(/\s+/).filter(Boolean) : (previous?.scopes ?? []),
  };
}

/** Google's OAuth error body: `{error, error_description?}` (RFC 6749 §5.2). */
export function readGoogleOAuthError(body: unknown): { error?: string; description?: string } {
  if (!body || typeof body !== 'object') {
    return typeof body === 'string' && body.trim() ? { description: body.trim().slice(0, 200) } : {};
  }
  const record = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  return { error: text(record.error), description: text(record.error_description) };
}

/**
 * A refused token or revoke call as our error kind. `invalid_grant` on a refresh ("Token has
 * been expired or revoked.": the user revoked access, the token went unused for six months, or a
 * Testing-mode app's 7-day limit) → TokenExpiredError: the user must reconnect.
 */
export function googleOAuthErrorFrom(
  platform: PublishingPlatform,
  input: { operation: GoogleOAuthOperation; status: number; body: unknown },
): SocialPlatformError {
  const { operation, status } = input;
  const said = readGoogleOAuthError(input.body);
  const reason = [said.error, said.description].filter(Boolean).join(': ') || `HTTP ${status}`;
  if (status === 429) return new RateLimitedError(platform, `Google's sign-in is busy: ${reason}`, null);
  const serverError = serverErrorOf(googleOAuthErrors(platform), { operation, status, reason });
  if (serverError) return serverError;
  if (said.error === 'invalid_client' || said.error === 'unauthorized_client') {
    return new SocialPlatformError(platform, `Google refused Kitepost's app credentials: ${reason}`);
  }
  if (operation === 'refresh' && (said.error === 'invalid_grant' || status === 401)) {
    return new TokenExpiredError(platform, `Google refused the refresh token: ${reason}`);
  }
  if (operation === 'revoke')
    return new SocialPlatformError(platform, `Google refused the revoke: ${reason}`);
  return new SocialPlatformError(platform, `Google refused the authorization: ${reason}`);
}

export function googleOAuthErrors(platform: PublishingPlatform): PlatformErrors<GoogleOAuthOperation> {
  return {
    platform,
    name: 'Google',
    repeatable: REPEATABLE,
    fromAnswer: (answer) => googleOAuthErrorFrom(platform, answer),
  };
}

/** `https://oauth2.googleapis.com/token` → `https://oauth2.googleapis.com/revoke` (the simulator's alike). */
export function revokeUrlOf(tokenUrl: string): string {
  const url = new URL(tokenUrl);
  url.pathname = url.pathname.replace(/\/[^/]*$/, '/revoke');
  url.search = '';
  return url.toString();
}
