import type { PublishingLimit } from '../meta/graph-answers';
import {
  publishContainerWith,
  withQuotaReset as sharedWithQuotaReset,
  waitUntilFinished as waitForContainers,
} from '../meta/publish-container';
import {
  type AuthorizeRequest,
  InvalidContentError,
  type PlatformAppOptions,
  type PublishedPost,
  type RateLimitedError,
  SocialPlatformError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
} from '../social-provider';
import { type ContainerPlan, planContainers } from './container-plan';
import { INSTAGRAM_DEFAULT_GRAPH_VERSION } from './graph-version';
import { createInstagramApi } from './instagram-api';
import {
  MEDIA_METRICS,
  STORY_METRICS,
  toInstagramFollowers,
  toInstagramPostReading,
} from './metrics-transform';
import { isSameInstagramPost, toMediaPage } from './publish-transform';
import {
  containerFailure,
  INSTAGRAM_NEEDS_MEDIA,
  InstagramInsightsUnavailableError,
  InstagramMediaNotFoundError,
  InstagramMetricUnsupportedError,
  isPublishCap,
  toContainerStatus,
  toCreatedId,
  toExternalAccount,
  toLongLivedTokenSet,
  toPermalink,
  toPublishingLimit,
  toShortLivedToken,
} from './transform';

/*
 * Instagram professional accounts behind our SocialProvider port, with the Instagram API with
 * Instagram Login (Business Login for Instagram): authorization code without PKCE, a short-lived
 * token exchanged at once for a long-lived one (60 days) that refreshes itself. No refresh token
 * and no revocation endpoint. Publishing is two-step (container, then media_publish) and needs an
 * image at a public URL: Instagram has no text-only posts.
 */

/** Read the profile (basic), publish (content_publish), read post insights (manage_insights). */
export const INSTAGRAM_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_insights',
  // The first comment (POST /{ig-media-id}/comments; Postiz asks for it with Instagram Login).
  'instagram_business_manage_comments',
] as const;
const PROFILE_FIELDS = [
  'user_id',
  'username',
  'name',
  'profile_picture_url',
  'followers_count',
  'media_count',
];
const DEFAULT_TIMEOUT_MS = 20_000;
/**
 * How long a container may stay IN_PROGRESS before the attempt is given up and retried: Meta's
 * content publishing guide (Troubleshooting) says to query the status "once per minute, for no
 * more than 5 minutes"; Postiz instagram.provider.ts polls until FINISHED as well. The waits start
 * short (an image is usually ready in seconds) and double up to CONTAINER_POLL_MAX_MS.
 */
const CONTAINER_WAIT_MS = 5 * 60_000;
/**
 * Videos (Reels, Stories, carousel videos) take longer: Meta transcodes them ("Video uploads are
 * asynchronous", IG User Media reference). 8 minutes in all, under the 10 the publishing pipeline
 * gives a video post (issue 24 conventions); Postiz's legacy loop gives up after 8 minutes too.
 */
const VIDEO_WAIT_MS = 8 * 60_000;
const CONTAINER_POLL_MAX_MS = 30_000;
const DAY_MS = 86_400_000;
/** Reconciliation reads at most this many pages of the account's media. */
const MEDIA_PAGES = 3;
const MEDIA_PAGE_SIZE = 50;
/** Our clock and Instagram's may differ: posts are looked for from a little before the attempt. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** A long-lived token lives 60 days and may be refreshed once it is a day old. */
const LONG_LIVED_MS = 60 * DAY_MS;

export interface InstagramProviderOptions extends PlatformAppOptions {
  /** The code exchange endpoint (api.instagram.com/oauth/access_token). */
  tokenUrl?: string;
  /** e.g. `v25.0`; default INSTAGRAM_DEFAULT_GRAPH_VERSION. */
  graphVersion?: string;
  /**
   * Polling the container until it is FINISHED: the first wait (doubling after each check, at most
   * 30 s apart) and how long in all. Default 1 s, 5 minutes.
   */
  containerPollMs?: number;
  containerWaitMs?: number;
  /** How long a post with a video may wait for its containers in all. Default 8 minutes. */
  videoWaitMs?: number;
}

export interface PublishImageInput {
  caption: string;
  /** A public http(s) URL: Instagram downloads the image from it. */
  imageUrl: string;
  /** The Instagram account id (ExternalAccount.externalId); read from /me when absent. */
  accountId?: string;
}

