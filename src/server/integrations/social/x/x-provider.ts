import { setTimeout as delay } from 'node:timers/promises';
import {
  type AuthorizeRequest,
  InvalidContentError,
  type PlatformAppOptions,
  type PostLinkOptions,
  type PublishedPost,
  type PublishMedia,
  SocialPlatformError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../social-provider';
import { toXFollowers, toXPostReadings } from './metrics-transform';
import {
  isSameXPost,
  mediaProcessingFailed,
  toTimelinePage,
  toUploadedMedia,
  xChunkSize,
  xTime,
} from './publish-transform';
import { toCreatedPostId, toExternalAccount, toTokenSet, xPostUrl, xWebBaseUrl } from './transform';
import { createXApi } from './x-api';

/*
 * X (Twitter) behind our SocialProvider port: OAuth 2.0 authorization code with PKCE (S256) as a
 * confidential client, and posting with the user's token. The same code talks to api.x.com and to
 * the platform simulator; only the URLs (and, for the simulator, the fetch) differ.
 */

/** Publish (tweet.write tweet.read users.read), stay connected (offline.access), upload images (media.write). */
export const X_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'] as const;
const USER_FIELDS = ['profile_image_url', 'public_metrics'];
const DEFAULT_TIMEOUT_MS = 20_000;
const MAX_IDS_PER_READ = 100;
/** Photos per post (platforms.md, X limits). */
const MAX_IMAGES = 4;
/** Reconciliation reads at most this many pages of 100 posts. */
const TIMELINE_PAGES = 3;
/** Our clock and X's may differ: posts are looked for from a little before the attempt. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface XProviderOptions extends PlatformAppOptions, PostLinkOptions {
  /** An image X is still processing: status reads at most this many times, waits capped. */
  mediaPollTries?: number;
  mediaPollMaxMs?: number;
  /**
   * How long a video may process before publish gives up (nothing is posted then). Default 8 min:
   * the coordinator gives a video publish 10 minutes in all (issue24-api.md).
   */
  videoProcessingLimitMs?: number;
}

export interface XProvider extends SocialProvider {
  /** `POST /2/tweets` with text only. The link uses `username` when given (X's canonical form). */
  publishText(
    tokens: TokenSet,
    text: string,
    options?: { username?: string },
  ): Promise<{ externalId: string; url: string }>;
  deletePost(tokens: TokenSet, externalId: string): Promise<void>;
}

/**
 * The id in X's answer to a post it accepted. An answer that cannot be read still means the post
 * exists: its outcome is unknown to us, not failed.
 */
function createdIdOf(body: unknown): string {
  try {
    return toCreatedPostId(body);
  } catch (error) {
    throw new UnknownOutcomeError(
      'twitter',
      `X accepted the post but its answer could not be read: ${String(error)}`,
      undefined,
      {
        cause: error,
      },
    );
  }
}

