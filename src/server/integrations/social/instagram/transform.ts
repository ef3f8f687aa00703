import { z } from 'zod';
import { answerReader } from '../http/parse-answer';
import { type PlatformErrors, serverErrorOf } from '../http/transport-error';
import {
  type ContainerStatus,
  containerStatusCode,
  graphId,
  longLivedTokenResponse,
  longLivedTokenSet,
  type PublishingLimit,
  permalinkResponse,
  publishingLimitOf,
  publishingLimitResponse,
} from '../meta/graph-answers';
import {
  failureWords,
  graphText,
  type HeaderReader,
  isMediaSubcode,
  META_THROTTLE_CODES,
  OBJECT_UNREACHABLE_SUBCODE,
  readGraphFailure,
  TOKEN_INVALID_CODES,
  throttleResetFrom,
} from '../meta/graph-errors';
import {
  type ExternalAccount,
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  type TokenSet,
  TransientPlatformError,
} from '../social-provider';

/*
 * Instagram's JSON (Instagram API with Instagram Login, platforms.md) to our types, and its
 * failures to our error kinds. Pure: no I/O, tested alone (transform.test.ts).
 */

const parse = answerReader('instagram', 'Instagram');

/** What a call to Instagram was doing: decides what its failure means. */
export type InstagramOperation =
  | 'exchange-code'
  | 'exchange-long-lived'
  | 'refresh'
  | 'read'
  /** Reading one post or container by id: "does not exist" there means that object is gone. */
  | 'read-media'
  | 'create-container'
  | 'publish'
  /** A comment under a published media (the first comment): repeating it would comment twice. */
  | 'comment'
  | 'delete';

/**
 * Calls that cannot have published anything: safe to retry after a timeout. Creating a container
 * is one of them: a container nobody publishes is invisible and expires after 24 h. A refresh
 * leaves the token it refreshed working (UNCONFIRMED, nothing says it is revoked), so it repeats.
 */
const REPEATABLE: ReadonlySet<InstagramOperation> = new Set([
  'read',
  'read-media',
  'delete',
  'create-container',
  'exchange-long-lived',
  'refresh',
]);

export const INSTAGRAM_NEEDS_MEDIA = 'Instagram needs an image or a video; add one to this post.';
/** The publishing cap is a rolling 24 h window (content_publishing_limit `quota_duration`). */
export const PUBLISH_CAP_WINDOW_SECONDS = 86_400;

const idValue = graphId;
const permissionList = z
  .union([z.array(z.string()), z.string()])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean),
  );

const shortLivedToken = z.object({
  access_token: z.string().min(1),
  user_id: idValue.optional(),
  permissions: permissionList.optional(),
});
/** `POST api.instagram.com/oauth/access_token`: flat, or wrapped in `data[]` (older docs). */
const shortLivedResponse = z.union([shortLivedToken, z.object({ data: z.array(shortLivedToken).min(1) })]);

/** The short-lived (1 h) token of a code exchange, with the permissions the user granted. */
export function toShortLivedToken(body: unknown): {
  accessToken: string;
  userId: string | null;
  scopes: string[];
} {
  const parsed = parse(shortLivedResponse, body, 'token response');
  const token = 'data' in parsed ? (parsed.data[0] as z.infer<typeof shortLivedToken>) : parsed;
  return { accessToken: token.access_token, userId: token.user_id ?? null, scopes: token.permissions ?? [] };
}

/**
 * A long-lived token (exchange or refresh) as a TokenSet. Instagram has no refresh token: the
 * long-lived access token refreshes itself, so `refreshToken` stays null.
 */
export function toLongLivedTokenSet(body: unknown, now: Date, scopes: string[]): TokenSet {
  return longLivedTokenSet(parse(longLivedTokenResponse, body, 'long-lived token'), now, scopes);
}

const count = z.number().int().nonnegative();
const meResponse = z.object({
  id: idValue.optional(),
  user_id: idValue.optional(),
  username: z.string().min(1),
  name: z.string().optional(),
  profile_picture_url: z.string().optional(),
  followers_count: count.optional(),
  media_count: count.optional(),
});

/** `GET /me?fields=user_id,username,name,profile_picture_url,followers_count,media_count`. */
export function toExternalAccount(body: unknown): ExternalAccount {
  const me = parse(meResponse, body, 'profile');
  // `user_id` is the professional account's id (the one publishing uses); `id` is app-scoped.
  const externalId = me.user_id ?? me.id;
  if (!externalId) throw new SocialPlatformError('instagram', 'Instagram answered a profile without an id');
  return {
    externalId,
    username: me.username,
    displayName: me.name?.trim() || me.username,
    avatarUrl: me.profile_picture_url || null,
    followers: me.followers_count ?? null,
  };
}

const createdObject = z.object({ id: idValue });

/** `POST /{ig-user-id}/media` → container id; `POST /{ig-user-id}/media_publish` → media id. */
export function toCreatedId(body: unknown, what: 'container' | 'published media' | 'comment'): string {
  return parse(createdObject, body, what).id;
}

