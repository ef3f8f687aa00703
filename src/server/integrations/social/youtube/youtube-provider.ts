import { createGoogleOAuth } from '../google/google-oauth';
import type { PlatformQuotaStore } from '../platform-quota-store';
import {
  InvalidContentError,
  type PlatformAppOptions,
  type PostLinkOptions,
  type PublishedPost,
  type SocialProvider,
  type TokenSet,
  UnknownOutcomeError,
} from '../social-provider';
import { toVideoMetrics } from './metrics-transform';
import { DEFAULT_CHUNK_BYTES, toYouTubeUpload } from './publish-transform';
import {
  createYouTubeQuota,
  PROCESSING_CHECKS,
  UPLOAD_UNITS,
  YOUTUBE_UNITS,
  type YouTubeQuota,
} from './quota';
import { checkThumbnail, setThumbnail } from './thumbnail';
import {
  isSameVideo,
  subscribersOf,
  toChannel,
  toExternalAccount,
  toPlaylistItems,
  toVideo,
  toVideos,
  uploadsPlaylistOf,
  youtubeVideoUrl,
  youtubeWebBaseUrl,
} from './transform';
import { createYouTubeApi } from './youtube-api';
import { awaitProcessing, uploadVideo } from './youtube-upload';

/*
 * YouTube (Data API v3) behind our SocialProvider port (issue 28, decision 087): Google's sign-in
 * with offline access (google/google-oauth.ts), the channel as the account, a video uploaded by
 * the resumable protocol with its title, description, tags, category, privacy and made-for-kids
 * flag, its processing awaited, a custom thumbnail where asked; the uploads playlist for
 * reconciliation; statistics for metrics. Every call spends the project's daily quota units
 * first (quota.ts): an upload that would pass YOUTUBE_DAILY_QUOTA is refused before it starts.
 */

/**
 * `youtube.upload` for videos.insert and thumbnails.set (both list it among their scopes);
 * `youtube.readonly` for channels.list mine=true, videos.list of the owner's processingDetails,
 * playlistItems.list (developers.google.com/youtube/v3/docs/…#auth of each method).
 */
export const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
] as const;

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_PROCESSING_POLL_MS = 3_000;
/** videos.list takes 50 ids a call. */
const VIDEOS_PER_READ = 50;

export interface YouTubeProviderOptions extends PlatformAppOptions, PostLinkOptions {
  tokenUrl?: string;
  quotas: PlatformQuotaStore;
  platformApps: { youtubeDailyQuota: number };
  /** Bytes per upload chunk (a multiple of 256 KiB); 8 MiB by default. */
  chunkBytes?: number;
  /** Between processing checks; 3 s by default. */
  processingPollMs?: number;
}

export interface YouTubeProvider extends SocialProvider {
  /** The project's units spent today and the uploads that still fit. */
  readonly quota: YouTubeQuota;
}

