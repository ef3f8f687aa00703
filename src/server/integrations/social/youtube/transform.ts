import { z } from 'zod';
import { answerReader, comparableText } from '../http/parse-answer';
import { type PlatformErrors, serverErrorOf } from '../http/transport-error';
import {
  type ExternalAccount,
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
} from '../social-provider';
import { nextPacificMidnight } from './quota';

/*
 * The YouTube Data API v3's JSON to our types, and its failures to our error kinds. Pure: tested
 * alone (transform.test.ts). Shapes from developers.google.com/youtube/v3/docs (channels, videos,
 * playlistItems resources) and its errors page (developers.google.com/youtube/v3/docs/errors).
 */

const parse = answerReader('youtube', 'YouTube');

/**
 * What a call to YouTube was doing. `upload-start` opens a resumable session (nothing exists yet);
 * `publish` sends the video's bytes (the last ones create the video: never blindly repeated);
 * `thumbnail` sets the same image again when repeated.
 */
export type YouTubeOperation = 'read' | 'upload-start' | 'publish' | 'upload-status' | 'thumbnail';
const REPEATABLE: ReadonlySet<YouTubeOperation> = new Set([
  'read',
  'upload-start',
  'upload-status',
  'thumbnail',
]);

/** `channels.list part=snippet,statistics,contentDetails mine=true` → `{items: [channel]}`. */
const channel = z.object({
  id: z.string().min(1),
  snippet: z
    .object({
      title: z.string(),
      customUrl: z.string().nullish(),
      thumbnails: z.record(z.string(), z.object({ url: z.string() })).nullish(),
    })
    .nullish(),
  statistics: z
    .object({
      subscriberCount: z.coerce.number().int().min(0).nullish(),
      hiddenSubscriberCount: z.boolean().nullish(),
    })
    .nullish(),
  contentDetails: z
    .object({ relatedPlaylists: z.object({ uploads: z.string().nullish() }).nullish() })
    .nullish(),
});
const channelList = z.object({ items: z.array(channel).default([]) });
type Channel = z.infer<typeof channel>;

/** The signed-in user's channel; a Google account without one cannot upload. */
export function toChannel(body: unknown): Channel {
  const [found] = parse(channelList, body, 'channel list').items;
  if (!found) {
    throw new InvalidContentError(
      'youtube',
      'This Google account has no YouTube channel. Create one on youtube.com, then connect again.',
    );
  }
  return found;
}

/** The subscriber count, or null when the channel hides it (`statistics.hiddenSubscriberCount`). */
export function subscribersOf(found: Channel): number | null {
  if (found.statistics?.hiddenSubscriberCount) return null;
  return found.statistics?.subscriberCount ?? null;
}

export function toExternalAccount(body: unknown): ExternalAccount {
  const found = toChannel(body);
  const thumbnails = found.snippet?.thumbnails ?? {};
  const avatar = thumbnails.medium ?? thumbnails.default ?? Object.values(thumbnails)[0];
  const handle = found.snippet?.customUrl?.replace(/^@/, '') || found.id;
  return {
    externalId: found.id,
    username: handle,
    displayName: found.snippet?.title?.trim() || handle,
    avatarUrl: avatar?.url ?? null,
    followers: subscribersOf(found),
  };
}

/** The uploads playlist: `contentDetails.relatedPlaylists.uploads`, else the channel id's `UU…` twin. */
export function uploadsPlaylistOf(found: Channel): string {
  return found.contentDetails?.relatedPlaylists?.uploads || found.id.replace(/^UC/, 'UU');
}

/** A video resource, as far as we read it (videos#resource). */
const video = z.object({
  id: z.string().min(1),
  snippet: z.object({ title: z.string().nullish(), publishedAt: z.string().nullish() }).nullish(),
  status: z
    .object({
      uploadStatus: z.string().nullish(),
      failureReason: z.string().nullish(),
      rejectionReason: z.string().nullish(),
      privacyStatus: z.string().nullish(),
    })
    .nullish(),
  processingDetails: z
    .object({ processingStatus: z.string().nullish(), processingFailureReason: z.string().nullish() })
    .nullish(),
  statistics: z
    .object({
      viewCount: z.coerce.number().int().min(0).nullish(),
      likeCount: z.coerce.number().int().min(0).nullish(),
      commentCount: z.coerce.number().int().min(0).nullish(),
    })
    .nullish(),
});
export type YouTubeVideo = z.infer<typeof video>;
const videoList = z.object({ items: z.array(video).default([]) });

