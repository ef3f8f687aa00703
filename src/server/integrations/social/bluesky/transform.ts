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
 * Bluesky's answers as our types: XRPC errors (`{error, message}` with an HTTP status, atproto.com
 * specs/xrpc "Error Responses"), sessions (com.atproto.server.createSession / refreshSession),
 * profiles (app.bsky.actor.getProfile). Pure: tested in transform.test.ts.
 */

export type BlueskyOperation =
  | 'sign-in'
  | 'refresh'
  | 'revoke'
  | 'resolve'
  | 'read'
  | 'upload'
  | 'publish'
  | 'delete';

/** Calls that change nothing, or the same way twice (an unused blob is dropped by the PDS). */
const REPEATABLE: ReadonlySet<BlueskyOperation> = new Set([
  'sign-in',
  'resolve',
  'read',
  'upload',
  'delete',
  'revoke',
]);

/** XRPC errors that mean the session is over (PDS auth-verifier: ExpiredToken, InvalidToken...). */
const SESSION_OVER = new Set([
  'ExpiredToken',
  'InvalidToken',
  'AuthenticationRequired',
  'AccountTakedown',
  'AccountDeactivated',
  'AuthMissing',
]);

export const parseBluesky = answerReader('bluesky', 'Bluesky');

interface HeaderReader {
  get(name: string): string | null;
}

/** The `{error, message}` of an XRPC failure body, whatever else it holds. */
export function readXrpcError(body: unknown): { error?: string; message?: string } {
  if (!body || typeof body !== 'object') return {};
  const { error, message } = body as Record<string, unknown>;
  return {
    ...(typeof error === 'string' && error ? { error } : {}),
    ...(typeof message === 'string' && message ? { message } : {}),
  };
}

/**
 * When the PDS's rate limit resets: `ratelimit-reset` is epoch seconds (docs.bsky.app
 * "Rate Limits": RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy).
 */
export function rateLimitResetOf(headers: HeaderReader, now: Date): Date | null {
  const reset = Number(headers.get('ratelimit-reset'));
  if (!Number.isFinite(reset) || reset <= 0) return null;
  const at = new Date(reset * 1000);
  return at.getTime() > now.getTime() ? at : null;
}

export function blueskyErrorFrom(input: {
  operation: BlueskyOperation;
  status: number;
  headers: HeaderReader;
  body: unknown;
  now: Date;
}): SocialPlatformError {
  const { operation, status } = input;
  const said = readXrpcError(input.body);
  const reason = [said.error, said.message].filter(Boolean).join(': ') || `HTTP ${status}`;
  if (status === 429 || said.error === 'RateLimitExceeded') {
    return new RateLimitedError(
      'bluesky',
      `Bluesky rate limit reached: ${reason}`,
      rateLimitResetOf(input.headers, input.now),
    );
  }
  if (operation === 'sign-in' && status >= 400 && status < 500) {
    if (said.error === 'AuthFactorTokenRequired') {
      return new InvalidContentError(
        'bluesky',
        'Bluesky asked for an email sign-in code: that is your account password. Create an app password (Settings › Privacy and security › App passwords) and use it here.',
      );
    }
    if (said.error === 'AccountTakedown') {
      return new InvalidContentError('bluesky', `Bluesky refused the sign-in: ${reason}`);
    }
    return new InvalidContentError(
      'bluesky',
      `Bluesky refused the handle or app password${said.message ? ` (${said.message})` : ''}. Check both and try again.`,
    );
  }
  if (operation === 'refresh' && (status === 400 || status === 401)) {
    return new TokenExpiredError('bluesky', `Bluesky refused the session's refresh token: ${reason}`);
  }
  if (status === 401 || (status === 400 && said.error && SESSION_OVER.has(said.error))) {
    return new TokenExpiredError('bluesky', `Bluesky refused the session: ${reason}`);
  }
  const serverError = serverErrorOf(blueskyErrors, { operation, status, reason });
  if (serverError) return serverError;
  if ((operation === 'publish' || operation === 'upload') && (status === 400 || status === 413)) {
    return new InvalidContentError(
      'bluesky',
      `Bluesky refused the ${operation === 'upload' ? 'image' : 'post'}: ${reason}`,
    );
  }
  return new SocialPlatformError('bluesky', `Bluesky answered ${status}: ${reason}`);
}

export const blueskyErrors: PlatformErrors<BlueskyOperation> = {
  platform: 'bluesky',
  name: 'Bluesky',
  repeatable: REPEATABLE,
  fromAnswer: blueskyErrorFrom,
};

const didDocument = z.object({
  service: z.array(z.object({ id: z.string(), type: z.string(), serviceEndpoint: z.unknown() })).optional(),
});

const sessionAnswer = z.object({
  accessJwt: z.string().min(1),
  refreshJwt: z.string().min(1),
  did: z.string().startsWith('did:'),
  handle: z.string().min(1),
  didDoc: didDocument.optional().catch(undefined),
  active: z.boolean().optional(),
  status: z.string().optional(),
});

