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
 * LinkedIn's JSON to our types, and LinkedIn's failures to our error kinds (platforms.md,
 * LinkedIn: OAuth 2.0, OpenID Connect userinfo, Posts API, member post analytics). Pure: no I/O,
 * tested alone (transform.test.ts).
 */

const parse = answerReader('linkedin', 'LinkedIn');

/**
 * What a call to LinkedIn was doing: decides what its failure means. `upload` registers or sends
 * an image: nothing anyone sees (an image no post uses stays invisible), so it repeats like a read.
 */
export type LinkedInOperation =
  | 'exchange-code'
  | 'refresh'
  | 'read'
  | 'upload'
  | 'publish'
  | 'comment'
  | 'delete';

/** Calls that change nothing at LinkedIn, or change it the same way twice: safe to retry after a timeout. */
const REPEATABLE: ReadonlySet<LinkedInOperation> = new Set(['read', 'upload', 'delete']);

interface HeaderReader {
  get(name: string): string | null;
}

const seconds = z.coerce.number().positive();
const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: seconds.optional(),
  // Only for apps LinkedIn approved for programmatic refresh tokens (platforms.md L1).
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: seconds.optional(),
  scope: z.string().optional(),
});

const at = (now: Date, inSeconds: number | undefined) =>
  inSeconds === undefined ? null : new Date(now.getTime() + inSeconds * 1000);

/**
 * A token endpoint answer as a TokenSet. LinkedIn writes granted scopes comma-separated
 * (`email,openid,profile,w_member_social`); spaces are read too. A refresh answer keeps the
 * refresh token's own expiry when it leaves it out: refreshing does not extend it (L1).
 */
export function toTokenSet(body: unknown, now: Date, previous?: TokenSet): TokenSet {
  const parsed = parse(tokenResponse, body, 'token response');
  const refreshToken = parsed.refresh_token ?? previous?.refreshToken ?? null;
  return {
    accessToken: parsed.access_token,
    refreshToken,
    expiresAt: at(now, parsed.expires_in),
    refreshExpiresAt: refreshToken
      ? (at(now, parsed.refresh_token_expires_in) ?? previous?.refreshExpiresAt ?? null)
      : null,
    scopes: parsed.scope ? parsed.scope.split(/[\s,]+/).filter(Boolean) : (previous?.scopes ?? []),
  };
}

const userinfo = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
  email: z.string().optional(),
});

/**
 * `GET /v2/userinfo` as the account to connect. userinfo carries no vanity name (the public
 * profile handle needs a restricted scope), so the username is the e-mail's local part, which
 * is what the member recognises as theirs; without an e-mail (scope not granted), a handle made of
 * the name (`ada-lovelace`); without either, the `sub`. Followers: LinkedIn documents no member
 * follower count for this product (platforms.md: UNCONFIRMED), so it is null, never guessed.
 */
export function toExternalAccount(body: unknown): ExternalAccount {
  const user = parse(userinfo, body, 'userinfo');
  const name =
    user.name?.trim() || [user.given_name, user.family_name].filter(Boolean).join(' ').trim() || undefined;
  const local = user.email?.split('@')[0]?.trim();
  const fromName = name
    ?.normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const username = local || fromName || user.sub;
  return {
    externalId: user.sub,
    username,
    displayName: name ?? username,
    avatarUrl: user.picture || null,
    followers: null,
  };
}

/** The author of a member's posts (platforms.md: `urn:li:person:{sub}`). */
export const personUrn = (sub: string) => `urn:li:person:${sub}`;

const POST_URN = /^urn:li:(share|ugcPost):\d+$/;

/** `POST /rest/posts` 201 → the new post's URN, sent in `x-restli-id` (no body). */
export function toCreatedPostUrn(headers: HeaderReader): string {
  const urn = (headers.get('x-restli-id') ?? headers.get('x-linkedin-id') ?? '').trim();
  if (!POST_URN.test(urn)) {
    throw new SocialPlatformError(
      'linkedin',
      `LinkedIn created the post but sent no post URN in x-restli-id (got "${urn.slice(0, 80)}")`,
    );
  }
  return urn;
}

/**
 * The `entity` of a memberCreatorPostAnalytics query: `(share:urn%3Ali%3Ashare%3A1)` or
 * `(ugc:urn%3Ali%3AugcPost%3A1)` (Rest.li 2.0 tuple, the URN encoded inside it).
 */
export function analyticsEntity(urn: string): string {
  const kind = POST_URN.exec(urn)?.[1];
  if (!kind) throw new SocialPlatformError('linkedin', `Not a LinkedIn post URN: ${urn}`);
  return `(${kind === 'share' ? 'share' : 'ugc'}:${encodeURIComponent(urn)})`;
}

