import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FaultAnswers, SandboxFault, SimulatedAnswer, SimulatedCallKind } from './sandbox-faults';
import type { SandboxAccount } from './sandbox-store';

/*
 * How the pretend X says things (platforms.md, X API v2): RFC 7807 problems on the API, OAuth
 * `{error, error_description}` on the token endpoints, rate-limit headers in epoch seconds.
 */

export const X_LABEL = 'X';
export const X_LOGO = '𝕏';
export const X_BASE_PATH = '/sandbox/twitter';
export const X_PROBLEMS = 'https://api.x.com/2/problems';
export const X_ACCESS_TOKEN_SECONDS = 7200;
export const X_CODE_SECONDS = 30;
export const X_MAX_WEIGHTED_LENGTH = 280;
export const X_USERNAME = /^[A-Za-z0-9_]{1,15}$/;
export const X_USERNAME_RULE = '1 to 15 letters, digits or underscores.';

/** Scopes the pretend X knows, with what the consent page says about each. */
export const X_SCOPES: Record<string, string> = {
  'tweet.read': 'Read posts you can see, including from protected accounts.',
  'tweet.write': 'Create and delete posts for you.',
  'users.read': 'Read your profile and any account you can see.',
  'media.write': 'Upload images and videos for you.',
  'offline.access': 'Stay connected until you revoke access.',
  'follows.read': 'See who you follow and who follows you.',
  'like.read': 'See posts you liked.',
};

export function problem(
  status: number,
  title: string,
  detail: string,
  type = 'about:blank',
  extra: Record<string, unknown> = {},
): SimulatedAnswer {
  return { status, body: { ...extra, title, detail, type, status } };
}

export function invalidRequest(message: string, parameters: Record<string, string[]> = {}): SimulatedAnswer {
  return problem(
    400,
    'Invalid Request',
    'One or more parameters to your request was invalid.',
    `${X_PROBLEMS}/invalid-request`,
    {
      errors: [{ parameters, message }],
    },
  );
}

export const forbidden = (detail: string) => problem(403, 'Forbidden', detail);

export const oauthError = (status: number, error: string, description: string): SimulatedAnswer => ({
  status,
  body: { error, error_description: description },
});

export function rateLimitHeaders(resetAt: Date, limit = 100, remaining = 0): Record<string, string> {
  return {
    'x-rate-limit-limit': String(limit),
    'x-rate-limit-remaining': String(remaining),
    'x-rate-limit-reset': String(Math.ceil(resetAt.getTime() / 1000)),
  };
}

/** One 24-hour cap's state, as X reports it (epoch seconds for the reset). */
export interface XDailyCap {
  limit: number;
  remaining: number;
  resetAt: Date;
}

/**
 * X's 24-hour caps on creating posts, sent beside the 15-minute `x-rate-limit-*` headers:
 * `x-user-limit-24hour-*` for the user's cap and `x-app-limit-24hour-*` for the app's
 * (docs.x.com x-api/fundamentals/rate-limits; twitter-api-v2 added `rateLimit.day` for them, issue
 * #495). A 429 with one of them at 0 is not lifted by the 15-minute `x-rate-limit-reset`.
 */
export function dailyCapHeaders(caps: { user: XDailyCap; app: XDailyCap }): Record<string, string> {
  const epoch = (date: Date) => String(Math.ceil(date.getTime() / 1000));
  return {
    'x-user-limit-24hour-limit': String(caps.user.limit),
    'x-user-limit-24hour-remaining': String(Math.max(0, caps.user.remaining)),
    'x-user-limit-24hour-reset': epoch(caps.user.resetAt),
    'x-app-limit-24hour-limit': String(caps.app.limit),
    'x-app-limit-24hour-remaining': String(Math.max(0, caps.app.remaining)),
    'x-app-limit-24hour-reset': epoch(caps.app.resetAt),
  };
}

/** Injected failures on the v2 API (Bearer calls). */
export const xApiFaults: FaultAnswers = {
  rateLimited: (resetAt) => ({
    ...problem(429, 'Too Many Requests', 'Too Many Requests'),
    headers: rateLimitHeaders(resetAt),
  }),
  unauthorized: () => problem(401, 'Unauthorized', 'Unauthorized'),
  unavailable: () => problem(503, 'Service Unavailable', 'Service Unavailable'),
  internalError: () => problem(500, 'Internal Error', 'Something went wrong. Please try again later.'),
};

/** Injected failures on the OAuth endpoints: an expired token there is a refused refresh token. */
export const xOAuthFaults: FaultAnswers = {
  ...xApiFaults,
  unauthorized: () => oauthError(400, 'invalid_request', 'Value passed for the token was invalid.'),
};

/** A t.co-style short link, the same for the same target. */
function shortLink(target: string): string {
  return `https://t.co/${createHash('sha256').update(target).digest('base64url').replace(/[-_]/g, 'x').slice(0, 10)}`;
}

/**
 * A post's text as X's API reads it back: every link wrapped in a t.co link, and, when the post
 * has images, a t.co link to them at the end (X stores and answers the text that way; what was
 * sent is not echoed back byte for byte).
 */
export function xDisplayText(text: string, mediaPostId: string | null): string {
  const wrapped = text.replace(/https?:\/\/[^\s]+/g, (url) => shortLink(url));
  if (!mediaPostId) return wrapped;
  const link = shortLink(`media:${mediaPostId}`);
  return wrapped === '' ? link : `${wrapped} ${link}`;
}

/** Who calls the pretend X's API: the token's account and its scopes. */
export type XCaller = {
  account: SandboxAccount;
  scopes: string[];
  /** The sandbox fault this call carries, for the faults a route applies itself. */
  fault: SandboxFault | null;
};
/** An X API route's handler factory: Bearer auth, the scopes it needs, the kind of call, faults. */
/** An X API route's handler factory: Bearer auth, the scopes it needs, the kind of call, faults. */
export type XApiRoute = <R extends FastifyRequest>(
  scopes: string[],
  kind: SimulatedCallKind,
  handle: (request: R, caller: XCaller) => Promise<SimulatedAnswer>,
  /** A metrics read's answer under the `no-data` fault (sandbox-faults.ts). */
  withoutData?: (answer: SimulatedAnswer) => SimulatedAnswer,
) => (request: R, reply: FastifyReply) => Promise<unknown>;