export const toVideo = (body: unknown): YouTubeVideo => parse(video, body, 'video');
export const toVideos = (body: unknown): YouTubeVideo[] => parse(videoList, body, 'video list').items;

/**
 * Where an uploaded video stands. `status.uploadStatus` failed (with `failureReason`: codec,
 * conversion, emptyFile, invalidFile, tooSmall, uploadAborted) or rejected (`rejectionReason`:
 * claim, copyright, duplicate, inappropriate, length, …), or `processingDetails.processingStatus`
 * failed/terminated: the video will never play. `processed`: done. Anything else: still going.
 */
export function processingOutcome(
  found: YouTubeVideo,
): { state: 'done' | 'pending' } | { state: 'failed'; reason: string } {
  const status = found.status?.uploadStatus;
  const processing = found.processingDetails?.processingStatus;
  if (status === 'failed') {
    return {
      state: 'failed',
      reason: `YouTube could not process the video (${found.status?.failureReason ?? 'failed'}).`,
    };
  }
  if (status === 'rejected') {
    return {
      state: 'failed',
      reason: `YouTube rejected the video (${found.status?.rejectionReason ?? 'rejected'}).`,
    };
  }
  if (status === 'deleted') return { state: 'failed', reason: 'The video was deleted on YouTube.' };
  if (processing === 'failed' || processing === 'terminated') {
    const why = found.processingDetails?.processingFailureReason ?? processing;
    return { state: 'failed', reason: `YouTube could not process the video (${why}).` };
  }
  if (status === 'processed' || processing === 'succeeded') return { state: 'done' };
  return { state: 'pending' };
}

/** `playlistItems.list part=snippet` → items with the video's id, title, description and when added. */
const playlistItem = z.object({
  snippet: z.object({
    title: z.string().nullish(),
    description: z.string().nullish(),
    publishedAt: z.string().nullish(),
    resourceId: z.object({ videoId: z.string().min(1) }),
  }),
});
const playlistItems = z.object({ items: z.array(playlistItem).default([]) });
export type YouTubePlaylistItem = z.infer<typeof playlistItem>;

export const toPlaylistItems = (body: unknown) => parse(playlistItems, body, 'playlist').items;

/** Whether a video of the uploads playlist is the one sent: its title (and description), added since. */
export function isSameVideo(
  item: YouTubePlaylistItem,
  sent: { title: string | null; description: string },
  since: Date,
): boolean {
  const added = item.snippet.publishedAt ? Date.parse(item.snippet.publishedAt) : Number.NaN;
  if (Number.isFinite(added) && added < since.getTime()) return false;
  if (sent.title !== null && comparableText(item.snippet.title ?? '') !== comparableText(sent.title))
    return false;
  return comparableText(item.snippet.description ?? '') === comparableText(sent.description);
}

/** Google's error body: `{error: {code, message, errors: [{domain, reason, message}], status}}`. */
export function readYouTubeError(body: unknown): { reason?: string; domain?: string; message?: string } {
  if (typeof body === 'string') return body.trim() ? { message: body.trim().slice(0, 200) } : {};
  const error = (body as { error?: unknown } | null)?.error;
  if (!error || typeof error !== 'object') return {};
  const record = error as Record<string, unknown>;
  const first = Array.isArray(record.errors)
    ? (record.errors[0] as Record<string, unknown> | undefined)
    : undefined;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  // Google's messages carry HTML links ("exceeded your <a href=…>quota</a>"): text only.
  const message = text(record.message) ?? text(first?.message);
  return {
    reason: text(first?.reason),
    domain: text(first?.domain),
    message: message?.replace(/<[^>]+>/g, ''),
  };
}

