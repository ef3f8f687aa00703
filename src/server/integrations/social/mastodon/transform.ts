import { z } from 'zod';
import type { SocialAccountPostLimits } from '../../../../contracts/social-accounts';
import { answerReader } from '../http/parse-answer';
import { type PlatformErrors, type RefusedAnswer, serverErrorOf } from '../http/transport-error';
import {
  type ExternalAccount,
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  type TokenSet,
} from '../social-provider';

/*
 * Mastodon's JSON to our types, and its failures to our error kinds (docs.joinmastodon.org; shapes
 * as mastodon/mastodon's controllers answer them). Pure: no I/O, tested alone (transform.test.ts).
 */

const parse = answerReader('mastodon', 'Mastodon');

/**
 * What a call to a Mastodon server was doing. `register-app` (POST /api/v1/apps) and `upload`
 * (POST /api/v2/media: an attachment nobody sees until a status uses it) repeat like reads.
 */
export type MastodonOperation = 'register-app' | 'exchange-code' | 'revoke' | 'read' | 'upload' | 'publish';

const REPEATABLE: ReadonlySet<MastodonOperation> = new Set(['register-app', 'revoke', 'read', 'upload']);

/** `POST /api/v1/apps` → the app's credentials (docs.joinmastodon.org/methods/apps/#create). */
const registeredApp = z.object({ client_id: z.string().min(1), client_secret: z.string().min(1) }).loose();
export function toRegisteredApp(body: unknown): { clientId: string; clientSecret: string } {
  const app = parse(registeredApp, body, 'app registration');
  return { clientId: app.client_id, clientSecret: app.client_secret };
}

/**
 * `POST /oauth/token` → `{access_token, token_type: "Bearer", scope, created_at}`. Mastodon's
 * tokens do not expire and it issues no refresh token (docs.joinmastodon.org/methods/oauth/#token:
 * the Token entity has no expires_in); a token ends when the user revokes it.
 */
const tokenResponse = z
  .object({
    access_token: z.string().min(1),
    scope: z.string().optional(),
    token_type: z.string().optional(),
  })
  .loose();
export function toTokenSet(body: unknown, connection: Record<string, string>): TokenSet {
  const parsed = parse(tokenResponse, body, 'token response');
  return {
    accessToken: parsed.access_token,
    refreshToken: null,
    expiresAt: null,
    refreshExpiresAt: null,
    scopes: (parsed.scope ?? '').split(/\s+/).filter(Boolean),
    connection,
  };
}

/**
 * `GET /api/v2/instance` (docs.joinmastodon.org/entities/Instance): what this server allows.
 * `configuration.statuses.max_characters` (500 by default; instances raise it),
 * `max_media_attachments` (4), `media_attachments.image_size_limit` (16 MB) and, since 4.4,
 * `description_limit` (1,500). A server whose answer lacks `configuration.statuses` is no
 * Mastodon-compatible server.
 */
const instanceResponse = z
  .object({
    domain: z.string().optional(),
    title: z.string().optional(),
    version: z.string().optional(),
    configuration: z
      .object({
        statuses: z
          .object({
            max_characters: z.number().int().positive(),
            max_media_attachments: z.number().int().positive().optional(),
          })
          .loose(),
        media_attachments: z
          .object({
            supported_mime_types: z.array(z.string()).optional(),
            image_size_limit: z.number().int().positive().optional(),
            description_limit: z.number().int().positive().optional(),
          })
          .loose()
          .optional(),
      })
      .loose(),
  })
  .loose();

export interface MastodonInstance {
  title: string | null;
  version: string | null;
  maxCharacters: number;
  maxMedia: number | null;
  imageSizeLimit: number | null;
  /** Alt text limit; 1,500 on servers before 4.4, which do not say (MediaAttachment::MAX_DESCRIPTION_LENGTH). */
  descriptionLimit: number;
  mimeTypes: string[] | null;
}

export const MASTODON_DEFAULT_DESCRIPTION_LIMIT = 1500;

/** The instance's limits, or null when the answer is not a Mastodon server's. */
export function readInstance(body: unknown): MastodonInstance | null {
  const result = instanceResponse.safeParse(body);
  if (!result.success) return null;
  const { configuration: c } = result.data;
  return {
    title: result.data.title ?? null,
    version: result.data.version ?? null,
    maxCharacters: c.statuses.max_characters,
    maxMedia: c.statuses.max_media_attachments ?? null,
    imageSizeLimit: c.media_attachments?.image_size_limit ?? null,
    descriptionLimit: c.media_attachments?.description_limit ?? MASTODON_DEFAULT_DESCRIPTION_LIMIT,
    mimeTypes: c.media_attachments?.supported_mime_types ?? null,
  };
}