export function createYouTubeProvider(options: YouTubeProviderOptions): YouTubeProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const oauth = createGoogleOAuth({
    ...options,
    platform: 'youtube',
    tokenUrl: options.tokenUrl ?? 'https://oauth2.googleapis.com/token',
    scopes: YOUTUBE_SCOPES,
    fetch: fetchImpl,
    timeoutMs,
  });
  const api = createYouTubeApi({ apiBaseUrl: options.apiBaseUrl, fetch: fetchImpl, timeoutMs });
  const quota = createYouTubeQuota(options.quotas, {
    sandbox: options.sandbox,
    dailyLimit: options.platformApps.youtubeDailyQuota,
  });
  const webBaseUrl = (options.webBaseUrl ?? youtubeWebBaseUrl(options.authorizeUrl)).replace(/\/$/, '');
  const published = (id: string, short = false): PublishedPost => ({
    externalId: id,
    url: youtubeVideoUrl(webBaseUrl, id, short),
  });
  const list = async <T>(what: string, read: () => Promise<T>) => {
    await quota.spend(YOUTUBE_UNITS.list, what, 'read');
    return read();
  };
  const myChannel = async (tokens: TokenSet) =>
    list('read the channel', () => api.myChannel(tokens.accessToken));

  return {
    platform: 'youtube',
    sandbox: options.sandbox,
    usesPkce: true,
    quota,
    dailyQuota: () => quota.status(),
    authorizeUrl: (request) => oauth.authorizeUrl(request),
    exchangeCode: ({ code, redirectUri, codeVerifier }) =>
      oauth.exchangeCode({ code, redirectUri, codeVerifier }),
    refreshTokens: (tokens) => oauth.refreshTokens(tokens),
    revoke: (tokens) => oauth.revoke(tokens),

    async listAccounts(tokens) {
      return [toExternalAccount(await myChannel(tokens))];
    },

    async publish(tokens, input) {
      const upload = toYouTubeUpload(input);
      if (input.thumbnail) checkThumbnail(input.thumbnail);
      const thumbnailUnits = input.thumbnail ? YOUTUBE_UNITS.thumbnail : 0;
      await quota.spend(UPLOAD_UNITS + thumbnailUnits, 'upload a video');
      let unused = PROCESSING_CHECKS * YOUTUBE_UNITS.list + thumbnailUnits;
      try {
        const video = await uploadVideo(
          api,
          tokens.accessToken,
          upload,
          options.chunkBytes ?? DEFAULT_CHUNK_BYTES,
        );
        try {
          const checks = await awaitProcessing(api, tokens.accessToken, video.id, {
            checks: PROCESSING_CHECKS,
            intervalMs: options.processingPollMs ?? DEFAULT_PROCESSING_POLL_MS,
          });
          unused -= checks * YOUTUBE_UNITS.list;
        } catch (error) {
          // The video exists now: only YouTube's own verdict on it fails the post. A check that
          // could not be made (throttled, a token that just ended, a lost answer) must not, or the
          // retry would upload the video a second time.
          if (error instanceof InvalidContentError) throw error;
          unused = thumbnailUnits;
        }
        if (input.thumbnail) {
          await setThumbnail(api, tokens.accessToken, video.id, input.thumbnail);
          unused -= thumbnailUnits;
        }
        return published(video.id, upload.short);
      } finally {
        await quota.release(unused);
      }
    },

    /**
     * After an unknown outcome: the upload session first (step 3 of the resumable protocol says
     * whether the last byte arrived and answers the video), then the channel's uploads playlist for
     * a video with this title and description added since the attempt.
     */
    async findPublished(tokens, { text, since, hint }) {
      if (hint?.uploadUrl && hint.sizeBytes) {
        try {
          const progress = await api.uploadStatus(tokens.accessToken, hint.uploadUrl, Number(hint.sizeBytes));
          if (progress.done) return published(toVideo(progress.video).id);
          // The session still waits for bytes: the video was never created.
          return null;
        } catch (error) {
          if (error instanceof UnknownOutcomeError) throw error;
          // The session is gone (expired, or YouTube forgot it): the playlist can still tell.
        }
      }
      const playlist = uploadsPlaylistOf(toChannel(await myChannel(tokens)));
      const items = toPlaylistItems(
        await list('look for the video', () => api.listPlaylistItems(tokens.accessToken, playlist)),
      );
      const sent = { title: hint?.title ?? null, description: text };
      const found = items.find((item) => isSameVideo(item, sent, since));
      return found ? published(found.snippet.resourceId.videoId) : null;
    },

    /** `videos.list part=statistics` for up to 50 videos a call (1 unit each); ids not answered are gone. */
    async readPostMetrics(tokens, { externalIds }) {
      const result: Awaited<ReturnType<SocialProvider['readPostMetrics']>> = { metrics: [], missing: [] };
      for (let start = 0; start < externalIds.length; start += VIDEOS_PER_READ) {
        const ids = externalIds.slice(start, start + VIDEOS_PER_READ);
        const videos = toVideos(
          await list('read video statistics', () => api.listVideos(tokens.accessToken, ids, 'statistics')),
        );
        const byId = new Map(videos.map((video) => [video.id, video]));
        for (const id of ids) {
          const video = byId.get(id);
          if (video) result.metrics.push(toVideoMetrics(video));
          else result.missing.push(id);
        }
      }
      return result;
    },

    async readFollowers(tokens) {
      return subscribersOf(toChannel(await myChannel(tokens)));
    },
  };
}
