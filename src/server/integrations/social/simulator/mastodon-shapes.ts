import { createHmac } from 'node:crypto';
import type { FaultAnswers, SimulatedAnswer } from './sandbox-faults';
import { sameText } from './sandbox-oauth';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';

/*
 * How the pretend Mastodon says things, as mastodon/mastodon answers them: `{"error": "…"}` on the
 * API (Api::BaseController), Doorkeeper's `{error, error_description}` on /oauth, rate limits in
 * `X-RateLimit-*` headers whose reset is an ISO 8601 time (docs.joinmastodon.org/api/rate-limits).
 * The simulator is every Mastodon server: the host is the first path segment after the base.
 */

export const MASTODON_LABEL = 'Mastodon';
export const MASTODON_LOGO = 'M';
export const MASTODON_BASE_PATH = '/sandbox/mastodon';
export const MASTODON_VERSION = '4.5.0';
/** Mastodon's defaults (Status::MAX_CHARS… as served in /api/v2/instance `configuration`). */
export const MASTODON_DEFAULT_MAX_CHARACTERS = 500;
export const MASTODON_MAX_MEDIA = 4;
/** MediaAttachment::MAX_DESCRIPTION_LENGTH, `configuration.media_attachments.description_limit`. */
export const MASTODON_DESCRIPTION_LIMIT = 1500;
/** MediaAttachment::IMAGE_LIMIT (16 MB), `image_size_limit`. */
export const MASTODON_IMAGE_LIMIT = 16 * 1024 * 1024;
export const MASTODON_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/webp',
  'image/avif',
];
/** docs.joinmastodon.org/entities/Status#visibility. */
export const MASTODON_VISIBILITIES = ['public', 'unlisted', 'private', 'direct'];
/** Account::USERNAME_RE, at most 30 characters for a local account (UsernameValidator). */
export const MASTODON_USERNAME = /^(?=.{1,30}$)[a-z0-9_]+(?:[.-]+[a-z0-9_]+)*$/i;
export const MASTODON_USERNAME_RULE = 'up to 30 letters, digits or underscores (dots and dashes inside).';
export const MASTODON_CODE_SECONDS = 600;

/** The scopes a Mastodon server knows (docs.joinmastodon.org/api/oauth-scopes), as its consent page says them. */
export const MASTODON_SCOPES: Record<string, string> = {
  read: 'Read all your account’s data',
  write: 'Modify all your account’s data',
  profile: 'Read only your account’s profile information',
  'read:accounts': 'See accounts information',
  'read:statuses': 'See all posts',
  'write:statuses': 'Publish posts',
  'write:media': 'Upload media files',
  'read:notifications': 'See your notifications',
  follow: 'Modify account relationships',
};

/** Does a token granted these scopes cover `needed`? `read` covers every `read:…`, `write` every `write:…`. */
export const scopeCovers = (granted: readonly string[], needed: string) =>
  granted.includes(needed) || granted.includes(needed.split(':')[0] ?? needed);

/**
 * The host the simulator answers as: a host whose first label is `chars<N>` (chars1000.example)
 * allows N characters, the way instances raise their limit; any other, Mastodon's 500. A host whose
 * first label is `notmastodon` answers 404 to everything, like a web site that is no Mastodon.
 */
export function instanceLimitOf(host: string): number {
  const match = /^chars(\d{2,6})\./.exec(host);
  const chars = match ? Number(match[1]) : MASTODON_DEFAULT_MAX_CHARACTERS;
  return Math.min(Math.max(chars, 100), 100_000);
}
export const isNotMastodon = (host: string) => host.startsWith('notmastodon.');
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;
export const isHost = (host: string) => host.length <= 253 && HOST.test(host);

/**
 * The app a server registered (`POST /api/v1/apps`), kept in its own client id (no table: the
 * simulator keeps no apps): `<base64url {host, redirect URI, scopes}>.<mac>`, the secret the
 * simulator's MAC of the id. A real server keeps them in oauth_applications.
 */
export interface SandboxMastodonApp {
  host: string;
  redirectUri: string;
  scopes: string[];
}

const mac = (value: string) =>
  createHmac('sha256', SIMULATOR_CREDENTIALS.clientSecret).update(value).digest('base64url');

export function newAppCredentials(app: SandboxMastodonApp): { clientId: string; clientSecret: string } {
  const payload = Buffer.from(JSON.stringify({ h: app.host, r: app.redirectUri, s: app.scopes })).toString(
    'base64url',
  );
  const clientId = `${payload}.${mac(payload).slice(0, 16)}`;
  return { clientId, clientSecret: mac(`secret:${clientId}`) };
}

/** The app behind a client id, if the simulator made it. */
export function appOfClientId(clientId: string | undefined): SandboxMastodonApp | null {
  const [payload, signature, extra] = (clientId ?? '').split('.');
  if (!payload || !signature || extra !== undefined || !sameText(signature, mac(payload).slice(0, 16)))
    return null;
  try {
    const read = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      h?: unknown;
      r?: unknown;
      s?: unknown;
    };
    if (typeof read.h !== 'string' || typeof read.r !== 'string' || !Array.isArray(read.s)) return null;
    return { host: read.h, redirectUri: read.r, scopes: read.s.map(String) };
  } catch {
    return null;
  }
}

export const secretMatches = (clientId: string, secret: string | undefined) =>
  Boolean(secret) && sameText(mac(`secret:${clientId}`), secret ?? '');

export const apiError = (
  status: number,
  error: string,
  headers?: Record<string, string>,
): SimulatedAnswer => ({
  status,
  body: { error },
  ...(headers ? { headers } : {}),
});

export const oauthError = (status: number, error: string, description: string): SimulatedAnswer => ({
  status,
  body: { error, error_description: description },
});

/** `X-RateLimit-*`: 300 calls per 5 minutes per account (docs.joinmastodon.org/api/rate-limits). */
export function rateLimitHeaders(resetAt: Date, remaining: number): Record<string, string> {
  return {
    'x-ratelimit-limit': '300',
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': resetAt.toISOString(),
  };
}

export const NOT_FOUND = apiError(404, 'Record not found');
export const INVALID_TOKEN = apiError(401, 'The access token is invalid');
export const OUTSIDE_SCOPES = apiError(403, 'This action is outside the authorized scopes');

export const mastodonApiFaults: FaultAnswers = {
  rateLimited: (resetAt) => apiError(429, 'Too many requests', rateLimitHeaders(resetAt, 0)),
  unauthorized: () => INVALID_TOKEN,
  unavailable: () => apiError(503, 'Service Unavailable'),
  internalError: () => apiError(500, 'We\u2019re sorry, but something went wrong on our end.'),
};
