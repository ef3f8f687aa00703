import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type {
  FaultAnswers,
  SandboxFault,
  SimulatedAnswer,
  SimulatedCallKind,
  simulatedApi,
} from './sandbox-faults';
import type { SandboxAccount } from './sandbox-store';

/*
 * How the pretend TikTok says things. Sources: [TT-TOKEN] developers.tiktok.com/doc/oauth-user-access-token-management
 * (token answer, `{error, error_description, log_id}` on the OAuth endpoints), [TT-ERR]
 * …/doc/tiktok-api-v2-error-handling (`{data, error:{code, message, log_id}}`, code "ok"),
 * [TT-SCOPES] …/doc/tiktok-api-scopes, [TT-CREATOR] …/doc/content-posting-api-reference-query-creator-info,
 * [TT-DIRECT] …/doc/content-posting-api-reference-direct-post (limits per token per minute).
 */

export const TT_LABEL = 'TikTok';
export const TT_LOGO = '♪';
export const TT_BASE_PATH = '/sandbox/tiktok';
export const TT_API_PATH = `${TT_BASE_PATH}/api`;
export const TT_AUTHORIZE_PATH = `${TT_BASE_PATH}/v2/auth/authorize/`;
/** Where chunks are PUT (TikTok's own upload host, open-upload.tiktokapis.com, in the sandbox). */
export const TT_UPLOAD_PATH = `${TT_BASE_PATH}/upload/video/`;

/** "expires_in: 86400" (24 h) and "refresh_expires_in: 31536000" (365 days) [TT-TOKEN]. */
export const TT_ACCESS_SECONDS = 86_400;
export const TT_REFRESH_SECONDS = 31_536_000;
/** An authorization code is short-lived (UNCONFIRMED: 10 minutes, as most platforms). */
export const TT_CODE_SECONDS = 600;

/** TikTok usernames: 2 to 24 letters, digits, underscores or periods. */
export const TT_USERNAME = /^[A-Za-z0-9_.]{2,24}$/;
export const TT_USERNAME_RULE = '2 to 24 letters, numbers, underscores or periods.';

/** Scopes the pretend TikTok knows, as its consent screen words them [TT-SCOPES]. */
export const TT_SCOPES: Record<string, string> = {
  'user.info.basic': 'Read your profile info (avatar, display name).',
  'user.info.profile': 'Read your username and profile details.',
  'user.info.stats': 'Read your follower and like counts.',
  'video.publish': 'Post content to your TikTok account directly.',
  'video.upload': 'Send content to your TikTok inbox as a draft.',
  'video.list': 'Read your public videos on TikTok.',
};

/** Per token per minute [TT-DIRECT, TT-CREATOR, TT-STATUS]. */
export const TT_RATE_LIMITS = { init: 6, creator: 20, status: 30 } as const;

const logId = () => randomBytes(12).toString('hex').toUpperCase();

/** An API answer in TikTok's envelope. */
export function ttData(data: unknown): SimulatedAnswer {
  return { status: 200, body: { data, error: { code: 'ok', message: '', log_id: logId() } } };
}
export function ttError(status: number, code: string, message: string): SimulatedAnswer {
  return { status, body: { data: {}, error: { code, message, log_id: logId() } } };
}
/** The OAuth endpoints' error [TT-TOKEN]. */
export function ttOAuthError(status: number, error: string, description: string): SimulatedAnswer {
  return { status, body: { error, error_description: description, log_id: logId() } };
}

export const invalidParams = (message: string) => ttError(400, 'invalid_params', message);
export const invalidToken = () =>
  ttError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
export const scopeMissing = (scope: string) =>
  ttError(
    401,
    'scope_not_authorized',
    `The user did not authorize the scope required for completing this request: ${scope}.`,
  );
export const rateLimited = () =>
  ttError(429, 'rate_limit_exceeded', 'API rate limit was exceeded, please try again later.');

export const ttFaults: FaultAnswers = {
  rateLimited: () => rateLimited(),
  unauthorized: () => invalidToken(),
  unavailable: () => ttError(503, 'internal_error', 'Service unavailable.'),
  internalError: () => ttError(500, 'internal_error', 'Something went wrong. Please try again later.'),
};
export const ttOAuthFaults: FaultAnswers = {
  ...ttFaults,
  unauthorized: () => ttOAuthError(400, 'invalid_grant', 'Refresh token is invalid or expired.'),
};

/**
 * A sandbox creator's posting settings [TT-CREATOR]. A handle that starts with "private" is a
 * private account (followers, friends, only me; no duet or stitch); every other one is public
 * (everyone, friends, only me). "All TikTok creators can post 3-minute videos" [TT-DIRECT].
 */
export function creatorSettingsOf(account: SandboxAccount) {
  const isPrivate = account.username.toLowerCase().startsWith('private');
  return {
    privacyLevelOptions: isPrivate
      ? ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY']
      : ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
    commentDisabled: false,
    duetDisabled: isPrivate,
    stitchDisabled: isPrivate,
    maxVideoPostDurationSec: 180,
  };
}

/** TikTok counts a title's length in UTF-16 runes (UNCONFIRMED; String.length here). */
export const TITLE_MAX = { video: 2200, photoTitle: 90, photoDescription: 4000 } as const;
export const MAX_PHOTOS = 35;

export interface TikTokCaller {
  account: SandboxAccount;
  scopes: string[];
  token: string;
  fault: SandboxFault | null;
}

/** A route of the API: the token's caller, one of the scopes, TikTok's per-minute limit. */
export type TikTokRoute = (
  kind: SimulatedCallKind,
  anyScope: string[],
  limit: keyof typeof TT_RATE_LIMITS | null,
  handle: (
    caller: TikTokCaller,
    body: Record<string, unknown>,
    request: FastifyRequest,
  ) => Promise<SimulatedAnswer>,
) => ReturnType<typeof simulatedApi>;
