import { z } from 'zod';
import { tiktokPrivacyLevels } from '../../../../contracts/tiktok';
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
 * TikTok's JSON to our types, and its failures to our error kinds. Pure: no I/O, tested alone
 * (transform.test.ts). Sources: [TT-TOKEN] developers.tiktok.com/doc/oauth-user-access-token-management,
 * [TT-ERR] …/doc/tiktok-api-v2-error-handling (the `{data, error:{code,message,log_id}}` envelope,
 * `code: "ok"` on success), [TT-USER] …/doc/tiktok-api-v2-get-user-info, [TT-CREATOR]
 * …/doc/content-posting-api-reference-query-creator-info, [TT-DIRECT]
 * …/doc/content-posting-api-reference-direct-post (error codes of init), [TT-STATUS]
 * …/doc/content-posting-api-reference-get-video-status.
 */

const parse = answerReader('tiktok', 'TikTok');

/**
 * What a call to TikTok was doing. `upload` starts a post or sends a chunk that is not the last:
 * nothing is published by it (an unfinished upload expires). `publish` is the call after which
 * TikTok posts (the last chunk, a photo post's init). Status and list reads are `read`.
 */
export type TikTokOperation = 'exchange-code' | 'refresh' | 'revoke' | 'read' | 'upload' | 'publish';

const REPEATABLE: ReadonlySet<TikTokOperation> = new Set(['read', 'upload', 'revoke']);

/** A rate-limited token waits this long: TikTok's limits are per token per minute [TT-ERR]. */
const RATE_WINDOW_MS = 60_000;

/** True when a 2xx answer still carries an error: TikTok checks `error.code` even on 200 [TT-ERR]. */
export function tiktokSucceeded(status: number, body: unknown): boolean {
  if (status < 200 || status >= 300) return false;
  if (!body || typeof body !== 'object') return true;
  const record = body as Record<string, unknown>;
  if (typeof record.error === 'string' && record.error !== '') return false;
  const error = record.error as { code?: unknown } | undefined;
  return !error || typeof error !== 'object' || error.code === undefined || error.code === 'ok';
}

