import { z } from 'zod';
import { graphList, nextCursor } from '../http/graph-list';
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
 * The Graph API's JSON to our types, and its failures to our error kinds (platforms.md, Facebook
 * Pages). Pure: no I/O, tested alone (transform.test.ts).
 */

const parse = answerReader('facebook', 'Facebook');

/**
 * What a call to the Graph API was doing: decides what its failure means. `upload` adds an
 * unpublished photo: nobody sees it until a post attaches it, so it repeats like a read.
 */
export type FacebookOperation = 'exchange-code' | 'exchange-token' | 'read' | 'upload' | 'publish' | 'delete';

/** Calls that change nothing at Facebook, or change it the same way twice: safe to retry after a timeout. */
const REPEATABLE: ReadonlySet<FacebookOperation> = new Set(['read', 'upload', 'delete', 'exchange-token']);

interface HeaderReader {
  get(name: string): string | null;
}

const tokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
});

/**
 * A `GET /oauth/access_token` answer (code or `fb_exchange_token`) as a TokenSet. Facebook has no
 * refresh tokens, and its token answers carry no scopes (they come from `/me/permissions`).
 */
export function toTokenSet(body: unknown, now: Date, scopes: string[] = []): TokenSet {
  const parsed = parse(tokenResponse, body, 'token response');
  return {
    accessToken: parsed.access_token,
    refreshToken: null,
    expiresAt: parsed.expires_in === undefined ? null : new Date(now.getTime() + parsed.expires_in * 1000),
    refreshExpiresAt: null,
    scopes,
  };
}

const permissionsResponse = z.object({
  data: z.array(z.object({ permission: z.string(), status: z.string() })),
});

/** `GET /me/permissions`: the permissions the user granted (the dialog lets them decline some). */
export function toGrantedScopes(body: unknown): string[] {
  return parse(permissionsResponse, body, 'permissions')
    .data.filter((entry) => entry.status === 'granted')
    .map((entry) => entry.permission);
}

const count = z.number().int().nonnegative();
const pageObject = z.object({
  id: z.string().min(1),
  name: z.string(),
  access_token: z.string().min(1).optional(),
  username: z.string().min(1).optional(),
  picture: z
    .object({ data: z.object({ url: z.string().optional() }).loose() })
    .loose()
    .optional(),
  followers_count: count.optional(),
  fan_count: count.optional(),
  /** What the user may do on the Page; absent when the app may not read it. */
  tasks: z.array(z.string()).optional(),
});
const accountsResponse = z.object({
  data: z.array(pageObject),
  paging: z
    .object({
      cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
      next: z.string().optional(),
    })
    .optional(),
});

/**
 * One page of `GET /me/accounts`: the Pages the user may post to, each with its own Page token (a
 * Page token obtained with a long-lived user token does not expire: expiresAt null, no refresh
 * token), and the cursor of the next page when Facebook says there is one.
 *
 * Skipped: a Page without a token (the user has no role that grants one) and a Page whose `tasks`
 * lack CREATE_CONTENT (the user may not post there).
 *
 * username: the Page's own username (its vanity address, facebook.com/{username}) when it has one,
 * else its id: both open the Page at facebook.com/{x}, neither changes when the Page is renamed.
 * A slug of the name would do neither.
 */
export function toPageAccounts(
  body: unknown,
  scopes: string[],
): { accounts: ExternalAccount[]; after: string | null } {
  const parsed = parse(accountsResponse, body, 'list of Pages');
  const accounts = parsed.data.flatMap((page): ExternalAccount[] => {
    if (!page.access_token) return [];
    if (page.tasks && !page.tasks.includes('CREATE_CONTENT')) return [];
    return [
      {
        externalId: page.id,
        username: page.username ?? page.id,
        displayName: page.name || page.username || page.id,
        avatarUrl: page.picture?.data.url ?? null,
        followers: page.followers_count ?? page.fan_count ?? null,
        tokens: {
          accessToken: page.access_token,
          refreshToken: null,
          expiresAt: null,
          refreshExpiresAt: null,
          scopes,
        },
      },
    ];
  });
  return { accounts, after: nextCursor(parsed.paging) };
}

const businessesResponse = graphList(z.object({ id: z.string().min(1) }).loose());

