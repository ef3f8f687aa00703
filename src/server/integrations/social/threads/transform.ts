import { z } from 'zod';
import { graphList, graphTimeToDate, nextCursor } from '../http/graph-list';
import { answerReader, comparableText } from '../http/parse-answer';
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
 * Threads' JSON (graph.threads.net, platforms.md "Threads") to our types, and its failures to our
 * error kinds. Pure: no I/O, tested alone (transform.test.ts). Sources:
 * [TH-AUTH] developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions and
 *   …/docs/threads/get-started/long-lived-tokens;
 * [TH-POSTS] …/docs/threads/posts; [TH-MEDIA] …/docs/threads/reference/media-retrieval (fields);
 * [TH-OVERVIEW] …/docs/threads/overview (rate limits, `threads_publishing_limit`);
 * [TH-TROUBLE] …/docs/threads/troubleshooting (container `status` and `error_message`);
 * [PZ] gitroomhq/postiz-app threads.provider.ts (HEAD 2026-08).
 */

const parse = answerReader('threads', 'Threads');

/** What a call to Threads was doing: decides what its failure means. */
export type ThreadsOperation =
  | 'exchange-code'
  | 'exchange-long-lived'
  | 'refresh'
  | 'read'
  /** Reading one post or container by id: "does not exist" there means that object is gone. */
  | 'read-media'
  | 'create-container'
  /** `threads_publish`: the one call that makes a post (or a reply) public. */
  | 'publish';

/**
 * Calls that cannot have published anything: safe to retry after a timeout. A container nobody
 * publishes is invisible and expires after 24 h [TH-TROUBLE, EXPIRED].
 */
const REPEATABLE: ReadonlySet<ThreadsOperation> = new Set([
  'read',
  'read-media',
  'create-container',
  'exchange-long-lived',
  'refresh',
]);

/** 250 API-published posts per profile in a 24-hour moving period [TH-OVERVIEW, Posts]. */
export const PUBLISH_CAP_WINDOW_SECONDS = 86_400;

const idValue = graphId;

/** `POST graph.threads.net/oauth/access_token` → `{access_token, user_id}`, short-lived (1 h) [TH-AUTH]. */
export function toShortLivedToken(body: unknown): { accessToken: string; userId: string | null } {
  const parsed = parse(
    z.object({ access_token: z.string().min(1), user_id: idValue.optional() }),
    body,
    'token response',
  );
  return { accessToken: parsed.access_token, userId: parsed.user_id ?? null };
}

/**
 * A long-lived token (th_exchange_token or th_refresh_token: "valid for 60 days" [TH-AUTH]) as a
 * TokenSet. No refresh token: the long-lived access token refreshes itself.
 */
export function toLongLivedTokenSet(body: unknown, now: Date, scopes: string[]): TokenSet {
  return longLivedTokenSet(parse(longLivedTokenResponse, body, 'long-lived token'), now, scopes);
}

const meResponse = z.object({
  id: idValue,
  username: z.string().min(1),
  name: z.string().optional(),
  threads_profile_picture_url: z.string().optional(),
});

/** `GET /me?fields=id,username,name,threads_profile_picture_url` (Threads User reference). */
export function toExternalAccount(body: unknown): ExternalAccount {
  const me = parse(meResponse, body, 'profile');
  return {
    externalId: me.id,
    username: me.username,
    displayName: me.name?.trim() || me.username,
    avatarUrl: me.threads_profile_picture_url || null,
    // The follower count is an insight (threads_insights followers_count), read by readFollowers.
    followers: null,
  };
}

/** `POST /{user-id}/threads` → container id; `POST /{user-id}/threads_publish` → the post's id. */
export function toCreatedId(body: unknown, what: 'container' | 'published post'): string {
  return parse(z.object({ id: idValue }), body, what).id;
}