export function createXProvider(options: XProviderOptions): XProvider {
  const api = createXApi({
    apiBaseUrl: options.apiBaseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const webBaseUrl = (options.webBaseUrl ?? xWebBaseUrl(options.authorizeUrl)).replace(/\/$/, '');
  const pollTries = options.mediaPollTries ?? 20;
  const pollMaxMs = options.mediaPollMaxMs ?? 10_000;
  const videoLimitMs = options.videoProcessingLimitMs ?? 8 * 60_000;

  /** One image up to X (one-shot upload), waiting out any processing X reports: its media id. */
  async function uploadImage(tokens: TokenSet, media: PublishMedia): Promise<string> {
    const bytes = await media.read();
    let uploaded = toUploadedMedia(
      await api.uploadMedia(tokens.accessToken, { bytes, mimeType: media.mimeType }),
    );
    for (let reads = 0; uploaded.processing && uploaded.processing.state !== 'succeeded'; reads++) {
      if (uploaded.processing.state === 'failed') throw mediaProcessingFailed(uploaded.processing);
      if (reads >= pollTries) {
        // Nothing is posted yet: the upload expires unused, and trying again is safe.
        throw new TransientPlatformError(
          'twitter',
          'X was still processing the image; nothing was posted.',
          'server_error',
        );
      }
      await delay(Math.min(uploaded.processing.checkAfterMs, pollMaxMs));
      uploaded = toUploadedMedia(await api.getMediaStatus(tokens.accessToken, uploaded.id));
    }
    if (media.altText) await api.setAltText(tokens.accessToken, uploaded.id, media.altText);
    return uploaded.id;
  }

  /**
   * One video up to X in chunks (docs.x.com media-upload-chunked, dedicated v2 paths): initialize,
   * APPEND each chunk read by byte range (never the whole file), finalize, then STATUS reads as X's
   * `check_after_secs` asks until `succeeded`. A `failed` processing is the content's fault (X's
   * message kept); running out of time posts nothing, so trying again is safe.
   */
  async function uploadVideo(tokens: TokenSet, media: PublishMedia): Promise<string> {
    const initialized = toUploadedMedia(
      await api.initializeUpload(tokens.accessToken, {
        mediaType: media.mimeType,
        totalBytes: media.sizeBytes,
        category: 'tweet_video',
      }),
    );
    const chunk = xChunkSize(media.sizeBytes);
    for (let start = 0, segment = 0; start < media.sizeBytes; start += chunk, segment++) {
      const bytes = await media.readRange(start, Math.min(start + chunk, media.sizeBytes));
      await api.appendUpload(tokens.accessToken, initialized.id, segment, bytes);
    }
    let uploaded = toUploadedMedia(await api.finalizeUpload(tokens.accessToken, initialized.id));
    const giveUpAt = Date.now() + videoLimitMs;
    while (uploaded.processing && uploaded.processing.state !== 'succeeded') {
      if (uploaded.processing.state === 'failed') throw mediaProcessingFailed(uploaded.processing, 'video');
      const wait = uploaded.processing.checkAfterMs;
      if (Date.now() + wait > giveUpAt) {
        throw new TransientPlatformError(
          'twitter',
          `X was still processing the video after ${Math.round(videoLimitMs / 60_000)} minutes; nothing was posted.`,
          'server_error',
        );
      }
      await delay(wait);
      uploaded = toUploadedMedia(await api.getMediaStatus(tokens.accessToken, uploaded.id));
    }
    return uploaded.id;
  }

  /**
   * Uploads the media (up to 4 images, or 1 video: docs.x.com media best practices) and creates
   * the post with `POST /2/tweets`, as a reply when `replyTo` is given (a thread's next post or the
   * first reply). Alt text goes on each image before the post is made.
   */
  async function createWithMedia(
    tokens: TokenSet,
    input: { username: string; text: string; media: PublishMedia[]; replyTo?: string },
  ): Promise<PublishedPost> {
    const { media } = input;
    const videos = media.filter((item) => item.kind === 'video').length;
    if (videos > 0 && media.length > 1) {
      throw new InvalidContentError('twitter', 'X takes one video on its own on a post, or up to 4 images.');
    }
    if (media.length > MAX_IMAGES) {
      throw new InvalidContentError(
        'twitter',
        `X takes at most ${MAX_IMAGES} images on a post; this one has ${media.length}.`,
      );
    }
    if (media.length > 0 && tokens.scopes.length > 0 && !tokens.scopes.includes('media.write')) {
      throw new TokenExpiredError(
        'twitter',
        'This X connection may not upload media (media.write was not granted); reconnect the account.',
      );
    }
    // One at a time on purpose: only one file is being read at any moment.
    const mediaIds: string[] = [];
    for (const item of media) {
      mediaIds.push(
        item.kind === 'video' ? await uploadVideo(tokens, item) : await uploadImage(tokens, item),
      );
    }
    const body = await api.createPost(tokens.accessToken, {
      text: input.text,
      ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}),
      ...(input.replyTo ? { reply: { in_reply_to_tweet_id: input.replyTo } } : {}),
    });
    const externalId = createdIdOf(body);
    return { externalId, url: xPostUrl(webBaseUrl, externalId, input.username) };
  }

  return {
    platform: 'twitter',
    sandbox: options.sandbox,
    usesPkce: true,

    authorizeUrl(request: AuthorizeRequest): string {
      if (!request.codeChallenge) throw new Error('X requires PKCE: a code challenge is needed');
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: request.redirectUri,
        scope: X_SCOPES.join(' '),
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      });
      // X's examples encode spaces as %20; URLSearchParams writes '+' (and a literal '+' as %2B).
      const separator = options.authorizeUrl.includes('?') ? '&' : '?';
      return `${options.authorizeUrl}${separator}${query.toString().replace(/\+/g, '%20')}`;
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      if (!codeVerifier) throw new Error('X requires PKCE: the code verifier is needed');
      const body = await api.requestToken('exchange-code', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
      return toTokenSet(body, new Date());
    },

    async refreshTokens(tokens) {
      if (!tokens.refreshToken) {
        throw new TokenExpiredError(
          'twitter',
          'X gave no refresh token (offline.access missing); reconnect the account.',
        );
      }
      const body = await api.requestToken('refresh', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
      });
      // The answer carries the next refresh token; the one just used may no longer work.
      return toTokenSet(body, new Date(), tokens);
    },

    async listAccounts(tokens) {
      return [toExternalAccount(await api.getMe(tokens.accessToken, USER_FIELDS))];
    },

    async revoke(tokens) {
      if (tokens.refreshToken) await api.revokeToken(tokens.refreshToken, 'refresh_token');
      await api.revokeToken(tokens.accessToken, 'access_token');
    },

    async publishText(tokens, text, publishOptions) {
      const externalId = createdIdOf(await api.createPost(tokens.accessToken, { text }));
      return { externalId, url: xPostUrl(webBaseUrl, externalId, publishOptions?.username) };
    },

    /**
     * Images through the one-shot media upload (with their alt text), a video through the chunked
     * one, then `POST /2/tweets` with their ids. X has one post type here: 'post' (a thread's first
     * post is a post; the rest go through publishReply).
     */
    async publish(tokens, { account, text, media }) {
      return createWithMedia(tokens, { username: account.username, text, media });
    },

    /**
     * A reply under one of the account's posts: the next post of a thread, or the first reply
     * (`POST /2/tweets` with `reply.in_reply_to_tweet_id`, docs.x.com manage-tweets). Since Feb 23
     * 2026 X allows a programmatic reply only where the parent's author summoned the replier; the
     * account replying to its own post is that author (decision 060). Same error kinds as publish.
     */
    async publishReply(tokens, { account, parentExternalId, text, media }) {
      return createWithMedia(tokens, { username: account.username, text, media, replyTo: parentExternalId });
    },

    /**
     * The account's posts since the attempt (`GET /2/users/{id}/tweets`, up to 3 pages of 100),
     * matched by text as X reads it back (links wrapped in t.co: see isSameXPost).
     */
    async findPublished(tokens, { account, text, since }) {
      let paginationToken: string | undefined;
      for (let page = 0; page < TIMELINE_PAGES; page++) {
        const body = await api.getUserPosts(tokens.accessToken, account.externalId, {
          startTime: xTime(new Date(since.getTime() - CLOCK_SKEW_MS)),
          maxResults: 100,
          paginationToken,
          tweetFields: ['created_at', 'text'],
        });
        const { posts, nextToken } = toTimelinePage(body);
        const found = posts.find((post) => isSameXPost(post.text, text));
        if (found) return { externalId: found.id, url: xPostUrl(webBaseUrl, found.id, account.username) };
        if (!nextToken) return null;
        paginationToken = nextToken;
      }
      throw new SocialPlatformError(
        'twitter',
        `The X account posted more than ${TIMELINE_PAGES * 100} times since the attempt; Kitepost could not tell whether this post is among them.`,
      );
    },

    /** Public metrics and video views, 100 posts per `GET /2/tweets` (X's limit); see toXPostReadings. */
    async readPostMetrics(tokens, { externalIds }) {
      const result: Awaited<ReturnType<SocialProvider['readPostMetrics']>> = { metrics: [], missing: [] };
      for (let start = 0; start < externalIds.length; start += MAX_IDS_PER_READ) {
        const ids = externalIds.slice(start, start + MAX_IDS_PER_READ);
        const page = toXPostReadings(
          // Video views are the media's own count (media object public_metrics.view_count).
          await api.getPosts(tokens.accessToken, ids, ['public_metrics', 'attachments'], ['public_metrics']),
          ids,
        );
        result.metrics.push(...page.metrics);
        result.missing.push(...page.missing);
      }
      return result;
    },

    /** `GET /2/users/me`: the token is the account's own, so "me" is the account. */
    async readFollowers(tokens) {
      return toXFollowers(await api.getMe(tokens.accessToken, ['public_metrics']));
    },

    async deletePost(tokens, externalId) {
      await api.deletePost(tokens.accessToken, externalId);
    },
  };
}