export interface InstagramProvider extends SocialProvider {
  /** Always refuses: Instagram needs an image or a video. */
  publishText(tokens: TokenSet, text: string): Promise<never>;
  /**
   * Container → wait until FINISHED → media_publish → permalink. `url` is null when the post was
   * published but its permalink could not be read (the post exists; only its link is missing).
   */
  publishImage(
    tokens: TokenSet,
    input: PublishImageInput,
  ): Promise<{ externalId: string; url: string | null }>;
  /** A container's state, e.g. to learn after an unknown outcome whether it was published. */
  fetchContainerStatus(tokens: TokenSet, containerId: string): Promise<ReturnType<typeof toContainerStatus>>;
  /** The account's rolling 24 h publishing quota. */
  fetchPublishingLimit(tokens: TokenSet, accountId?: string): Promise<PublishingLimit>;
  /** Refuses: the Instagram API with Instagram Login cannot delete posts (Meta: "not supported"). */
  deletePost(tokens: TokenSet, externalId: string): Promise<never>;
}

export function createInstagramProvider(options: InstagramProviderOptions): InstagramProvider {
  const api = createInstagramApi({
    apiBaseUrl: options.apiBaseUrl,
    graphVersion: options.graphVersion ?? INSTAGRAM_DEFAULT_GRAPH_VERSION,
    tokenUrl: options.tokenUrl ?? 'https://api.instagram.com/oauth/access_token',
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const pollMs = options.containerPollMs ?? 1_000;
  const waitMs = options.containerWaitMs ?? CONTAINER_WAIT_MS;
  const videoWaitMs = options.videoWaitMs ?? VIDEO_WAIT_MS;

  async function accountIdOf(tokens: TokenSet, given?: string): Promise<string> {
    if (given) return given;
    return toExternalAccount(await api.getMe(tokens.accessToken, ['user_id', 'username'])).externalId;
  }

  /**
   * Polls each container until it is FINISHED, the first wait `pollMs` and doubling (at most 30 s
   * apart), until `deadline`. A container on ERROR or EXPIRED stops the post with Instagram's
   * reason (`label` says which item: "Item 2 of 3"); nothing was published then.
   */
  function waitUntilFinished(
    tokens: TokenSet,
    containers: Array<{ id: string; label: string | null }>,
    deadline: number,
  ): Promise<void> {
    return waitForContainers(containers, deadline, {
      platform: 'instagram',
      name: 'Instagram',
      pollMs,
      pollMaxMs: CONTAINER_POLL_MAX_MS,
      status: async (id) => toContainerStatus(await api.getContainer(tokens.accessToken, id)),
      failure: containerFailure,
    });
  }

  /**
   * Every container of the post (container-plan.ts), each waited for until FINISHED (a carousel's
   * items before the carousel is made of them, as Postiz does), then `media_publish` and the
   * permalink.
   */
  async function publishPlanned(
    tokens: TokenSet,
    accountId: string,
    plan: ContainerPlan,
    withVideo: boolean,
  ): Promise<{ externalId: string; url: string | null }> {
    const create = async (params: Record<string, string>) =>
      toCreatedId(await api.createContainer(tokens.accessToken, accountId, params), 'container');
    const items: string[] = [];
    for (const params of plan.items) items.push(await create(params));
    // One wait for the whole post, from when its media are all handed over.
    const deadline = Date.now() + (withVideo ? Math.max(videoWaitMs, waitMs) : waitMs);
    await waitUntilFinished(
      tokens,
      items.map((id, index) => ({
        id,
        label: plan.carousel ? `Item ${index + 1} of ${items.length} of the carousel` : null,
      })),
      deadline,
    );
    let containerId = items[0] as string;
    if (plan.carousel) {
      containerId = await create({ ...plan.carousel, children: items.join(',') });
      await waitUntilFinished(tokens, [{ id: containerId, label: null }], deadline);
    }
    return publishContainer(tokens, accountId, containerId);
  }

  /** `media_publish` (the one call that makes the post public) and the permalink. */
  async function publishContainer(
    tokens: TokenSet,
    accountId: string,
    containerId: string,
  ): Promise<{ externalId: string; url: string | null }> {
    return publishContainerWith(containerId, {
      platform: 'instagram',
      name: 'Instagram',
      publish: () => api.publishContainer(tokens.accessToken, accountId, containerId),
      isPublishCap,
      withQuotaReset: (error) => withQuotaReset(tokens, accountId, error),
      createdId: (body) => toCreatedId(body, 'published media'),
      permalinkOf: (externalId) => permalinkOf(tokens, externalId),
    });
  }

  const permalinkOf = (tokens: TokenSet, mediaId: string) =>
    api
      .getMedia(tokens.accessToken, mediaId, ['permalink'])
      .then(toPermalink)
      .catch(() => null);

  const provider: InstagramProvider = {
    platform: 'instagram',
    sandbox: options.sandbox,
    usesPkce: false,
    // ig_refresh_token: the long-lived access token refreshes itself; there is no refresh token.
    refreshesWithAccessToken: true,

    authorizeUrl(request: AuthorizeRequest): string {
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: INSTAGRAM_SCOPES.join(','),
        state: request.state,
      });
      const separator = options.authorizeUrl.includes('?') ? '&' : '?';
      return `${options.authorizeUrl}${separator}${query.toString()}`;
    },

    async exchangeCode({ code, redirectUri }) {
      const short = toShortLivedToken(await api.exchangeCode(code, redirectUri));
      // The short-lived token lasts an hour: exchange it at once for the 60-day one we keep.
      const scopes = short.scopes.length > 0 ? short.scopes : [...INSTAGRAM_SCOPES];
      return toLongLivedTokenSet(await api.exchangeLongLived(short.accessToken), new Date(), scopes);
    },

    async refreshTokens(tokens) {
      const now = Date.now();
      if (tokens.expiresAt && tokens.expiresAt.getTime() <= now) {
        throw new TokenExpiredError('instagram', 'The Instagram token has expired; reconnect the account.');
      }
      // Instagram refreshes only tokens at least a day old; a younger one is as good as new.
      if (tokens.expiresAt && tokens.expiresAt.getTime() - now > LONG_LIVED_MS - DAY_MS) return tokens;
      return toLongLivedTokenSet(await api.refreshLongLived(tokens.accessToken), new Date(), tokens.scopes);
    },

    async listAccounts(tokens) {
      return [toExternalAccount(await api.getMe(tokens.accessToken, PROFILE_FIELDS))];
    },

    async revoke() {
      // The Instagram API with Instagram Login documents no revocation: the user removes the app
      // in Instagram's settings, and the token dies at its expiry. Nothing to call.
    },

    async publishText() {
      throw new InvalidContentError('instagram', INSTAGRAM_NEEDS_MEDIA);
    },

    async publishImage(tokens, input) {
      if (!/^https?:\/\//i.test(input.imageUrl))
        throw new InvalidContentError('instagram', INSTAGRAM_NEEDS_MEDIA);
      const accountId = await accountIdOf(tokens, input.accountId);
      const plan: ContainerPlan = {
        items: [{ image_url: input.imageUrl, caption: input.caption }],
        carousel: null,
      };
      return publishPlanned(tokens, accountId, plan, false);
    },

    /**
     * A feed image, a carousel of 2–10 images and videos, a Reel or a story, by the public URLs of
     * its media (Instagram downloads them): containers, waits, media_publish (container-plan.ts).
     */
    async publish(tokens, { account, postType, text, media }) {
      const plan = planContainers(postType, postType === 'story' ? '' : text, media);
      for (const item of media) {
        if (!/^https?:\/\//i.test(item.url))
          throw new InvalidContentError('instagram', INSTAGRAM_NEEDS_MEDIA);
      }
      const withVideo = media.some((item) => item.kind === 'video');
      return publishPlanned(tokens, account.externalId, plan, withVideo);
    },

    /**
     * The first comment: `POST /{ig-media-id}/comments?message=…` (needs
     * instagram_business_manage_comments). Its link is the post's: a comment has none of its own.
     */
    async publishReply(tokens, { parentExternalId, text, media }) {
      if (media.length > 0) {
        throw new InvalidContentError('instagram', 'An Instagram comment is text only.');
      }
      const externalId = toCreatedId(
        await api.createComment(tokens.accessToken, parentExternalId, text),
        'comment',
      );
      return { externalId, url: await permalinkOf(tokens, parentExternalId) };
    },

    /**
     * With the container of the attempt (`hint.containerId`): PUBLISHED means the post exists (its
     * media id is then found among the account's media by caption, as the container does not
     * name it); FINISHED, ERROR or EXPIRED mean media_publish did not take: null. Without it, or
     * when the container is gone: the account's media since the attempt, matched by caption.
     */
    async findPublished(tokens, { account, text, since, hint }) {
      const containerId = hint?.containerId;
      if (containerId) {
        let status: ReturnType<typeof toContainerStatus> | null = null;
        try {
          status = toContainerStatus(
            await api.getContainer(tokens.accessToken, containerId, ['status_code', 'id']),
          );
        } catch (error) {
          if (!(error instanceof InstagramMediaNotFoundError)) throw error;
        }
        if (status && status.code !== 'PUBLISHED') return null;
        const found = await findByCaption(tokens, account.externalId, text, since);
        if (found || !status) return found;
        throw new SocialPlatformError(
          'instagram',
          `Instagram says container ${containerId} was published, but Kitepost could not find the post among the account's recent media.`,
        );
      }
      return findByCaption(tokens, account.externalId, text, since);
    },

    async fetchContainerStatus(tokens, containerId) {
      return toContainerStatus(await api.getContainer(tokens.accessToken, containerId));
    },

    async fetchPublishingLimit(tokens, accountId) {
      const id = await accountIdOf(tokens, accountId);
      return toPublishingLimit(await api.getPublishingLimit(tokens.accessToken, id));
    },

    /**
     * One `GET /{media-id}/insights` per post (there is no batch read for insights); see
     * toInstagramPostReading. Media Instagram says does not exist (deleted) is missing. A post
     * Instagram shows no insights for ("(#10) Not enough viewers for the media to show insights",
     * platforms.md Audit 2026-11) is skipped: answered for neither, so it is a reading of nothing,
     * and the account's other posts are still read.
     */
    async readPostMetrics(tokens, { externalIds, reels = [] }) {
      const result: Awaited<ReturnType<SocialProvider['readPostMetrics']>> = { metrics: [], missing: [] };
      for (const externalId of externalIds) {
        try {
          // A Reel's `views` are its plays (the port says which posts are Reels).
          const reel = reels.includes(externalId);
          result.metrics.push(
            toInstagramPostReading(externalId, await insightsOf(tokens, externalId), { reel }),
          );
        } catch (error) {
          if (error instanceof InstagramInsightsUnavailableError) continue;
          if (!(error instanceof InstagramMediaNotFoundError)) throw error;
          result.missing.push(externalId);
        }
      }
      return result;
    },

    /**
     * `GET /me?fields=followers_count`: with Instagram Login the token is the account's own, and
     * /me is how this adapter addresses the account everywhere (its user_id is our externalId).
     */
    async readFollowers(tokens) {
      return toInstagramFollowers(await api.getMe(tokens.accessToken, ['user_id', 'followers_count']));
    },

    async deletePost() {
      throw new SocialPlatformError(
        'instagram',
        'Instagram does not let apps delete posts; delete it in the Instagram app.',
      );
    },
  };

  /** A post's insights; a story refuses feed metrics, and is read again with a story's. */
  async function insightsOf(tokens: TokenSet, externalId: string): Promise<unknown> {
    try {
      return await api.getInsights(tokens.accessToken, externalId, MEDIA_METRICS);
    } catch (error) {
      if (!(error instanceof InstagramMetricUnsupportedError)) throw error;
      return api.getInsights(tokens.accessToken, externalId, STORY_METRICS);
    }
  }

  /** The account's media published since the attempt whose caption is the text. */
  async function findByCaption(
    tokens: TokenSet,
    accountId: string,
    text: string,
    since: Date,
  ): Promise<PublishedPost | null> {
    const from = since.getTime() - CLOCK_SKEW_MS;
    let after: string | undefined;
    for (let page = 0; page < MEDIA_PAGES; page++) {
      const { media, after: next } = toMediaPage(
        await api.listMedia(tokens.accessToken, accountId, {
          fields: ['id', 'caption', 'timestamp', 'permalink'],
          limit: MEDIA_PAGE_SIZE,
          after,
        }),
      );
      const recent = media.filter((item) => !item.publishedAt || item.publishedAt.getTime() >= from);
      const found = recent.find((item) => isSameInstagramPost(item.caption, text));
      if (found) return { externalId: found.id, url: found.permalink };
      // Newest first: once a page reaches back before the attempt, older pages cannot hold it.
      if (!next || recent.length < media.length) return null;
      after = next;
    }
    throw new SocialPlatformError(
      'instagram',
      `The Instagram account published more than ${MEDIA_PAGES * MEDIA_PAGE_SIZE} posts since the attempt; Kitepost could not tell whether this post is among them.`,
    );
  }

  /** The 24 h cap: when the quota endpoint says how long its window is, the reset follows it. */
  function withQuotaReset(tokens: TokenSet, accountId: string, error: RateLimitedError) {
    return sharedWithQuotaReset('instagram', error, async () =>
      toPublishingLimit(await api.getPublishingLimit(tokens.accessToken, accountId)),
    );
  }

  return provider;
}