const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  open_id: z.string().min(1),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.coerce.number().positive(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

/**
 * `POST /v2/oauth/token/` as a TokenSet [TT-TOKEN]: `expires_in` (24 h) and `refresh_expires_in`
 * (365 days) in seconds; a refresh may hand back another refresh token, which replaces the old one.
 * `scope` is comma-separated; the open_id is kept with the tokens (the account's id).
 */
export function toTokenSet(body: unknown, now: Date, previous?: TokenSet): TokenSet {
  const parsed = parse(tokenResponse, body, 'token response');
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  return {
    accessToken: parsed.access_token,
    refreshToken: parsed.refresh_token,
    expiresAt: at(parsed.expires_in),
    refreshExpiresAt: at(parsed.refresh_expires_in),
    scopes: parsed.scope ? parsed.scope.split(/[,\s]+/).filter(Boolean) : (previous?.scopes ?? []),
    connection: { openId: parsed.open_id },
  };
}

const userResponse = z.object({
  data: z.object({
    user: z.object({
      open_id: z.string().min(1),
      display_name: z.string().optional(),
      username: z.string().optional(),
      avatar_url: z.string().optional(),
      follower_count: z.number().int().nonnegative().optional(),
    }),
  }),
});

/** `GET /v2/user/info/` as the account to connect [TT-USER]; follower_count needs user.info.stats. */
export function toExternalAccount(body: unknown): ExternalAccount {
  const { user } = parse(userResponse, body, 'user').data;
  const username = user.username || user.display_name || user.open_id;
  return {
    externalId: user.open_id,
    username,
    displayName: user.display_name || username,
    avatarUrl: user.avatar_url || null,
    followers: user.follower_count ?? null,
  };
}

/** The follower count of `GET /v2/user/info/?fields=follower_count`; null when not reported. */
export function toFollowers(body: unknown): number | null {
  return parse(userResponse.partial(), body, 'user').data?.user.follower_count ?? null;
}

const creatorResponse = z.object({
  data: z.object({
    creator_avatar_url: z.string().optional(),
    creator_username: z.string(),
    creator_nickname: z.string(),
    privacy_level_options: z.array(z.string()),
    comment_disabled: z.boolean(),
    duet_disabled: z.boolean(),
    stitch_disabled: z.boolean(),
    max_video_post_duration_sec: z.number().int().positive(),
  }),
});

export interface CreatorInfo {
  username: string;
  nickname: string;
  avatarUrl: string | null;
  privacyLevelOptions: Array<(typeof tiktokPrivacyLevels)[number]>;
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
}

/** `POST /v2/post/publish/creator_info/query/` [TT-CREATOR]; privacy levels we do not know are dropped. */
export function toCreatorInfo(body: unknown): CreatorInfo {
  const { data } = parse(creatorResponse, body, 'creator info');
  const known = new Set<string>(tiktokPrivacyLevels);
  return {
    username: data.creator_username,
    nickname: data.creator_nickname,
    avatarUrl: data.creator_avatar_url || null,
    privacyLevelOptions: data.privacy_level_options.filter((level) =>
      known.has(level),
    ) as CreatorInfo['privacyLevelOptions'],
    commentDisabled: data.comment_disabled,
    duetDisabled: data.duet_disabled,
    stitchDisabled: data.stitch_disabled,
    maxVideoPostDurationSec: data.max_video_post_duration_sec,
  };
}

const initResponse = z.object({
  data: z.object({ publish_id: z.string().min(1), upload_url: z.string().url().optional() }),
});

/** An init's answer [TT-DIRECT]: the publish id, and where the file goes for FILE_UPLOAD. */
export function toInit(body: unknown): { publishId: string; uploadUrl: string | null } {
  const { data } = parse(initResponse, body, 'init answer');
  return { publishId: data.publish_id, uploadUrl: data.upload_url ?? null };
}

const statusResponse = z.object({
  data: z.object({
    status: z.enum([
      'PROCESSING_UPLOAD',
      'PROCESSING_DOWNLOAD',
      'SEND_TO_USER_INBOX',
      'PUBLISH_COMPLETE',
      'FAILED',
    ]),
    fail_reason: z.string().optional(),
    // TikTok's own spelling [TT-STATUS].
    publicaly_available_post_id: z.array(z.union([z.string(), z.number()])).optional(),
  }),
});

export type PublishStatus =
  | { state: 'processing' }
  | { state: 'inbox' }
  | { state: 'complete'; postId: string | null }
  | { state: 'failed'; reason: string };

/** `POST /v2/post/publish/status/fetch/` [TT-STATUS]. */
export function toPublishStatus(body: unknown): PublishStatus {
  const { data } = parse(statusResponse, body, 'publish status');
  switch (data.status) {
    case 'SEND_TO_USER_INBOX':
      return { state: 'inbox' };
    case 'PUBLISH_COMPLETE': {
      const id = data.publicaly_available_post_id?.[0];
      return { state: 'complete', postId: id === undefined ? null : String(id) };
    }
    case 'FAILED':
      return { state: 'failed', reason: data.fail_reason || 'unknown reason' };
    default:
      return { state: 'processing' };
  }
}

/** What TikTok's `fail_reason` codes mean for the person whose post failed [TT-STATUS]. */
const FAIL_REASONS: Record<string, string> = {
  file_format_check_failed: 'the file is not a format TikTok takes (MP4, WebM or MOV; JPEG or WebP photos)',
  duration_check_failed: 'the video is longer or shorter than TikTok allows for this account',
  frame_rate_check_failed: 'the frame rate is outside 23–60 fps',
  picture_size_check_failed: 'the picture size is outside 360–4096 px',
  video_pull_failed: 'TikTok could not download the video',
  photo_pull_failed: 'TikTok could not download the photos',
  publish_cancelled: 'the post was cancelled',
  auth_removed: 'the creator removed Kitepost’s access',
  spam_risk_too_many_posts: 'the creator posted too many times today',
  spam_risk_user_banned_from_posting: 'the creator is banned from posting',
  internal: 'TikTok failed to process it',
};
export const failReasonText = (reason: string) => FAIL_REASONS[reason] ?? reason;

const videoListResponse = z.object({
  data: z.object({
    videos: z.array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        title: z.string().optional(),
        video_description: z.string().optional(),
        create_time: z.number().optional(),
        share_url: z.string().optional(),
      }),
    ),
    cursor: z.number().optional(),
    has_more: z.boolean(),
  }),
});

export interface ListedVideo {
  id: string;
  caption: string;
  createdAt: Date | null;
  shareUrl: string | null;
}

/** `POST /v2/video/list/` [TT-LIST]: the creator's public videos, newest first. */
export function toVideoPage(body: unknown): { videos: ListedVideo[]; cursor: number | null; more: boolean } {
  const { data } = parse(videoListResponse, body, 'video list');
  return {
    videos: data.videos.map((video) => ({
      id: video.id,
      caption: video.video_description ?? video.title ?? '',
      createdAt: video.create_time === undefined ? null : new Date(video.create_time * 1000),
      shareUrl: video.share_url ?? null,
    })),
    cursor: data.cursor ?? null,
    more: data.has_more,
  };
}

interface HeaderReader {
  get(name: string): string | null;
}

function readFailure(body: unknown): { code: string | undefined; message: string | undefined } {
  if (!body || typeof body !== 'object') {
    return { code: undefined, message: typeof body === 'string' ? body.slice(0, 200) : undefined };
  }
  const record = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  if (typeof record.error === 'string') {
    // OAuth endpoints: `{error, error_description, log_id}` [TT-TOKEN].
    return { code: text(record.error), message: text(record.error_description) };
  }
  const error = record.error as Record<string, unknown> | undefined;
  return { code: text(error?.code), message: text(error?.message) };
}

