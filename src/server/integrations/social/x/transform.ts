import { z } from 'zod';
import { answerReader } from '../http/parse-answer';
import { type PlatformErrors, serverErrorOf } from '../http/transport-error';
import {
  type ExternalAccount,
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  type TokenSet,
} from '../social-provider';

/*
 * X's JSON to our types, and X's failures to our error kinds (platforms.md, X API v2). Pure: no
 * I/O, tested alone (transform.test.ts).
 */

const parse = answerReader('twitter', 'X');

/**
 * What a call to X was doing: decides what its failure means. `upload` is a media upload: it
 * creates nothing anyone sees (an unused upload expires), so it repeats like a read.
 */
export type XOperation = 'exchange-code' | 'refresh' | 'revoke' | 'read' | 'upload' | 'publish' | 'delete';

/** Calls that change nothing at X, or change it the same way twice: safe to retry after a timeout. */
const REPEATABLE: ReadonlySet<XOperation> = new Set(['read', 'upload', 'delete', 'revoke']);

interface HeaderReader {
  get(name: string): string | null;
}

const tokenResponse = z.object({
  token_type: z.string().optional(),
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  scope: z.string().optional(),
  refresh_token: z.string().min(1).optional(),
});

/** A token endpoint answer as a TokenSet. A refresh answer without a refresh token keeps the old one. */
export function toTokenSet(body: unknown, now: Date, previous?: TokenSet): TokenSet {
  const parsed = parse(tokenResponse, body, 'token response');
  return {
    accessToken: parsed.access_token,
    refreshToken: parsed.refresh_token ?? previous?.refreshToken ?? null,
    expiresAt: parsed.expires_in === undefined ? null : new Date(now.getTime() + parsed.expires_in * 1000),
    // X does not say how long a refresh token lives (platforms.md: UNCONFIRMED).
    refreshExpiresAt: null,
    scopes: parsed.scope ? parsed.scope.split(/\s+/).filter(Boolean) : (previous?.scopes ?? []),
  };
}

const userResponse = z.object({
  data: z.object({
    id: z.string().min(1),
    name: z.string(),
    username: z.string().min(1),
    profile_image_url: z.string().optional(),
    public_metrics: z.object({ followers_count: z.number().int().nonnegative() }).partial().optional(),
  }),
});

/** `GET /2/users/me?user.fields=profile_image_url,public_metrics` as the account to connect. */
export function toExternalAccount(body: unknown): ExternalAccount {
  const { data } = parse(userResponse, body, 'user');
  return {
    externalId: data.id,
    username: data.username,
    displayName: data.name || data.username,
    // X serves a 48 px picture by default; the same picture in 400 px reads better on a card.
    avatarUrl: data.profile_image_url?.replace(/_normal(\.\w+)$/, '_400x400$1') ?? null,
    followers: data.public_metrics?.followers_count ?? null,
  };
}

const createdPost = z.object({
  data: z.object({ id: z.string().regex(/^\d+$/), text: z.string().optional() }),
});

/** `POST /2/tweets` 201 → the new post's id. */
export function toCreatedPostId(body: unknown): string {
  return parse(createdPost, body, 'created post').data.id;
}

/**
 * Where people read X (and the simulator): the authorize URL without its `/i/oauth2/authorize`.
 * `https://x.com/i/oauth2/authorize` → `https://x.com`; the simulator's → `…/sandbox/twitter`.
 */