/** `GET /{container-id}?fields=status,error_message` [TH-TROUBLE]. */
export function toContainerStatus(body: unknown): { code: ContainerStatus; detail: string | null } {
  const parsed = parse(
    z.object({
      status: containerStatusCode,
      error_message: z.string().optional(),
    }),
    body,
    'container status',
  );
  return { code: parsed.status, detail: parsed.error_message ?? null };
}

/** `GET /{media-id}?fields=permalink` → the post's public link, when Threads gives one. */
export function toPermalink(body: unknown): string | null {
  return parse(permalinkResponse, body, 'post').permalink ?? null;
}

/** `GET /{user-id}/threads_publishing_limit?fields=quota_usage,config` [TH-OVERVIEW]. */
export function toPublishingLimit(body: unknown): PublishingLimit {
  return publishingLimitOf(
    parse(publishingLimitResponse, body, 'publishing limit'),
    PUBLISH_CAP_WINDOW_SECONDS,
  );
}

const threadsPage = graphList(
  z
    .object({
      id: idValue,
      text: z.string().optional(),
      timestamp: z.string().optional(),
      permalink: z.string().optional(),
    })
    .loose(),
);

export interface AccountThread {
  id: string;
  text: string;
  publishedAt: Date | null;
  permalink: string | null;
}

/** One page of `GET /{user-id}/threads?fields=id,text,timestamp,permalink`, newest first. */
export function toThreadsPage(body: unknown): { posts: AccountThread[]; after: string | null } {
  const parsed = parse(threadsPage, body, 'list of posts');
  return {
    posts: parsed.data.map((item) => ({
      id: item.id,
      text: item.text ?? '',
      publishedAt: graphTimeToDate(item.timestamp),
      permalink: item.permalink ?? null,
    })),
    after: nextCursor(parsed.paging),
  };
}

/** Is the post Threads answered (its text) the one Kitepost sent as `text`? */
export const isSameThreadsPost = (answered: string, text: string) =>
  comparableText(answered) === comparableText(text);

/*
 * Failures: the Graph error object `{"error":{"message","type","code","error_subcode",
 * "is_transient","error_user_title","error_user_msg","fbtrace_id"}}`, the token endpoints included.
 */

/** Only the Graph error object: Threads' token endpoints answer it too. */
const readFailure = (body: unknown) => readGraphFailure(body);

const THROTTLED = new Set(META_THROTTLE_CODES);
/**
 * The 250-posts cap, enforced at `threads_publish` [TH-OVERVIEW]: its code is not documented
 * (UNCONFIRMED); Meta answers Instagram's cap with code 9 ("Application request limit reached"),
 * and so does the simulator.
 */
const PUBLISH_CAP_CODE = 9;
/** "Media not ready" (code 9007 / 2207027, the Graph's content publishing error for early publishes). */
const MEDIA_NOT_READY_CODE = 9007;

/** A post (or container) Threads does not know (any more): deleted, or never ours. */
export class ThreadsMediaNotFoundError extends SocialPlatformError {
  override name = 'ThreadsMediaNotFoundError';
}

export const isPublishCap = (error: unknown): error is RateLimitedError =>
  error instanceof RateLimitedError && error.message.startsWith('Threads publishing limit');