const containerResponse = z.object({
  status_code: containerStatusCode,
  status: z.string().optional(),
});

/** `GET /{container-id}?fields=status_code,status`. */
export function toContainerStatus(body: unknown): { code: ContainerStatus; detail: string | null } {
  const parsed = parse(containerResponse, body, 'container status');
  return { code: parsed.status_code, detail: parsed.status ?? null };
}

/** `GET /{media-id}?fields=permalink` → the post's public link, when Instagram gives one. */
export function toPermalink(body: unknown): string | null {
  const parsed = parse(permalinkResponse, body, 'media');
  return parsed.permalink ?? null;
}

/** `GET /{ig-user-id}/content_publishing_limit?fields=config,quota_usage`. */
export function toPublishingLimit(body: unknown): PublishingLimit {
  return publishingLimitOf(
    parse(publishingLimitResponse, body, 'publishing limit'),
    PUBLISH_CAP_WINDOW_SECONDS,
  );
}

/*
 * Failures. The Graph error object: `{"error":{"message","type","code","error_subcode",
 * "is_transient","error_user_title","error_user_msg","fbtrace_id"}}`; the token endpoint of
 * api.instagram.com answers `{"error_type","code","error_message"}` instead.
 */

/** The Graph error object, or api.instagram.com's OAuth shape (its `code` is the HTTP status), or an RFC 6749 one. */
const readFailure = (body: unknown) =>
  readGraphFailure(body, (record) => ({
    type: graphText(record.error_type) ?? graphText(record.error),
    message: graphText(record.error_message) ?? graphText(record.error_description),
  }));

/** Meta-wide throttling (META_THROTTLE_CODES), and Instagram BUC (80002). */
const THROTTLED = new Set([...META_THROTTLE_CODES, 80002]);
const PUBLISH_CAP_CODE = 9;
const PUBLISH_CAP_SUBCODE = 2207042;
/** "Media not ready yet, wait a moment" (code 9007): about timing, never the content. */
const MEDIA_NOT_READY_SUBCODE = 2207027;

/** A post (or container) Instagram does not know (any more): deleted, or never ours. */
export class InstagramMediaNotFoundError extends SocialPlatformError {
  override name = 'InstagramMediaNotFoundError';
}

/**
 * Instagram has no insights to show for this post: `(#10) Not enough viewers for the media to show
 * insights` (code 10 on a media insights read; platforms.md Audit 2026-11). Not a permission
 * problem: the post is skipped, the account's other posts are read.
 */
export class InstagramInsightsUnavailableError extends SocialPlatformError {
  override name = 'InstagramInsightsUnavailableError';
}

/**
 * A metric asked of a post whose kind has no such metric: a story has no likes, comments or saves
 * (IG Media Insights reference, metrics per media product type). The post is read again with a
 * story's metrics.
 */
export class InstagramMetricUnsupportedError extends SocialPlatformError {
  override name = 'InstagramMetricUnsupportedError';
}

/** Is this the 24 h publishing cap (not a short throttle)? The provider then reads the quota. */
export const isPublishCap = (error: unknown): error is RateLimitedError =>
  error instanceof RateLimitedError && error.message.startsWith('Instagram publishing limit');