export function xWebBaseUrl(authorizeUrl: string): string {
  const match = /^(https?:\/\/[^?#]+?)\/i\/oauth2\/authorize\/?(?:[?#].*)?$/.exec(authorizeUrl);
  return match?.[1] ?? 'https://x.com';
}

/** A post's public link. Without the username, X's id-only link, which redirects to the canonical one. */
export function xPostUrl(webBaseUrl: string, externalId: string, username?: string): string {
  return username
    ? `${webBaseUrl}/${encodeURIComponent(username)}/status/${externalId}`
    : `${webBaseUrl}/i/web/status/${externalId}`;
}

/** A 24-hour cap X reports as spent: whose it is, its size, and when it lifts. */
export interface XDailyCapSpent {
  whose: 'user' | 'app';
  limit: number | null;
  resetAt: Date;
}

const epochHeader = (headers: HeaderReader, name: string): Date | null => {
  const value = Number(headers.get(name));
  return headers.get(name) && Number.isFinite(value) && value > 0 ? new Date(value * 1000) : null;
};

/**
 * The 24-hour cap behind a 429, if one is spent: `x-user-limit-24hour-*` (the user's posts a day)
 * and `x-app-limit-24hour-*` (the app's), remaining 0 (docs.x.com x-api/fundamentals/rate-limits;
 * twitter-api-v2 reads them as `rateLimit.day`, issue #495). The 15-minute `x-rate-limit-reset`
 * does not lift these: waiting for it only spends another attempt. Both spent: the later reset.
 */
export function dailyCapSpent(headers: HeaderReader): XDailyCapSpent | null {
  let spent: XDailyCapSpent | null = null;
  for (const whose of ['user', 'app'] as const) {
    const prefix = `x-${whose}-limit-24hour`;
    const remaining = headers.get(`${prefix}-remaining`);
    const resetAt = epochHeader(headers, `${prefix}-reset`);
    if (remaining === null || remaining.trim() === '' || Number(remaining) > 0 || !resetAt) continue;
    const limit = Number(headers.get(`${prefix}-limit`));
    if (!spent || resetAt > spent.resetAt) {
      spent = { whose, limit: Number.isFinite(limit) && limit > 0 ? limit : null, resetAt };
    }
  }
  return spent;
}

/**
 * When X lets the caller in again: a spent 24-hour cap's reset (dailyCapSpent), else
 * `x-rate-limit-reset` (epoch seconds), else `retry-after` (seconds).
 */
export function rateLimitResetFrom(headers: HeaderReader, now: Date): Date | null {
  const daily = dailyCapSpent(headers);
  if (daily) return daily.resetAt;
  const reset = Number(headers.get('x-rate-limit-reset'));
  if (headers.get('x-rate-limit-reset') && Number.isFinite(reset) && reset > 0) return new Date(reset * 1000);
  const retryAfter = Number(headers.get('retry-after'));
  if (headers.get('retry-after') && Number.isFinite(retryAfter) && retryAfter >= 0) {
    return new Date(now.getTime() + retryAfter * 1000);
  }
  return null;
}

const LEGACY_RATE_LIMITED = 88;
const LEGACY_BAD_TOKEN = new Set([89, 215]);
const LEGACY_BAD_CONTENT = new Set([170, 186, 187]);
/** Problems that are about Kitepost's app or permissions, never about the post's content. */
const APP_PROBLEMS = [
  'client-forbidden',
  'unsupported-authentication',
  'oauth1-permissions',
  'client-not-enrolled',
];

interface XFailureBody {
  type?: string;
  title?: string;
  detail?: string;
  /** OAuth endpoints: `{error, error_description}`. */
  oauthError?: string;
  oauthDescription?: string;
  legacyCodes: number[];
  messages: string[];
}

function readFailureBody(body: unknown): XFailureBody {
  const out: XFailureBody = { legacyCodes: [], messages: [] };
  if (typeof body === 'string') {
    if (body.trim()) out.messages.push(body.trim().slice(0, 200));
    return out;
  }
  if (!body || typeof body !== 'object') return out;
  const record = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  out.type = text(record.type);
  out.title = text(record.title);
  out.detail = text(record.detail);
  out.oauthError = text(record.error);
  out.oauthDescription = text(record.error_description);
  if (Array.isArray(record.errors)) {
    for (const error of record.errors) {
      if (!error || typeof error !== 'object') continue;
      const { code, message } = error as Record<string, unknown>;
      if (typeof code === 'number') out.legacyCodes.push(code);
      const said = text(message);
      if (said) out.messages.push(said);
    }
  }
  return out;
}

const problemIs = (type: string | undefined, name: string) => Boolean(type?.endsWith(`/2/problems/${name}`));

/** X's answer to a failed call, as our error kind. */
export function xErrorFrom(input: {
  operation: XOperation;
  status: number;
  headers: HeaderReader;
  body: unknown;
  now: Date;
}): SocialPlatformError {
  const { operation, status } = input;
  const said = readFailureBody(input.body);
  const reason =
    said.oauthDescription ??
    said.messages[0] ??
    said.detail ??
    said.title ??
    said.oauthError ??
    `HTTP ${status}`;

  if (
    status === 429 ||
    said.legacyCodes.includes(LEGACY_RATE_LIMITED) ||
    problemIs(said.type, 'usage-capped') ||
    problemIs(said.type, 'rate-limit-exceeded')
  ) {
    const resetAt = rateLimitResetFrom(input.headers, input.now);
    const daily = dailyCapSpent(input.headers);
    if (daily) {
      const cap = daily.limit === null ? '' : ` (${daily.limit} posts per 24 hours)`;
      const whose =
        daily.whose === 'user'
          ? `this account's daily post limit${cap}`
          : `Kitepost's X app's daily post limit${cap}`;
      return new RateLimitedError(
        'twitter',
        `X refused: ${whose} is used up until ${daily.resetAt.toISOString()}.`,
        daily.resetAt,
      );
    }
    return new RateLimitedError('twitter', `X rate limit reached: ${reason}`, resetAt);
  }
  if (operation === 'exchange-code' || operation === 'refresh' || operation === 'revoke') {
    if (said.oauthError === 'unauthorized_client' || said.oauthError === 'invalid_client') {
      return new SocialPlatformError('twitter', `X refused Kitepost's app credentials: ${reason}`);
    }
    // A refused refresh token (X answers 400 invalid_request) means the user must reconnect.
    if (operation === 'refresh' && (status === 400 || status === 401)) {
      return new TokenExpiredError('twitter', `X refused the refresh token: ${reason}`);
    }
    if (status < 500) return new SocialPlatformError('twitter', `X refused the authorization: ${reason}`);
  }
  if (status === 401 || said.legacyCodes.some((code) => LEGACY_BAD_TOKEN.has(code))) {
    return new TokenExpiredError('twitter', `X refused the access token: ${reason}`);
  }
  const serverError = serverErrorOf(xErrors, { operation, status, reason });
  if (serverError) return serverError;
  const aboutTheApp = APP_PROBLEMS.some((name) => problemIs(said.type, name));
  if (operation === 'upload' && !aboutTheApp) {
    if (status === 403) {
      // Tokens granted before media.write was asked for cannot upload (platforms.md, X OAuth):
      // connecting again grants it.
      return new TokenExpiredError(
        'twitter',
        `X refused the media upload (the connection may lack media.write); reconnect the account: ${reason}`,
      );
    }
    if (status === 400 || status === 413) {
      return new InvalidContentError('twitter', `X refused the media: ${reason}`);
    }
  }
  if (operation === 'publish') {
    if (
      !aboutTheApp &&
      (status === 400 || status === 403 || said.legacyCodes.some((code) => LEGACY_BAD_CONTENT.has(code)))
    ) {
      return new InvalidContentError('twitter', `X refused the post: ${reason}`);
    }
  }
  return new SocialPlatformError('twitter', `X answered ${status}: ${reason}`);
}

/** What the shared HTTP client (http/platform-http.ts) needs to know of X's errors. */
export const xErrors: PlatformErrors<XOperation> = {
  platform: 'twitter',
  name: 'X',
  repeatable: REPEATABLE,
  fromAnswer: xErrorFrom,
};