/** One page of `GET /me/businesses`: the businesses' ids, and the next cursor when there is one. */
export function toBusinessIds(body: unknown): { ids: string[]; after: string | null } {
  const parsed = parse(businessesResponse, body, 'list of businesses');
  return {
    ids: parsed.data.map((business) => business.id),
    after: nextCursor(parsed.paging),
  };
}

const createdPost = z.object({ id: z.string().regex(/^\d+_\d+$/) });

/** `POST /{page-id}/feed` → the new post's id, `{page-id}_{post-id}`. */
export function toCreatedPostId(body: unknown): string {
  return parse(createdPost, body, 'created post').id;
}

/**
 * Where people read Facebook (and the simulator): the authorize URL without its
 * `/{version}/dialog/oauth`. `https://www.facebook.com/v23.0/dialog/oauth` →
 * `https://www.facebook.com`; the simulator's → `…/sandbox/facebook`.
 */
export function facebookWebBaseUrl(authorizeUrl: string): string {
  const match = /^(https?:\/\/[^?#]+?)\/(?:v\d+\.\d+\/)?dialog\/oauth\/?(?:[?#].*)?$/.exec(authorizeUrl);
  return match?.[1] ?? 'https://www.facebook.com';
}

/** A post's public link: facebook.com/{page-id}_{post-id} opens it (and redirects to its permalink). */
export function facebookPostUrl(webBaseUrl: string, externalId: string): string {
  return `${webBaseUrl.replace(/\/$/, '')}/${externalId}`;
}

/** The Graph error object (`{"error":{…}}`), as far as it was sent. */
export interface GraphError {
  message: string | undefined;
  type: string | undefined;
  code: number | undefined;
  subcode: number | undefined;
  userMessage: string | undefined;
  fbtraceId: string | undefined;
}

export function readGraphError(body: unknown): GraphError {
  // The rupload host (video uploads) answers its failures as `{"debug_info":{type, message}}`.
  const error =
    body && typeof body === 'object' && 'error' in body
      ? (body as { error: unknown }).error
      : body && typeof body === 'object' && 'debug_info' in body
        ? (body as { debug_info: unknown }).debug_info
        : undefined;
  const record = error && typeof error === 'object' ? (error as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const integer = (value: unknown) => {
    const number = typeof value === 'string' ? Number(value) : value;
    return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
  };
  return {
    message: text(record.message) ?? (typeof body === 'string' ? text(body)?.slice(0, 200) : undefined),
    type: text(record.type),
    code: integer(record.code),
    subcode: integer(record.error_subcode),
    userMessage: text(record.error_user_msg),
    fbtraceId: text(record.fbtrace_id),
  };
}

/** A Graph error that says the object (a post) does not exist, or is no longer visible. */
export class FacebookObjectMissingError extends SocialPlatformError {
  override name = 'FacebookObjectMissingError';
}

const TOKEN_CODES = new Set([190, 102]);
/** Throttling: app (4), user (17), Page (32), action-specific (613), Pages business use case (80001). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001]);
/** "You're posting too fast" (a subcode of a policy or throttling error). */
const POSTING_TOO_FAST = 1390008;
const DUPLICATE_POST = 506;
const POLICY_BLOCK = 368;
const INVALID_PARAMETER = 100;
/** "Requires upload file": the photo's URL could not be read. */
const REQUIRES_UPLOAD_FILE = 324;
/** "Unable to fetch video file from URL": a video's `file_url` could not be downloaded. */
const UNFETCHABLE_VIDEO = 389;
/** Code 100 with subcode 33: "Object with ID … does not exist, cannot be loaded due to missing permissions…". */
const MISSING_OBJECT_SUBCODE = 33;
const isPermissionCode = (code: number | undefined) =>
  code === 10 || (code !== undefined && code >= 200 && code <= 299);

/** The Graph usage headers that may say how long until calls are let in again. */
const USAGE_HEADERS = ['x-business-use-case-usage', 'x-app-usage', 'x-page-usage', 'x-ad-account-usage'];

/**
 * When Facebook lets the caller in again: the largest `estimated_time_to_regain_access` (minutes)
 * in the usage headers. X-Business-Use-Case-Usage holds it per business, per use case; X-App-Usage
 * and X-Page-Usage hold it at the top when they do. null when no header says.
 */
export function rateLimitResetFrom(headers: HeaderReader, now: Date): Date | null {
  let minutes: number | null = null;
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    const wait = Number(record.estimated_time_to_regain_access);
    if (record.estimated_time_to_regain_access !== undefined && Number.isFinite(wait) && wait > 0) {
      minutes = Math.max(minutes ?? 0, wait);
    }
    for (const nested of Object.values(record)) visit(nested, depth + 1);
  };
  for (const name of USAGE_HEADERS) {
    const raw = headers.get(name);
    if (!raw) continue;
    try {
      visit(JSON.parse(raw), 0);
    } catch {
      // A header that is not JSON says nothing usable.
    }
  }
  return minutes === null ? null : new Date(now.getTime() + (minutes as number) * 60_000);
}

/** The Graph API's answer to a failed call, as our error kind. */
export function facebookErrorFrom(input: {
  operation: FacebookOperation;
  status: number;
  headers: HeaderReader;
  body: unknown;
  now: Date;
}): SocialPlatformError {
  const { operation, status } = input;
  const error = readGraphError(input.body);
  const code = error.code;
  const said = error.userMessage ?? error.message ?? `HTTP ${status}`;
  const reason =
    code === undefined ? said : `${said} (code ${code}${error.subcode ? `/${error.subcode}` : ''})`;

  if (
    status === 429 ||
    (code !== undefined && RATE_LIMIT_CODES.has(code)) ||
    error.subcode === POSTING_TOO_FAST
  ) {
    const resetAt = rateLimitResetFrom(input.headers, input.now);
    return new RateLimitedError('facebook', `Facebook rate limit reached: ${reason}`, resetAt);
  }
  if (operation === 'exchange-code') {
    // An authorization code that is invalid, used or expired, or a wrong app secret (code 1, 100, 101).
    if (status < 500)
      return new SocialPlatformError('facebook', `Facebook refused the authorization: ${reason}`);
  }
  if (code !== undefined && TOKEN_CODES.has(code)) {
    return new TokenExpiredError('facebook', `Facebook refused the access token: ${reason}`);
  }
  if (isPermissionCode(code)) {
    return new SocialPlatformError(
      'facebook',
      `Facebook did not give Kitepost the permission it needs: ${reason}. Reconnect the Page and allow every permission Kitepost asks for.`,
    );
  }
  const serverError = serverErrorOf(facebookErrors, { operation, status, reason });
  if (serverError) return serverError;
  if (
    operation === 'upload' &&
    (code === REQUIRES_UPLOAD_FILE ||
      (code === INVALID_PARAMETER && error.subcode !== MISSING_OBJECT_SUBCODE))
  ) {
    return new InvalidContentError('facebook', `Facebook could not use the media: ${reason}`);
  }
  if (operation === 'upload' && error.type === 'ProcessingFailedError') {
    return new InvalidContentError('facebook', `Facebook could not fetch or read the video: ${reason}`);
  }
  if (operation === 'publish') {
    if (code === DUPLICATE_POST) {
      return new InvalidContentError('facebook', `Facebook refused the post as a duplicate: ${reason}`);
    }
    if (code === POLICY_BLOCK) {
      return new InvalidContentError('facebook', `Facebook blocked the post under its policies: ${reason}`);
    }
    if (code === INVALID_PARAMETER) {
      return new InvalidContentError('facebook', `Facebook refused the post: ${reason}`);
    }
    if (code === UNFETCHABLE_VIDEO) {
      return new InvalidContentError('facebook', `Facebook could not fetch the video: ${reason}`);
    }
  }
  // "Object with ID … does not exist" (subcode 33, or the message alone on some answers): the
  // post was deleted. Reads only: a publish or upload with code 100 was answered above.
  if (
    code === INVALID_PARAMETER &&
    (error.subcode === MISSING_OBJECT_SUBCODE || /does not exist/i.test(error.message ?? ''))
  ) {
    return new FacebookObjectMissingError('facebook', `Facebook does not know that object: ${reason}`);
  }
  return new SocialPlatformError('facebook', `Facebook answered ${status}: ${reason}`);
}

/** What the shared HTTP client (http/platform-http.ts) needs to know of Facebook's errors. */
export const facebookErrors: PlatformErrors<FacebookOperation> = {
  platform: 'facebook',
  name: 'Facebook',
  repeatable: REPEATABLE,
  fromAnswer: facebookErrorFrom,
};