/** Instagram's answer to a failed call, as our error kind. */
export function instagramErrorFrom(input: {
  operation: InstagramOperation;
  status: number;
  headers: HeaderReader;
  body: unknown;
  now: Date;
}): SocialPlatformError {
  const { operation, status, now } = input;
  const said = readFailure(input.body);
  const { reason, codes } = failureWords(said, status);

  if (said.code === PUBLISH_CAP_CODE || said.subcode === PUBLISH_CAP_SUBCODE) {
    return new RateLimitedError(
      'instagram',
      `Instagram publishing limit reached: ${reason}`,
      new Date(now.getTime() + PUBLISH_CAP_WINDOW_SECONDS * 1000),
    );
  }
  if (status === 429 || (said.code !== undefined && THROTTLED.has(said.code))) {
    return new RateLimitedError(
      'instagram',
      `Instagram rate limit reached: ${reason}`,
      throttleResetFrom(input.headers, now),
    );
  }
  // Graph says "Object with ID … does not exist" with code 100/subcode 33. On a post read it means
  // that post is gone; elsewhere (the account itself) it means the token lost access (Postiz).
  if (
    operation === 'read-media' &&
    said.code === 100 &&
    (said.subcode === OBJECT_UNREACHABLE_SUBCODE || /does not exist/i.test(said.message ?? ''))
  ) {
    return new InstagramMediaNotFoundError('instagram', `Instagram does not know this post: ${reason}`);
  }
  if (operation === 'comment' && said.code === 100 && said.subcode === OBJECT_UNREACHABLE_SUBCODE) {
    return new InvalidContentError(
      'instagram',
      `Instagram does not know the post to comment on (deleted, or not this account's): ${reason}`,
    );
  }
  if (operation === 'comment' && said.code === 10) {
    return new SocialPlatformError(
      'instagram',
      `Instagram refused the comment: the account was connected without permission to comment; reconnect it. (${reason})`,
    );
  }
  if (
    operation === 'read-media' &&
    said.code === 100 &&
    /does not support the \w+ metric/i.test(said.message ?? '')
  ) {
    return new InstagramMetricUnsupportedError(
      'instagram',
      `Instagram reads other metrics of this post: ${reason}`,
    );
  }
  if (operation === 'read-media' && said.code === 10 && /not enough viewers/i.test(said.message ?? '')) {
    return new InstagramInsightsUnavailableError(
      'instagram',
      `Instagram shows no insights for this post: ${reason}`,
    );
  }
  if (
    (said.code !== undefined && TOKEN_INVALID_CODES.has(said.code)) ||
    said.subcode === OBJECT_UNREACHABLE_SUBCODE ||
    said.type === 'REVOKED_ACCESS_TOKEN' ||
    /REVOKED_ACCESS_TOKEN/.test(said.message ?? '') ||
    (status === 401 && said.code === undefined)
  ) {
    return new TokenExpiredError('instagram', `Instagram refused the access token: ${reason}`);
  }
  if (operation === 'exchange-code') {
    // A used or foreign code, a wrong redirect URI or app secret: the user has to try again.
    if (status < 500)
      return new SocialPlatformError('instagram', `Instagram refused the authorization: ${reason}`);
  }
  // media_publish may have published; anything else cannot have and repeats.
  const serverError = serverErrorOf(instagramErrors, {
    operation,
    status,
    reason,
    codes,
    mayExist: 'the post may or may not have been published',
  });
  if (serverError) return serverError;
  if (operation === 'comment' && said.code === 100) {
    return new InvalidContentError('instagram', `Instagram refused the comment${codes}: ${reason}`);
  }
  if (operation === 'create-container' || operation === 'publish') {
    // "Not ready yet" or a refusal Instagram marks transient: nothing was published; try again soon.
    if (said.subcode === MEDIA_NOT_READY_SUBCODE || said.transient) {
      return new TransientPlatformError(
        'instagram',
        `Instagram answered ${status}${codes}; try again in a moment: ${reason}`,
        'server_error',
      );
    }
    if (isMediaSubcode(said.subcode) || (said.code === 100 && operation === 'create-container')) {
      return new InvalidContentError('instagram', `Instagram refused the post${codes}: ${reason}`);
    }
  }
  return new SocialPlatformError('instagram', `Instagram answered ${status}${codes}: ${reason}`);
}

/**
 * What a failed container's subcode means, for the user. A container on ERROR carries "an error
 * subcode rather than descriptive text" in its `status` (IG Container reference), e.g. "Error:
 * Media upload has failed with error code 2207026" (gitroomhq/postiz-app PR #1992); the meanings
 * are Meta's error codes reference (research sheet 4.9).
 */
const CONTAINER_SUBCODES: Record<number, string> = {
  2207003: 'Instagram took too long to download the media from its link',
  2207004: 'the image is too large (at most 8 MB)',
  2207005: 'the image format is not supported (JPEG only)',
  2207009: 'the image aspect ratio is not supported (4:5 to 1.91:1)',
  2207020: 'the media expired before it was published',
  2207026:
    'the video format is not supported: Instagram takes MP4 or MOV with H.264 or HEVC video and AAC sound (at most 48 kHz), 23 to 60 fps, at most 1920 pixels wide; Reels last 3 s to 15 min, stories and carousel videos 3 to 60 s',
  2207052: 'Instagram could not fetch the media from its link',
  2207053: 'the video upload failed',
};

/** The subcode named by a failed container's `status`, if any. */
export function containerSubcode(detail: string | null): number | null {
  const match = /\b(22070\d\d)\b/.exec(detail ?? '');
  return match ? Number(match[1]) : null;
}

/** A container Instagram could not turn into a post (`ERROR`), or one left too long (`EXPIRED`). */
export function containerFailure(status: ContainerStatus, detail: string | null): SocialPlatformError {
  if (status === 'ERROR') {
    const subcode = containerSubcode(detail);
    const meaning = subcode === null ? undefined : CONTAINER_SUBCODES[subcode];
    if (meaning) {
      return new InvalidContentError(
        'instagram',
        `Instagram could not use this media: ${meaning} (${subcode}).`,
      );
    }
    return new InvalidContentError(
      'instagram',
      `Instagram could not use this media${detail ? `: ${detail}` : ''}. Check that it is a public JPEG image or an MP4 video.`,
    );
  }
  return new InvalidContentError(
    'instagram',
    'The Instagram media container expired before it was published.',
  );
}

/** What the shared HTTP client (http/platform-http.ts) needs to know of Instagram's errors. */
export const instagramErrors: PlatformErrors<InstagramOperation> = {
  platform: 'instagram',
  name: 'Instagram',
  repeatable: REPEATABLE,
  fromAnswer: instagramErrorFrom,
};