/**
 * Where people read LinkedIn (and the simulator): the authorize URL without its
 * `/oauth/v2/authorization`. `https://www.linkedin.com/oauth/v2/authorization` →
 * `https://www.linkedin.com`; the simulator's → `…/sandbox/linkedin`.
 */
export function linkedInWebBaseUrl(authorizeUrl: string): string {
  const match = /^(https?:\/\/[^?#]+?)\/oauth\/v2\/authorization\/?(?:[?#].*)?$/.exec(authorizeUrl);
  return match?.[1] ?? 'https://www.linkedin.com';
}

/** A post's public link: LinkedIn's feed update page, the URN as it is (colons are fine in a path). */
export const linkedInPostUrl = (webBaseUrl: string, urn: string) => `${webBaseUrl}/feed/update/${urn}`;

interface LinkedInFailureBody {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
  /** OAuth endpoints: `{error, error_description}`. */
  oauthError?: string;
  oauthDescription?: string;
}

function readFailureBody(body: unknown): LinkedInFailureBody {
  if (typeof body === 'string') return body.trim() ? { message: body.trim().slice(0, 200) } : {};
  if (!body || typeof body !== 'object') return {};
  const record = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    status: number(record.status),
    serviceErrorCode: number(record.serviceErrorCode),
    code: text(record.code),
    message: text(record.message),
    oauthError: text(record.error),
    oauthDescription: text(record.error_description),
  };
}

/** LinkedIn's answer to a failed call, as our error kind. */
export function linkedInErrorFrom(input: {
  operation: LinkedInOperation;
  status: number;
  body: unknown;
  now: Date;
}): SocialPlatformError {
  const { operation, status } = input;
  const said = readFailureBody(input.body);
  const reason = said.oauthDescription ?? said.message ?? said.oauthError ?? said.code ?? `HTTP ${status}`;

  // LinkedIn's limits are counted per 24 h (reset at midnight UTC) and a 429 names no reset time
  // (platforms.md L9). Most 429s are short throttles (a burst of calls, a member limit), so the
  // post retries with the publisher's backoff inside its missed window rather than waiting for
  // midnight UTC, which would miss most scheduled times (audit 2026-11): no reset is given.
  if (status === 429) {
    return new RateLimitedError('linkedin', `LinkedIn rate limit reached: ${reason}`, null);
  }
  if (operation === 'exchange-code' || operation === 'refresh') {
    if (said.oauthError === 'invalid_client' || said.oauthError === 'unauthorized_client') {
      return new SocialPlatformError('linkedin', `LinkedIn refused Kitepost's app credentials: ${reason}`);
    }
    // A refused refresh token (expired after its 365 days, or revoked): the user must reconnect.
    if (operation === 'refresh' && (status === 400 || status === 401)) {
      return new TokenExpiredError('linkedin', `LinkedIn refused the refresh token: ${reason}`);
    }
    if (status < 500)
      return new SocialPlatformError('linkedin', `LinkedIn refused the authorization: ${reason}`);
  }
  // Expired or revoked access tokens answer 401 (serviceErrorCode 65600-65602 observed).
  if (status === 401) {
    return new TokenExpiredError('linkedin', `LinkedIn refused the access token: ${reason}`);
  }
  const serverError = serverErrorOf(linkedInErrors, { operation, status, reason });
  if (serverError) return serverError;
  // 422 (duplicate, unprocessable) or 400 (invalid body) on a publish: the post itself is refused.
  if (operation === 'publish' && (status === 400 || status === 422)) {
    return new InvalidContentError('linkedin', `LinkedIn refused the post: ${reason}`);
  }
  if (operation === 'upload' && (status === 400 || status === 413 || status === 422)) {
    return new InvalidContentError('linkedin', `LinkedIn refused the media: ${reason}`);
  }
  // A comment refused (400/422), or under a post LinkedIn does not know (404, deleted): another
  // attempt would be refused the same way.
  if (operation === 'comment' && (status === 400 || status === 404 || status === 422)) {
    return new InvalidContentError('linkedin', `LinkedIn refused the comment: ${reason}`);
  }
  return new SocialPlatformError('linkedin', `LinkedIn answered ${status}: ${reason}`);
}

/** What the shared HTTP client (http/platform-http.ts) needs to know of LinkedIn's errors. */
export const linkedInErrors: PlatformErrors<LinkedInOperation> = {
  platform: 'linkedin',
  name: 'LinkedIn',
  repeatable: REPEATABLE,
  fromAnswer: linkedInErrorFrom,
};
