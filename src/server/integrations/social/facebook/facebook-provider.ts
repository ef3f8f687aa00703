import {
  type AuthorizeRequest,
  type ExternalAccount,
  type PlatformAppOptions,
  type PostLinkOptions,
  type PublishedPost,
  type PublishInput,
  RateLimitedError,
  SocialPlatformError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
} from '../social-provider';
import { createFacebookApi } from './facebook-api';
import {
  createdOrUnknown,
  createFacebookVideoPublisher,
  DEFAULT_VIDEO_POLL_MS,
  DEFAULT_VIDEO_WAIT_MS,
} from './facebook-video-publish';
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
  toFeedPage,
  toPermalink,
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

  const videos = createFacebookVideoPublisher({
    api,
    webBaseUrl,
    pollMs: options.videoPollMs ?? DEFAULT_VIDEO_POLL_MS,
    waitMs: options.videoWaitMs ?? DEFAULT_VIDEO_WAIT_MS,
  });

  async function publish(tokens: TokenSet, input: PublishInput): Promise<PublishedPost> {
    const postType = input.postType ?? 'post';
    const video = input.media.find((item) => item.kind === 'video');
    if (postType === 'reel') return videos.publishReel(tokens, input);
    if (postType === 'story') return videos.publishStory(tokens, input);
    if (video) return videos.publishVideo(tokens, input, video);
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
    const externalId = createdOrUnknown(body, toCreatedPostId, 'post');
    return { externalId, url: await permalinkOf(tokens, externalId) };
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
      if (hint?.videoId) return videos.findVideoOutcome(tokens, hint.videoId);
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