const TOKEN_CODES = new Set(['access_token_invalid', 'invalid_token']);
/** Refusals of the post itself: the user can change something and try again [TT-DIRECT]. */
const CONTENT_CODES = new Set([
  'invalid_params',
  'privacy_level_option_mismatch',
  'unaudited_client_can_only_post_to_private_accounts',
  'spam_risk_user_banned_from_posting',
  'invalid_file_upload',
  'file_format_check_failed',
  'duration_check_failed',
  'picture_size_check_failed',
  'frame_rate_check_failed',
]);

/** Why TikTok refused, in words a user can act on (the code kept for support). */
function explain(code: string | undefined, message: string): string {
  switch (code) {
    case 'unaudited_client_can_only_post_to_private_accounts':
      return 'Kitepost’s TikTok app is not audited yet, so TikTok only takes posts visible to "Only me"; choose that privacy.';
    case 'url_ownership_unverified':
      return 'TikTok refused the photo links: the domain they come from is not verified for Kitepost’s TikTok app.';
    case 'privacy_level_option_mismatch':
      return 'The chosen privacy is not one this creator may use now; choose again.';
    default:
      return message;
  }
}

/** TikTok's refusal as our error kind. */
export function tiktokErrorFrom(input: {
  operation: TikTokOperation;
  status: number;
  headers: HeaderReader;
  body: unknown;
  now: Date;
}): SocialPlatformError {
  const { operation, status } = input;
  const said = readFailure(input.body);
  const message = said.message ?? said.code ?? `HTTP ${status}`;
  const reason = `${explain(said.code, message)}${said.code ? ` (${said.code})` : ''}`;

  if (status === 429 || said.code === 'rate_limit_exceeded') {
    return new RateLimitedError(
      'tiktok',
      `TikTok rate limit reached: ${reason}`,
      new Date(input.now.getTime() + RATE_WINDOW_MS),
    );
  }
  if (said.code === 'spam_risk_too_many_posts' || said.code === 'reached_active_user_cap') {
    return new RateLimitedError('tiktok', `TikTok refused more posts for now: ${reason}`, null);
  }
  if (operation === 'exchange-code' || operation === 'refresh' || operation === 'revoke') {
    if (said.code === 'invalid_client' || said.code === 'unauthorized_client') {
      return new SocialPlatformError('tiktok', `TikTok refused Kitepost's app credentials: ${reason}`);
    }
    if (operation === 'refresh' && status < 500) {
      return new TokenExpiredError('tiktok', `TikTok refused the refresh token: ${reason}`);
    }
    if (status < 500) return new SocialPlatformError('tiktok', `TikTok refused the authorization: ${reason}`);
  }
  if (said.code === 'scope_not_authorized' || said.code === 'scope_permission_missed') {
    return new TokenExpiredError(
      'tiktok',
      `This TikTok connection lacks a permission; reconnect the account and allow it: ${reason}`,
    );
  }
  if (status === 401 || (said.code && TOKEN_CODES.has(said.code))) {
    return new TokenExpiredError('tiktok', `TikTok refused the access token: ${reason}`);
  }
  const serverError = serverErrorOf(tiktokErrors, {
    operation,
    status,
    reason,
    codes: said.code ? ` (${said.code})` : '',
  });
  if (serverError) return serverError;
  if ((operation === 'publish' || operation === 'upload') && said.code && CONTENT_CODES.has(said.code)) {
    return new InvalidContentError('tiktok', `TikTok refused the post: ${reason}`);
  }
  return new SocialPlatformError('tiktok', `TikTok answered ${status}: ${reason}`);
}

export const tiktokErrors: PlatformErrors<TikTokOperation> = {
  platform: 'tiktok',
  name: 'TikTok',
  repeatable: REPEATABLE,
  fromAnswer: tiktokErrorFrom,
};

/**
 * Where people read TikTok (and the simulator): the authorize URL without `/v2/auth/authorize/`.
 * `https://www.tiktok.com/v2/auth/authorize/` → `https://www.tiktok.com`.
 */
export function tiktokWebBaseUrl(authorizeUrl: string): string {
  const match = /^(https?:\/\/[^?#]+?)\/v2\/auth\/authorize\/?(?:[?#].*)?$/.exec(authorizeUrl);
  return match?.[1] ?? 'https://www.tiktok.com';
}

/** A post's public link: `/@user/video/{id}`, or `/@user/photo/{id}` for a photo post. */
export function tiktokPostUrl(webBase: string, username: string, id: string, photo = false): string {
  return `${webBase}/@${encodeURIComponent(username)}/${photo ? 'photo' : 'video'}/${encodeURIComponent(id)}`;
}