/** A JWT's `exp` (seconds) as a date; null when the token is not a JWT we can read. */
export function jwtExpiry(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}

/** The PDS the DID document names (`#atproto_pds`), when it is an https origin. */
export function pdsOfDidDoc(doc: z.infer<typeof didDocument> | undefined): string | null {
  const entry = doc?.service?.find((one) => one.id === '#atproto_pds' || one.id.endsWith('#atproto_pds'));
  if (typeof entry?.serviceEndpoint !== 'string') return null;
  try {
    const url = new URL(entry.serviceEndpoint);
    return url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * A session answer as our TokenSet. Lifetimes are read from the JWTs themselves (the PDS gives no
 * expires_in); `connection` says where the account's calls go (its PDS) and as whom. `service`:
 * the PDS to use when the DID document names none we may use (always, in the simulator).
 */
export function toSessionTokens(
  body: unknown,
  input: { service: string; followDidDoc: boolean; previous?: TokenSet },
): TokenSet {
  const session = parseBluesky(sessionAnswer, body, 'session answer');
  if (session.active === false) {
    throw new TokenExpiredError(
      'bluesky',
      `The Bluesky account is not active (${session.status ?? 'deactivated'}).`,
    );
  }
  const service = (input.followDidDoc && pdsOfDidDoc(session.didDoc)) || input.service;
  return {
    accessToken: session.accessJwt,
    refreshToken: session.refreshJwt,
    expiresAt: jwtExpiry(session.accessJwt),
    refreshExpiresAt: jwtExpiry(session.refreshJwt),
    scopes: [],
    connection: {
      ...input.previous?.connection,
      service,
      did: session.did,
      handle: session.handle,
      method: input.previous?.connection?.method ?? 'app-password',
    },
  };
}

const profileAnswer = z.object({
  did: z.string(),
  handle: z.string(),
  displayName: z.string().optional(),
  avatar: z.string().optional(),
  followersCount: z.number().int().nonnegative().optional(),
});

export function toExternalAccount(body: unknown): ExternalAccount {
  const profile = parseBluesky(profileAnswer, body, 'profile');
  return {
    externalId: profile.did,
    username: profile.handle,
    displayName: profile.displayName?.trim() || profile.handle,
    avatarUrl: profile.avatar ?? null,
    followers: profile.followersCount ?? null,
  };
}

/** Followers from a profile; null when the AppView did not count them. */
export function toFollowers(body: unknown): number | null {
  return parseBluesky(profileAnswer, body, 'profile').followersCount ?? null;
}

/** What a call needs to know of the account: its PDS and DID, from the sealed connection. */
export function connectionOf(tokens: TokenSet): { service: string; did: string; handle: string } {
  const { service, did, handle } = tokens.connection ?? {};
  if (!service || !did) {
    throw new TokenExpiredError(
      'bluesky',
      'This Bluesky connection does not say which server it lives on; reconnect the account.',
    );
  }
  return { service, did, handle: handle ?? did };
}

/** `at://did/collection/rkey` → its parts. */
export function parseAtUri(uri: string): { repo: string; collection: string; rkey: string } {
  const match = /^at:\/\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(uri);
  if (!match?.[1] || !match[2] || !match[3]) {
    throw new SocialPlatformError('bluesky', `Not a Bluesky post address: ${uri}`);
  }
  return { repo: match[1], collection: match[2], rkey: match[3] };
}

/** The post's public page on the web app: bsky.app/profile/{handle}/post/{rkey}. */
export function blueskyPostUrl(webBaseUrl: string, handleOrDid: string, uri: string): string {
  return `${webBaseUrl}/profile/${encodeURIComponent(handleOrDid)}/post/${encodeURIComponent(parseAtUri(uri).rkey)}`;
}

/**
 * A handle or server the user typed, as a handle: `@name.bsky.social` → `name.bsky.social`.
 * Throws InvalidContentError with words when it cannot be one (atproto.com specs/handle).
 */
export function normalizeIdentifier(value: string): string {
  const trimmed = value.trim().replace(/^@/, '');
  if (trimmed.startsWith('did:')) return trimmed;
  const handle = trimmed.toLowerCase();
  if (handle.includes('@')) return trimmed; // an email address is an identifier createSession takes
  if (!/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/.test(handle)) {
    throw new InvalidContentError(
      'bluesky',
      `"${value}" is not a Bluesky handle. A handle looks like name.bsky.social or your own domain.`,
    );
  }
  return handle;
}

/** The PDS origin the user named (`pds.example.com` or `https://pds.example.com`), https only. */
export function normalizeServer(value: string): string {
  const trimmed = value.trim();
  const withScheme = /^[a-z]+:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new InvalidContentError('bluesky', `"${value}" is not a server address.`);
  }
  if (url.protocol !== 'https:' || url.username || url.password) {
    throw new InvalidContentError('bluesky', 'A Bluesky server (PDS) must be an https:// address.');
  }
  return url.origin;
}