/** Threads' answer to a failed call, as our error kind. */
export function threadsErrorFrom(input: {
  operation: ThreadsOperation;
  status: number;
  headers: HeaderReader;
  body: unknown;
  now: Date;
}): SocialPlatformError {
  const { operation, status, now } = input;
  const said = readFailure(input.body);
  const { reason, codes } = failureWords(said, status);

  if (operation === 'publish' && said.code === PUBLISH_CAP_CODE) {
    return new RateLimitedError(
      'threads',
      `Threads publishing limit reached: ${reason}`,
      new Date(now.getTime() + PUBLISH_CAP_WINDOW_SECONDS * 1000),
    );
  }
  if (status === 429 || (said.code !== undefined && THROTTLED.has(said.code))) {
    return new RateLimitedError(
      'threads',
      `Threads rate limit reached: ${reason}`,
      throttleResetFrom(input.headers, now),
    );
  }
  // "Object with ID … does not exist" (100/33): on a post read, that post is gone.
  if (
    operation === 'read-media' &&
    said.code === 100 &&
    (said.subcode === OBJECT_UNREACHABLE_SUBCODE || /does not exist/i.test(said.message ?? ''))
  ) {
    return new ThreadsMediaNotFoundError('threads', `Threads does not know this post: ${reason}`);
  }
  if (
    (said.code !== undefined && TOKEN_INVALID_CODES.has(said.code)) ||
    said.type === 'REVOKED_ACCESS_TOKEN' ||
    (status === 401 && said.code === undefined)
  ) {
    return new TokenExpiredError('threads', `Threads refused the access token: ${reason}`);
  }
  if (operation === 'exchange-code' && status < 500) {
    // A used or foreign code, a wrong redirect URI or app secret: the user has to try again.
    return new SocialPlatformError('threads', `Threads refused the authorization: ${reason}`);
  }
  const serverError = serverErrorOf(threadsErrors, {
    operation,
    status,
    reason,
    codes,
    mayExist: 'the post may or may not have been published',
  });
  if (serverError) return serverError;
  if (operation === 'create-container' || operation === 'publish') {
    if (said.code === MEDIA_NOT_READY_CODE || said.transient) {
      return new TransientPlatformError(
        'threads',
        `Threads answered ${status}${codes}; try again in a moment: ${reason}`,
        'server_error',
      );
    }
    if (said.code === 100 || isMediaSubcode(said.subcode) || said.code === 10) {
      const what = said.code === 10 ? 'Threads does not allow this' : 'Threads refused the post';
      return new InvalidContentError('threads', `${what}${codes}: ${reason}`);
    }
  }
  return new SocialPlatformError('threads', `Threads answered ${status}${codes}: ${reason}`);
}

/**
 * What a failed container's `error_message` means, for the user [TH-TROUBLE, "Publishing does not
 * return a media ID": the values a container on ERROR carries].
 */
const CONTAINER_ERRORS: Record<string, string> = {
  FAILED_DOWNLOADING_VIDEO: 'Threads could not download the video from its link',
  FAILED_PROCESSING_AUDIO: 'Threads could not process the sound of the video (AAC, at most 48 kHz)',
  FAILED_PROCESSING_VIDEO: 'Threads could not process the video (MP4 or MOV, H.264 or HEVC)',
  INVALID_ASPEC_RATIO: 'the aspect ratio is not supported (between 0.01:1 and 10:1)',
  INVALID_BIT_RATE: 'the video bitrate is too high (at most 25 Mbps)',
  INVALID_DURATION: 'the video is too long (at most 5 minutes)',
  INVALID_FRAME_RATE: 'the frame rate is not supported (23 to 60 fps)',
  INVALID_AUDIO_CHANNELS: 'the sound has too many channels (mono or stereo)',
  INVALID_AUDIO_CHANNEL_LAYOUT: 'the sound channel layout is not supported',
  UNKNOWN: 'Threads could not use this media',
};

/** A container Threads could not turn into a post (`ERROR`), or one left too long (`EXPIRED`). */
export function containerFailure(code: ContainerStatus, detail: string | null): SocialPlatformError {
  if (code === 'EXPIRED') {
    return new InvalidContentError('threads', 'The Threads media container expired before it was published.');
  }
  const meaning = detail ? CONTAINER_ERRORS[detail] : undefined;
  return new InvalidContentError(
    'threads',
    meaning
      ? `Threads could not use this media: ${meaning} (${detail}).`
      : `Threads could not use this media${detail ? `: ${detail}` : ''}.`,
  );
}

/** What the shared HTTP client (http/platform-http.ts) needs to know of Threads' errors. */
export const threadsErrors: PlatformErrors<ThreadsOperation> = {
  platform: 'threads',
  name: 'Threads',
  repeatable: REPEATABLE,
  fromAnswer: threadsErrorFrom,
};