export function postLimitsOf(instance: MastodonInstance): SocialAccountPostLimits {
  return {
    maxLength: instance.maxCharacters,
    ...(instance.maxMedia ? { maxMedia: instance.maxMedia } : {}),
  };
}

/** `GET /api/v1/accounts/verify_credentials` (CredentialAccount). */
const accountResponse = z
  .object({
    id: z.string().min(1),
    username: z.string().min(1),
    acct: z.string().optional(),
    display_name: z.string().default(''),
    avatar: z.string().optional(),
    followers_count: z.number().int().nonnegative().optional().catch(undefined),
  })
  .loose();

/**
 * A Mastodon account is named by its server: ids are the server's own (two servers may hand out
 * the same), so ours is `<id>@<host>`, and the username is the full handle `name@host`.
 */
export const mastodonExternalId = (id: string, host: string) => `${id}@${host}`;
/** The server's own account id back from ours. */
export const mastodonAccountId = (externalId: string) => externalId.split('@')[0] ?? externalId;

export function toExternalAccount(
  body: unknown,
  input: { host: string; instance: MastodonInstance | null },
): ExternalAccount {
  const account = parse(accountResponse, body, 'account');
  return {
    externalId: mastodonExternalId(account.id, input.host),
    username: `${account.username}@${input.host}`,
    displayName: account.display_name.trim() || account.username,
    avatarUrl: account.avatar ?? null,
    followers: account.followers_count ?? null,
    ...(input.instance ? { postLimits: postLimitsOf(input.instance) } : {}),
  };
}

export function toFollowers(body: unknown): number | null {
  return parse(accountResponse, body, 'account').followers_count ?? null;
}

/** `POST /api/v1/statuses` → the Status: its id and public link (`url`; `uri` for some servers). */
const statusResponse = z
  .object({ id: z.string().min(1), url: z.string().nullish(), uri: z.string().optional() })
  .loose();
export function toCreatedStatus(body: unknown): { externalId: string; url: string | null } {
  const status = parse(statusResponse, body, 'status');
  return { externalId: status.id, url: status.url ?? status.uri ?? null };
}

/**
 * `POST /api/v2/media` → MediaAttachment. 200 with `url` when processed; 202 with `url: null`
 * while the server still processes it (docs.joinmastodon.org/methods/media/#v2).
 */
const mediaResponse = z.object({ id: z.string().min(1), url: z.string().nullish() }).loose();
export function toUploadedMedia(body: unknown): { id: string; ready: boolean } {
  const media = parse(mediaResponse, body, 'media attachment');
  return { id: media.id, ready: Boolean(media.url) };
}

const timelineResponse = z.array(
  z
    .object({
      id: z.string(),
      created_at: z.string().optional(),
      content: z.string().default(''),
      url: z.string().nullish(),
      uri: z.string().optional(),
      reblog: z.unknown().optional(),
    })
    .loose(),
);

export interface TimelineStatus {
  id: string;
  url: string | null;
  text: string;
  createdAt: Date | null;
}

/** `GET /api/v1/accounts/:id/statuses`: the account's own statuses (boosts left out), newest first. */
export function toTimeline(body: unknown): TimelineStatus[] {
  return parse(timelineResponse, body, 'list of statuses').flatMap((status) => {
    if (status.reblog) return [];
    const createdAt = status.created_at ? new Date(status.created_at) : null;
    return [
      {
        id: status.id,
        url: status.url ?? status.uri ?? null,
        text: statusText(status.content),
        createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
      },
    ];
  });
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
  '&nbsp;': ' ',
};

/**
 * A status's `content` (HTML: Mastodon's TextFormatter wraps paragraphs in <p>, lines in <br />,
 * links, hashtags and mentions in anchors, and hides a long link's middle in spans) as the text
 * it was made from, whitespace folded: the tags go, the text inside them stays.
 */