/**
 * YouTube's answer to a failed call as our error kind (developers.google.com/youtube/v3/docs/errors):
 * 401 → the token is expired or revoked; 403 `quotaExceeded` → the project's daily units are spent
 * until midnight Pacific Time; 403 `rateLimitExceeded`/`userRateLimitExceeded` and 429 → slow down;
 * 400 `uploadLimitExceeded` → the channel's own daily upload cap (retry in a day); 403
 * `insufficientPermissions` → the connection lacks a scope (reconnect); other 4xx on an upload → the
 * video's metadata or file was refused.
 */
export function youtubeErrorFrom(input: {
  operation: YouTubeOperation;
  status: number;
  body: unknown;
  now: Date;
}): SocialPlatformError {
  const { operation, status, now } = input;
  const said = readYouTubeError(input.body);
  const codes = said.reason ? ` (${said.reason})` : '';
  const reason = said.message ?? `HTTP ${status}`;
  if (said.reason === 'quotaExceeded' || said.reason === 'dailyLimitExceeded') {
    return new RateLimitedError(
      'youtube',
      `YouTube's daily quota for Kitepost is used up${codes}; it resets at midnight Pacific Time: ${reason}`,
      nextPacificMidnight(now),
    );
  }
  if (said.reason === 'uploadLimitExceeded') {
    return new RateLimitedError(
      'youtube',
      `This channel reached YouTube's daily upload limit${codes}: ${reason}`,
      new Date(now.getTime() + 24 * 3_600_000),
    );
  }
  if (status === 429 || said.reason === 'rateLimitExceeded' || said.reason === 'userRateLimitExceeded') {
    return new RateLimitedError('youtube', `YouTube rate limit reached${codes}: ${reason}`, null);
  }
  if (status === 401) {
    return new TokenExpiredError('youtube', `YouTube refused the access token${codes}: ${reason}`);
  }
  if (said.reason === 'insufficientPermissions') {
    return new TokenExpiredError(
      'youtube',
      `The YouTube connection lacks a permission Kitepost needs; reconnect the account${codes}: ${reason}`,
    );
  }
  const serverError = serverErrorOf(youtubeErrors, {
    operation,
    status,
    reason,
    codes,
    mayExist: 'the video may or may not exist',
  });
  if (serverError) return serverError;
  if ((operation === 'upload-start' || operation === 'publish') && status >= 400 && status < 500) {
    return new InvalidContentError('youtube', `YouTube refused the video${codes}: ${reason}`);
  }
  if (operation === 'thumbnail' && status >= 400 && status < 500) {
    return new InvalidContentError('youtube', `YouTube refused the thumbnail${codes}: ${reason}`);
  }
  return new SocialPlatformError('youtube', `YouTube answered ${status}${codes}: ${reason}`);
}

export const youtubeErrors: PlatformErrors<YouTubeOperation> = {
  platform: 'youtube',
  name: 'YouTube',
  repeatable: REPEATABLE,
  fromAnswer: youtubeErrorFrom,
};

/**
 * Where people watch: youtube.com, or the simulator next to its consent page
 * (`…/sandbox/youtube/o/oauth2/v2/auth` → `…/sandbox/youtube`).
 */
export function youtubeWebBaseUrl(authorizeUrl: string): string {
  const match = /^(https?:\/\/[^?#]+?)\/o\/oauth2\/v2\/auth(?:[?#].*)?$/.exec(authorizeUrl);
  if (!match?.[1] || /^https:\/\/accounts\.google\.com$/.test(match[1])) return 'https://www.youtube.com';
  return match[1];
}

/** A video's page: `/shorts/{id}` for a Short, `/watch?v={id}` otherwise. */
export const youtubeVideoUrl = (webBaseUrl: string, id: string, short = false) =>
  short
    ? `${webBaseUrl}/shorts/${encodeURIComponent(id)}`
    : `${webBaseUrl}/watch?v=${encodeURIComponent(id)}`;
