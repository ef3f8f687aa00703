import { setTimeout as sleep } from 'node:timers/promises';
import {
  type AuthorizeRequest,
  type ExternalAccount,
  InvalidContentError,
  type PlatformAppOptions,
  type PostLinkOptions,
  type PublishedPost,
  type PublishInput,
  type PublishMedia,
  RateLimitedError,
  SocialPlatformError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
  UnknownOutcomeError,
} from '../social-provider';
import { createFacebookApi } from './facebook-api';
import {
  POST_COUNT_FIELDS,
  POST_INSIGHT_METRICS,
  toFacebookFollowers,
  toFacebookPostCounts,
  toFacebookPostReading,
  toFacebookVideoReading,
} from './metrics-transform';
import {
  attachedMedia,
  isSameFacebookPost,
  toCreatedComment,
  toCreatedPhotoId,
  toCreatedVideoId,
  toFeedPage,
  toPermalink,
  toStoryPostId,
  toSuccess,
  toUploadSession,
  toVideoPermalink,
  toVideoProgress,
  type VideoProgress,
} from './publish-transform';
import {
  FacebookObjectMissingError,
  facebookPostUrl,
  facebookWebBaseUrl,
  toBusinessIds,
  toCreatedPostId,
  toGrantedScopes,
  toPageAccounts,
  toTokenSet,
} from './transform';

/*
 * Facebook Pages behind our SocialProvider port (Graph API, version pinned in the configured URLs).
 * Facebook Login without PKCE; the code gives a short-lived user token, exchanged at once for a
 * long-lived one, with which `/me/accounts` hands out a Page token per Page. Kitepost keeps only
 * the Page token of the Page the user connects: it does not expire, and it cannot be refreshed
 * (Facebook has no refresh tokens), only replaced by connecting again.
 */

/** List Pages, post to them, read their posts' insights; business_management for business-owned Pages. */
export const FACEBOOK_SCOPES = [
  'pages_show_list',
  'pages_manage_posts',
  'pages_read_engagement',
  'read_insights',
  'business_management',
  // The first comment, posted as the Page (comments edge).
  'pages_manage_engagement',
] as const;
const PAGE_FIELDS = [
  'id',
  'name',
  'username',
  'access_token',
  'picture{url}',
  'followers_count',
  'fan_count',
  'tasks',
];
/** A business's Page edges are Page nodes: `tasks` belongs to the user's `/me/accounts` edge. */
const BUSINESS_PAGE_FIELDS = PAGE_FIELDS.filter((field) => field !== 'tasks');
const BUSINESS_EDGES = ['owned_pages', 'client_pages'] as const;
const DEFAULT_TIMEOUT_MS = 20_000;
/** Pages per `/me/accounts` call, and how many calls at most: 1,000 Pages is past any real user. */
const PAGES_PER_CALL = 100;
const MAX_PAGE_CALLS = 10;
/** Reconciliation reads at most this many pages of 100 posts of the Page's feed. */
const FEED_PAGES = 3;
const FEED_PAGE_SIZE = 100;
/** Video processing: the first status read after 1 s, then at most every 15 s, for 8 minutes. */
const DEFAULT_VIDEO_POLL_MS = 1_000;
const MAX_VIDEO_POLL_MS = 15_000;
const DEFAULT_VIDEO_WAIT_MS = 8 * 60_000;
/** Our clock and Facebook's may differ: posts are looked for from a little before the attempt. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * authorizeUrl: e.g. `https://www.facebook.com/v23.0/dialog/oauth`. apiBaseUrl: e.g.
 * `https://graph.facebook.com/v23.0`; the token endpoint is `{apiBaseUrl}/oauth/access_token`.
 */
export type FacebookProviderOptions = PlatformAppOptions &
  PostLinkOptions & {
    /** The first wait before a video's status is read (then longer each time). Default 1 s. */
    videoPollMs?: number;
    /** How long a video may process before the publish gives up. Default 8 minutes. */
    videoWaitMs?: number;
  };

export interface FacebookProvider extends SocialProvider {
  /** `POST /{page-id}/feed` with the Page token: a text post on the Page. */
  publishText(
    tokens: TokenSet,
    text: string,
    options: { pageId: string },
  ): Promise<{ externalId: string; url: string }>;
  deletePost(tokens: TokenSet, externalId: string): Promise<void>;
}