export function statusText(content: string): string {
  return content
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#39|apos|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `GET /api/v1/statuses/:id` → the counts Mastodon shows on it (Status entity). */
const countsResponse = z
  .object({
    id: z.string(),
    favourites_count: z.number().int().nonnegative().optional().catch(undefined),
    reblogs_count: z.number().int().nonnegative().optional().catch(undefined),
    replies_count: z.number().int().nonnegative().optional().catch(undefined),
    quotes_count: z.number().int().nonnegative().optional().catch(undefined),
  })
  .loose();

/**
 * Favourites are likes, replies comments, boosts (and, from 4.5, quotes) shares. Mastodon counts
 * no views, reach or clicks: null, never 0 (contracts/analytics.ts).
 */
export function toStatusMetrics(body: unknown) {
  const status = parse(countsResponse, body, 'status');
  const shares =
    status.reblogs_count === undefined && status.quotes_count === undefined
      ? null
      : (status.reblogs_count ?? 0) + (status.quotes_count ?? 0);
  return {
    impressions: null,
    reach: null,
    likes: status.favourites_count ?? null,
    comments: status.replies_count ?? null,
    shares,
    clicks: null,
    views: null,
  };
}

/**
 * When a rate-limited caller may come back: `X-RateLimit-Reset` is an ISO 8601 time on Mastodon
 * (docs.joinmastodon.org/api/rate-limits), else `Retry-After` seconds.
 */
export function rateLimitResetFrom(headers: { get(name: string): string | null }, now: Date): Date | null {
  const reset = headers.get('x-ratelimit-reset');
  if (reset) {
    const at = new Date(reset);
    if (!Number.isNaN(at.getTime())) return at;
  }
  const retryAfter = Number(headers.get('retry-after'));
  if (headers.get('retry-after') && Number.isFinite(retryAfter) && retryAfter >= 0) {
    return new Date(now.getTime() + retryAfter * 1000);
  }
  return null;
}

/** What Mastodon said: `{"error": "…"}` on the API, plus `error_description` on OAuth endpoints. */
function reasonOf(body: unknown, status: number): { error: string | null; reason: string } {
  if (typeof body === 'string' && body.trim()) return { error: null, reason: body.trim().slice(0, 200) };
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const error = typeof record.error === 'string' ? record.error : null;
  const description = typeof record.error_description === 'string' ? record.error_description : null;
  return { error, reason: description ?? error ?? `HTTP ${status}` };
}

/** Mastodon's answer to a failed call, as our error kind. */
export function mastodonErrorFrom(answer: RefusedAnswer<MastodonOperation>): SocialPlatformError {
  const { operation, status } = answer;
  const { error, reason } = reasonOf(answer.body, status);
  if (status === 429) {
    return new RateLimitedError(
      'mastodon',
      `Mastodon rate limit reached: ${reason}`,
      rateLimitResetFrom(answer.headers, answer.now),
    );
  }
  if (operation === 'register-app' || operation === 'exchange-code' || operation === 'revoke') {
    if (error === 'invalid_client' || error === 'unauthorized_client') {
      return new SocialPlatformError('mastodon', `The Mastodon server refused Kitepost's app: ${reason}`);
    }
    if (status < 500) {
      return new SocialPlatformError('mastodon', `The Mastodon server refused the sign-in: ${reason}`);
    }
  }
  // Tokens do not expire: a 401 is a token the user revoked (or an account gone): reconnect.
  if (status === 401)
    return new TokenExpiredError('mastodon', `Mastodon refused the access token: ${reason}`);
  if (status === 403 && /outside the authorized scopes/i.test(reason)) {
    return new TokenExpiredError('mastodon', `Mastodon refused: ${reason}; reconnect the account.`);
  }
  const serverError = serverErrorOf(mastodonErrors, { operation, status, reason });
  if (serverError) return serverError;
  if (operation === 'publish' && (status === 422 || status === 404)) {
    return new InvalidContentError(
      'mastodon',
      status === 404
        ? `Mastodon refused the post: the post it answers no longer exists (${reason}).`
        : `Mastodon refused the post: ${reason}`,
    );
  }
  if (operation === 'upload' && (status === 422 || status === 413)) {
    return new InvalidContentError('mastodon', `Mastodon refused the image: ${reason}`);
  }
  return new SocialPlatformError('mastodon', `Mastodon answered ${status}: ${reason}`);
}

/** What the shared HTTP client (http/platform-http.ts) needs to know of Mastodon's errors. */
export const mastodonErrors: PlatformErrors<MastodonOperation> = {
  platform: 'mastodon',
  name: 'Mastodon',
  repeatable: REPEATABLE,
  fromAnswer: mastodonErrorFrom,
};