export function createFacebookProvider(options: FacebookProviderOptions): FacebookProvider {
  const api = createFacebookApi({
    apiBaseUrl: options.apiBaseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const webBaseUrl = (options.webBaseUrl ?? facebookWebBaseUrl(options.authorizeUrl)).replace(/\/$/, '');

  const pollMs = options.videoPollMs ?? DEFAULT_VIDEO_POLL_MS;
  const waitMs = options.videoWaitMs ?? DEFAULT_VIDEO_WAIT_MS;

  async function publish(tokens: TokenSet, input: PublishInput): Promise<PublishedPost> {
    const postType = input.postType ?? 'post';
    const video = input.media.find((item) => item.kind === 'video');
    if (postType === 'reel') return publishReel(tokens, input);
    if (postType === 'story') return publishStory(tokens, input);
    if (video) return publishVideo(tokens, input, video);
    return publishFeedPost(tokens, input);
  }

  /**
   * Text, photos or a link card to `/{page-id}/feed`: each photo first as an unpublished photo
   * (with its alt text), then the post attaching them. A link (no media) goes as `link`, and
   * Facebook renders its card from the page's Open Graph tags (Page feed reference; Postiz sends it
   * the same way).
   */
  async function publishFeedPost(
    tokens: TokenSet,
    { account, text, media, link }: PublishInput,
  ): Promise<PublishedPost> {
    const pageId = account.externalId;
    const photoIds: string[] = [];
    for (const image of media) {
      photoIds.push(
        toCreatedPhotoId(
          await api.uploadUnpublishedPhoto(tokens.accessToken, pageId, image.url, image.altText),
        ),
      );
    }
    const body = await api.createPagePost(tokens.accessToken, pageId, {
      message: text,
      ...(photoIds.length > 0 ? { attached_media: attachedMedia(photoIds) } : {}),
      ...(photoIds.length === 0 && link ? { link: link.url } : {}),
    });
    let externalId: string;
    try {
      externalId = toCreatedPostId(body);
    } catch (error) {
      // Facebook accepted the post (2xx): it exists, only its id could not be read.
      throw new UnknownOutcomeError(
        'facebook',
        `Facebook accepted the post but its answer could not be read: ${String(error)}`,
        undefined,
        {
          cause: error,
        },
      );
    }
    return { externalId, url: await permalinkOf(tokens, externalId) };
  }

  /**
   * A feed video: `POST /{page-id}/videos {file_url, description}`; Facebook downloads the signed
   * URL, processes the video and publishes it. Waits until it is ready; its link is the video's
   * `permalink_url`.
   */
  async function publishVideo(
    tokens: TokenSet,
    { account, text }: PublishInput,
    video: PublishMedia,
  ): Promise<PublishedPost> {
    const videoId = createdOrUnknown(
      await api.createVideo(tokens.accessToken, account.externalId, {
        file_url: video.url,
        description: text,
      }),
      toCreatedVideoId,
      'video',
    );
    await waitForVideo(tokens, videoId, 'published');
    let url: string | null = null;
    try {
      url = toVideoPermalink(await api.getObject(tokens.accessToken, videoId, ['permalink_url']), webBaseUrl);
    } catch {
      // The video's id-based link below.
    }
    return { externalId: videoId, url: url ?? facebookPostUrl(webBaseUrl, videoId) };
  }

  /**
   * A Reel (Reels Publishing API, developers.facebook.com/docs/video-api/guides/reels-publishing):
   * `video_reels` start → the hosted file's URL to the rupload host (`file_url` header) → finish
   * with `video_state=PUBLISHED` and the description → wait on the video's status. Its link is
   * facebook.com/reel/{video-id} (Postiz builds it the same way). Facebook allows 30 API-published
   * Reels per Page in a moving 24 h; the 31st is refused at `video_reels` (a RateLimitedError).
   */
  async function publishReel(
    tokens: TokenSet,
    { account, text, media }: PublishInput,
  ): Promise<PublishedPost> {
    const video = onlyMedia(media, 'video', 'A Facebook Reel');
    const pageId = account.externalId;
    const session = toUploadSession(await api.startVideoUpload(tokens.accessToken, pageId, 'video_reels'));
    toSuccess(await api.uploadHostedVideo(tokens.accessToken, session.uploadUrl, video.url), 'video upload');
    const finished = await api.finishVideoUpload(tokens.accessToken, pageId, 'video_reels', session.videoId, {
      video_state: 'PUBLISHED',
      description: text,
    });
    createdOrUnknown(finished, (body) => toSuccess(body, 'published Reel'), 'Reel');
    await waitForVideo(tokens, session.videoId, 'published');
    return { externalId: session.videoId, url: `${webBaseUrl}/reel/${session.videoId}` };
  }

  /**
   * A Page story (Page Stories API, developers.facebook.com/docs/page-stories-api): a photo as an
   * unpublished photo, then `photo_stories {photo_id}`; a video through `video_stories` start →
   * rupload (`file_url`) → wait until processed (as Postiz does before finishing) → finish. Stories
   * carry no text: the text is not sent. The answer's `post_id` is the story.
   */
  async function publishStory(tokens: TokenSet, { account, media }: PublishInput): Promise<PublishedPost> {
    const item = onlyMedia(media, null, 'A Facebook story');
    const pageId = account.externalId;
    let body: unknown;
    if (item.kind === 'image') {
      const photoId = toCreatedPhotoId(
        await api.uploadUnpublishedPhoto(tokens.accessToken, pageId, item.url),
      );
      body = await api.createPhotoStory(tokens.accessToken, pageId, photoId);
    } else {
      const session = toUploadSession(
        await api.startVideoUpload(tokens.accessToken, pageId, 'video_stories'),
      );
      toSuccess(await api.uploadHostedVideo(tokens.accessToken, session.uploadUrl, item.url), 'video upload');
      // Nothing is published yet: a failure while waiting leaves no story behind.
      await waitForVideo(tokens, session.videoId, 'processed');
      body = await api.finishVideoUpload(tokens.accessToken, pageId, 'video_stories', session.videoId, {});
    }
    const postId = createdOrUnknown(body, toStoryPostId, 'story');
    return { externalId: postId, url: facebookPostUrl(webBaseUrl, postId) };
  }

  /** The one media item of a Reel or story (the post checks allow exactly one). */
  function onlyMedia(media: PublishMedia[], kind: PublishMedia['kind'] | null, what: string): PublishMedia {
    const [item] = media;
    if (media.length !== 1 || !item || (kind && item.kind !== kind)) {
      throw new InvalidContentError(
        'facebook',
        `${what} takes exactly one ${kind ?? 'photo or video'}; ${media.length} media were given.`,
      );
    }
    return item;
  }

  /** Facebook accepted the call (2xx): what it created exists even when its answer cannot be read. */
  function createdOrUnknown<T>(body: unknown, read: (body: unknown) => T, what: string): T {
    try {
      return read(body);
    } catch (error) {
      throw new UnknownOutcomeError(
        'facebook',
        `Facebook accepted the ${what} but its answer could not be read: ${String(error)}`,
        undefined,
        { cause: error },
      );
    }
  }

  /**
   * Polls `GET /{video-id}?fields=status` until the video is ready: after `videoPollMs`, then
   * half as long again each time up to 15 s (Facebook names no interval; Postiz polls its status
   * the same way), for at most `videoWaitMs`. A processing failure is an InvalidContentError with
   * Facebook's message. `published`: the video was sent to be published, so a wait that ends
   * without an answer (or a status that cannot be read) may have published it: an
   * UnknownOutcomeError. `processed`: nothing is public yet; failures keep their kind.
   */
  async function waitForVideo(tokens: TokenSet, videoId: string, stage: 'published' | 'processed') {
    const deadline = Date.now() + waitMs;
    let interval = pollMs;
    for (;;) {
      await sleep(Math.min(interval, Math.max(0, deadline - Date.now())));
      let progress: VideoProgress;
      try {
        progress = toVideoProgress(
          await api.getObject(tokens.accessToken, videoId, ['status']),
          stage === 'published',
        );
      } catch (error) {
        if (stage === 'processed' || error instanceof TokenExpiredError) throw error;
        throw new UnknownOutcomeError(
          'facebook',
          `Facebook took the video but its status could not be read: ${String(error)}`,
          { videoId },
          { cause: error },
        );
      }
      if (progress.state === 'ready') return;
      if (progress.state === 'error') {
        throw new InvalidContentError(
          'facebook',
          `Facebook could not process the video: ${progress.message}`,
        );
      }
      if (Date.now() >= deadline) {
        const message = `Facebook was still processing the video after ${Math.round(waitMs / 1000)} s.`;
        if (stage === 'processed') throw new SocialPlatformError('facebook', message);
        throw new UnknownOutcomeError('facebook', message, { videoId });
      }
      interval = Math.min(interval * 1.5, MAX_VIDEO_POLL_MS);
    }
  }

  /**
   * The link Facebook gives the post (`permalink_url`, Page Post reference; Postiz keeps it as the
   * post's URL). The post exists already: a failed read must not fail it, so the id-based link
   * (facebook.com/{page-id}_{post-id}, which Facebook redirects) stands in.
   */
  async function permalinkOf(tokens: TokenSet, externalId: string): Promise<string> {
    try {
      const permalink = toPermalink(await api.getObject(tokens.accessToken, externalId, ['permalink_url']));
      if (permalink) return permalink;
    } catch {
      // The id-based link below.
    }
    return facebookPostUrl(webBaseUrl, externalId);
  }

  /** An expired token or throttling ends the listing; anything else only skips a business. */
  const mustStop = (error: unknown) =>
    error instanceof TokenExpiredError || error instanceof RateLimitedError;

  /** The user's Business portfolios; none when Facebook will not list them (no business_management). */
  async function businessIdsOf(tokens: TokenSet): Promise<string[]> {
    const ids: string[] = [];
    let after: string | undefined;
    try {
      for (let calls = 0; calls < MAX_PAGE_CALLS; calls++) {
        const page = toBusinessIds(
          await api.getBusinesses(tokens.accessToken, { limit: PAGES_PER_CALL, after }),
        );
        ids.push(...page.ids);
        if (!page.after) break;
        after = page.after;
      }
    } catch (error) {
      if (mustStop(error)) throw error;
    }
    return ids;
  }

  return {
    platform: 'facebook',
    sandbox: options.sandbox,
    usesPkce: false,

    authorizeUrl(request: AuthorizeRequest): string {
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: request.redirectUri,
        state: request.state,
        scope: FACEBOOK_SCOPES.join(','),
        response_type: 'code',
      });
      const separator = options.authorizeUrl.includes('?') ? '&' : '?';
      return `${options.authorizeUrl}${separator}${query}`;
    },

    async exchangeCode({ code, redirectUri }) {
      const shortLived = toTokenSet(await api.exchangeCode(code, redirectUri), new Date());
      // The code's token lives about an hour; the long-lived one about 60 days, and the Page tokens
      // read with it do not expire.
      const longLived = toTokenSet(await api.exchangeForLongLived(shortLived.accessToken), new Date());
      const scopes = toGrantedScopes(await api.getPermissions(longLived.accessToken));
      return { ...longLived, scopes };
    },

    /**
     * A Page token does not expire and cannot be refreshed: this checks it still works (`GET /me`)
     * and answers it unchanged. Facebook refusing it (code 190: password changed, role lost, app
     * removed) is a TokenExpiredError: the user must connect again.
     */
    async refreshTokens(tokens) {
      if (tokens.expiresAt && tokens.expiresAt.getTime() <= Date.now()) {
        throw new TokenExpiredError('facebook', 'The Facebook token has expired; reconnect the Page.');
      }
      await api.getMe(tokens.accessToken, ['id']);
      return tokens;
    },

    /**
     * The user's Pages, each with its Page token: `/me/accounts`, then the Pages of the user's
     * Business portfolios (`/me/businesses` → `/{business-id}/owned_pages` and `client_pages`),
     * which `/me/accounts` does not list; a Page reached both ways once. As Postiz
     * facebook.provider.ts does (platforms.md, Audit 2026-11). A business whose Pages cannot be
     * read (no business_management, no role) is skipped, as Postiz does; an expired token or
     * throttling is not. Each list is followed up to 1,000 Pages.
     */
    async listAccounts(tokens) {
      const accounts = new Map<string, ExternalAccount>();
      const collect = async (read: (after?: string) => Promise<unknown>) => {
        let after: string | undefined;
        for (let calls = 0; calls < MAX_PAGE_CALLS; calls++) {
          const page = toPageAccounts(await read(after), tokens.scopes);
          for (const account of page.accounts) {
            if (!accounts.has(account.externalId)) accounts.set(account.externalId, account);
          }
          if (!page.after) break;
          after = page.after;
        }
      };
      await collect((after) =>
        api.getPages(tokens.accessToken, PAGE_FIELDS, { limit: PAGES_PER_CALL, after }),
      );
      for (const businessId of await businessIdsOf(tokens)) {
        for (const edge of BUSINESS_EDGES) {
          try {
            await collect((after) =>
              api.getBusinessPages(tokens.accessToken, businessId, edge, BUSINESS_PAGE_FIELDS, {
                limit: PAGES_PER_CALL,
                after,
              }),
            );
          } catch (error) {
            if (mustStop(error)) throw error;
          }
        }
      }
      return [...accounts.values()];
    },

    /**
     * Nothing to call. Facebook revokes an app with `DELETE /me/permissions` and a *user* token;
     * Kitepost keeps only the Page token, which cannot do that. The connection ends when the user
     * removes Kitepost in Facebook's settings (Settings › Business integrations), which also ends
     * the Page token.
     */
    async revoke() {},

    async publishText(tokens, text, publishOptions) {
      const published = await publish(tokens, {
        account: { externalId: publishOptions.pageId, username: '' },
        text,
        media: [],
      });
      return {
        externalId: published.externalId,
        url: published.url ?? facebookPostUrl(webBaseUrl, published.externalId),
      };
    },

    /**
     * With the Page token: text alone to `/{page-id}/feed`; with images, each as an unpublished
     * photo by its public URL (Facebook downloads it), then the feed post attaching them.
     */
    publish,

    /**
     * After an unknown outcome. A video the wait gave up on (hint `videoId`): its status (ready:
     * published; error: never published). Else the Page's posts since the attempt (`GET
     * /{page-id}/feed`, up to 3 pages of 100), matched by message.
     */
    async findPublished(tokens, { account, text, since, hint }) {
      // A video (or Reel) whose wait ended without an answer: its own status says whether it is out.
      if (hint?.videoId) {
        const progress = toVideoProgress(
          await api.getObject(tokens.accessToken, hint.videoId, ['status']),
          true,
        );
        if (progress.state === 'error') return null;
        if (progress.state === 'processing') {
          throw new SocialPlatformError('facebook', 'Facebook is still processing the video.');
        }
        return { externalId: hint.videoId, url: facebookPostUrl(webBaseUrl, hint.videoId) };
      }
      let after: string | undefined;
      for (let page = 0; page < FEED_PAGES; page++) {
        const body = await api.getPageFeed(tokens.accessToken, account.externalId, {
          fields: ['id', 'message', 'created_time', 'permalink_url'],
          since: new Date(since.getTime() - CLOCK_SKEW_MS),
          limit: FEED_PAGE_SIZE,
          after,
        });
        const feed = toFeedPage(body);
        const found = feed.posts.find((post) => isSameFacebookPost(post.message, text));
        if (found)
          return { externalId: found.id, url: found.permalink ?? facebookPostUrl(webBaseUrl, found.id) };
        if (!feed.after) return null;
        after = feed.after;
      }
      throw new SocialPlatformError(
        'facebook',
        `The Page posted more than ${FEED_PAGES * FEED_PAGE_SIZE} times since the attempt; Kitepost could not tell whether this post is among them.`,
      );
    },

    /**
     * Lifetime insights with the Page token, one `GET /{post-id}/insights` per post (the Graph API
     * has no batch read for them), and the post's comment and share counts from its own fields
     * (`GET /{post-id}?fields=comments.limit(0).summary(true),shares`); see metrics-transform.ts.
     * A post Facebook says does not exist (code 100) was deleted: missing.
     */
    async readPostMetrics(tokens, { externalIds }) {
      const result: Awaited<ReturnType<SocialProvider['readPostMetrics']>> = { metrics: [], missing: [] };
      for (const externalId of externalIds) {
        try {
          // A video or Reel (its video id, no `_`): video insights, with its plays (views).
          if (/^\d+$/.test(externalId)) {
            const body = await api.getVideoInsights(tokens.accessToken, externalId);
            result.metrics.push(toFacebookVideoReading(externalId, body));
            continue;
          }
          const body = await api.getPostInsights(tokens.accessToken, externalId, POST_INSIGHT_METRICS);
          const counts = toFacebookPostCounts(
            await api.getObject(tokens.accessToken, externalId, [...POST_COUNT_FIELDS]),
          );
          result.metrics.push(toFacebookPostReading(externalId, body, counts));
        } catch (error) {
          if (!(error instanceof FacebookObjectMissingError)) throw error;
          result.missing.push(externalId);
        }
      }
      return result;
    },

    /** `GET /{page-id}?fields=followers_count` with the Page token (the token Kitepost keeps). */
    async readFollowers(tokens, account) {
      return toFacebookFollowers(
        await api.getObject(tokens.accessToken, account.externalId, ['followers_count']),
      );
    },

    /**
     * The first comment: `POST /{object-id}/comments {message}` as the Page (Graph API comments
     * edge; Postiz comment()), under a post, a video or a Reel. Needs pages_manage_engagement.
     */
    async publishReply(tokens, { parentExternalId, text }) {
      const created = createdOrUnknown(
        await api.createComment(tokens.accessToken, parentExternalId, text),
        toCreatedComment,
        'comment',
      );
      return { externalId: created.id, url: created.permalink ?? facebookPostUrl(webBaseUrl, created.id) };
    },

    async deletePost(tokens, externalId) {
      await api.deletePost(tokens.accessToken, externalId);
    },
  };
}
