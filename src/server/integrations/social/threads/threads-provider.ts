import {
  publishContainerWith,
  withQuotaReset as sharedWithQuotaReset,
  waitUntilFinished as waitForContainers,
} from '../meta/publish-container';
import {
  type PlatformAppOptions,
  type PublishedPost,
  type RateLimitedError,
  SocialPlatformError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
} from '../social-provider';
import { type ContainerPlan, planContainers } from './container-plan';
import { THREADS_MEDIA_METRICS, toThreadsFollowers, toThreadsPostReading } from './metrics-transform';
import { createThreadsApi } from './threads-api';
import {
  containerFailure,
  isPublishCap,
  isSameThreadsPost,
  ThreadsMediaNotFoundError,
  toContainerStatus,
  toCreatedId,
  toExternalAccount,
  toLongLivedTokenSet,
  toPermalink,
  toPublishingLimit,
  toShortLivedToken,
  toThreadsPage,
} from './transform';

/*
 * Threads profiles behind our SocialProvider port (platforms.md "Threads"): authorization code
 * without PKCE, a short-lived token exchanged at once for a long-lived one (60 days) that refreshes
 * itself (th_refresh_token), like Instagram's. Publishing is two-step: containers, each waited for
 * until FINISHED, then `threads_publish`. Text posts, one image or video, carousels of 2–20, and
 * threads (each next post a reply, `reply_to_id`). No revocation endpoint, no deletion here.
 */

/**
 * Read the profile (basic), publish (content_publish), read insights (manage_insights), and reply
 * to the account's own posts for a thread's next posts (manage_replies: "required to … publish
 * replies", Threads reply management).
 */
export const THREADS_SCOPES = [
  'threads_basic',
  'threads_content_publish',
  'threads_manage_insights',
  'threads_manage_replies',
] as const;
const PROFILE_FIELDS = ['id', 'username', 'name', 'threads_profile_picture_url'];
const DEFAULT_TIMEOUT_MS = 20_000;
/**
 * Threads suggests waiting "on average 30 seconds" before publishing a container with media
 * (Threads posts, step 2): the adapter polls its status instead (as Postiz does, ~5.5 minutes),
 * the waits doubling from `containerPollMs` up to 30 s, for 5 minutes; 8 minutes with a video
 * (under the 10 the publishing pipeline gives a video post).
 */
const CONTAINER_WAIT_MS = 5 * 60_000;
const VIDEO_WAIT_MS = 8 * 60_000;
const CONTAINER_POLL_MAX_MS = 30_000;
const DAY_MS = 86_400_000;
/** A long-lived token lives 60 days and may be refreshed once it is a day old (Threads long-lived tokens). */
const LONG_LIVED_MS = 60 * DAY_MS;
const PAGES = 3;
const PAGE_SIZE = 50;
/** Our clock and Threads' may differ: posts are looked for from a little before the attempt. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface ThreadsProviderOptions extends PlatformAppOptions {
  /** Polling a container until FINISHED: the first wait (doubling), how long in all. Default 1 s, 5 min. */
  containerPollMs?: number;
  containerWaitMs?: number;
  /** How long a post with a video may wait for its containers. Default 8 minutes. */
  videoWaitMs?: number;
}

export function createThreadsProvider(options: ThreadsProviderOptions): SocialProvider {
  const api = createThreadsApi({
    apiBaseUrl: options.apiBaseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const pollMs = options.containerPollMs ?? 1_000;
  const waitMs = options.containerWaitMs ?? CONTAINER_WAIT_MS;
  const videoWaitMs = options.videoWaitMs ?? VIDEO_WAIT_MS;

  /**
   * Polls each container until FINISHED. ERROR or EXPIRED stops the post with Threads' reason
   * (nothing was published); still IN_PROGRESS at `deadline`: nothing is public, the attempt is
   * retried later with new containers (the old ones expire by themselves).
   */
  function waitUntilFinished(tokens: TokenSet, ids: string[], deadline: number, carousel: boolean) {
    const containers = ids.map((id, index) => ({
      id,
      label: carousel ? `Item ${index + 1} of ${ids.length} of the carousel` : null,
    }));
    return waitForContainers(containers, deadline, {
      platform: 'threads',
      name: 'Threads',
      pollMs,
      pollMaxMs: CONTAINER_POLL_MAX_MS,
      status: async (id) => toContainerStatus(await api.getContainer(tokens.accessToken, id)),
      failure: containerFailure,
    });
  }

  /** Every container of the plan, waited for, then `threads_publish` and the permalink. */
  async function publishPlanned(
    tokens: TokenSet,
    userId: string,
    plan: ContainerPlan,
  ): Promise<PublishedPost> {
    const create = async (params: Record<string, string>) =>
      toCreatedId(await api.createContainer(tokens.accessToken, userId, params), 'container');
    const deadline = Date.now() + (plan.withVideo ? Math.max(videoWaitMs, waitMs) : waitMs);
    const items: string[] = [];
    for (const params of plan.items) items.push(await create(params));
    if (items.length > 0) await waitUntilFinished(tokens, items, deadline, true);
    const containerId = await create(
      items.length > 0 ? { ...plan.main, children: items.join(',') } : plan.main,
    );
    await waitUntilFinished(tokens, [containerId], deadline, false);
    return publishContainer(tokens, userId, containerId);
  }

  async function publishContainer(
    tokens: TokenSet,
    userId: string,
    containerId: string,
  ): Promise<PublishedPost> {
    return publishContainerWith(containerId, {
      platform: 'threads',
      name: 'Threads',
      publish: () => api.publishContainer(tokens.accessToken, userId, containerId),
      isPublishCap,
      withQuotaReset: (error) => withQuotaReset(tokens, userId, error),
      createdId: (body) => toCreatedId(body, 'published post'),
      permalinkOf: (externalId) => permalinkOf(tokens, externalId),
    });
  }

  const permalinkOf = (tokens: TokenSet, mediaId: string) =>
    api
      .getMedia(tokens.accessToken, mediaId, ['permalink'])
      .then(toPermalink)
      .catch(() => null);

  /** The 24 h cap: `threads_publishing_limit` says how long its window is. */
  function withQuotaReset(tokens: TokenSet, userId: string, error: RateLimitedError) {
    return sharedWithQuotaReset('threads', error, async () =>
      toPublishingLimit(await api.getPublishingLimit(tokens.accessToken, userId)),
    );
  }

  /** The account's posts since the attempt whose text is `text` (newest first, a few pages). */
  async function findByText(tokens: TokenSet, userId: string, text: string, since: Date) {
    const from = new Date(since.getTime() - CLOCK_SKEW_MS);
    let after: string | undefined;
    for (let page = 0; page < PAGES; page++) {
      const { posts, after: next } = toThreadsPage(
        await api.listThreads(tokens.accessToken, userId, {
          fields: ['id', 'text', 'timestamp', 'permalink'],
          limit: PAGE_SIZE,
          since: from,
          after,
        }),
      );
      const found = posts.find((post) => isSameThreadsPost(post.text, text));
      if (found) return { externalId: found.id, url: found.permalink };
      if (!next) return null;
      after = next;
    }
    throw new SocialPlatformError(
      'threads',
      `The Threads account published more than ${PAGES * PAGE_SIZE} posts since the attempt; Kitepost could not tell whether this post is among them.`,
    );
  }

  return {
    platform: 'threads',
    sandbox: options.sandbox,
    usesPkce: false,
    // th_refresh_token: the long-lived access token refreshes itself; there is no refresh token.
    refreshesWithAccessToken: true,

    authorizeUrl(request) {
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: request.redirectUri,
        scope: THREADS_SCOPES.join(','),
        response_type: 'code',
        state: request.state,
      });
      const separator = options.authorizeUrl.includes('?') ? '&' : '?';
      return `${options.authorizeUrl}${separator}${query.toString()}`;
    },

    async exchangeCode({ code, redirectUri }) {
      // Threads appends `#_` to the redirect; a browser drops it, a pasted code may keep it.
      const short = toShortLivedToken(await api.exchangeCode(code.replace(/#_$/, ''), redirectUri));
      // The short-lived token lasts an hour: exchange it at once for the 60-day one we keep.
      return toLongLivedTokenSet(await api.exchangeLongLived(short.accessToken), new Date(), [
        ...THREADS_SCOPES,
      ]);
    },

    async refreshTokens(tokens) {
      const now = Date.now();
      if (tokens.expiresAt && tokens.expiresAt.getTime() <= now) {
        throw new TokenExpiredError('threads', 'The Threads token has expired; reconnect the account.');
      }
      // Threads refreshes only tokens at least a day old; a younger one is as good as new.
      if (tokens.expiresAt && tokens.expiresAt.getTime() - now > LONG_LIVED_MS - DAY_MS) return tokens;
      return toLongLivedTokenSet(await api.refreshLongLived(tokens.accessToken), new Date(), tokens.scopes);
    },

    async listAccounts(tokens) {
      const account = toExternalAccount(await api.getMe(tokens.accessToken, PROFILE_FIELDS));
      const followers = await api
        .getUserInsights(tokens.accessToken, account.externalId, ['followers_count'])
        .then(toThreadsFollowers)
        .catch(() => null);
      return [{ ...account, followers }];
    },

    async revoke() {
      // The Threads API documents no revocation: the user removes the app in Threads' settings
      // (Meta then calls the app's uninstall callback), and the token dies at its expiry.
    },

    async publish(tokens, { account, postType, text, media, link }) {
      const plan = planContainers({ postType, text, media, link: media.length === 0 ? link?.url : null });
      return publishPlanned(tokens, account.externalId, plan);
    },

    /** The next post of a thread: the same containers with `reply_to_id`, then threads_publish. */
    async publishReply(tokens, { account, parentExternalId, text, media }) {
      const plan = planContainers({ postType: 'thread', text, media, replyToId: parentExternalId });
      return publishPlanned(tokens, account.externalId, plan);
    },

    /**
     * With the attempt's container (`hint.containerId`): PUBLISHED means the post exists (found
     * among the account's posts by its text); FINISHED, ERROR or EXPIRED mean threads_publish did
     * not take: null. Without it, or when the container is gone: the account's posts since the
     * attempt, matched by text.
     */
    async findPublished(tokens, { account, text, since, hint }) {
      const containerId = hint?.containerId;
      if (!containerId) return findByText(tokens, account.externalId, text, since);
      let status: ReturnType<typeof toContainerStatus> | null = null;
      try {
        status = toContainerStatus(await api.getContainer(tokens.accessToken, containerId, ['status', 'id']));
      } catch (error) {
        if (!(error instanceof ThreadsMediaNotFoundError)) throw error;
      }
      if (status && status.code !== 'PUBLISHED') return null;
      const found = await findByText(tokens, account.externalId, text, since);
      if (found || !status) return found;
      throw new SocialPlatformError(
        'threads',
        `Threads says container ${containerId} was published, but Kitepost could not find the post among the account's recent posts.`,
      );
    },

    /** One `GET /{media-id}/insights` per post; a post Threads no longer knows is missing. */
    async readPostMetrics(tokens, { externalIds }) {
      const result: Awaited<ReturnType<SocialProvider['readPostMetrics']>> = { metrics: [], missing: [] };
      for (const externalId of externalIds) {
        try {
          const body = await api.getInsights(tokens.accessToken, externalId, THREADS_MEDIA_METRICS);
          result.metrics.push(toThreadsPostReading(externalId, body));
        } catch (error) {
          if (!(error instanceof ThreadsMediaNotFoundError)) throw error;
          result.missing.push(externalId);
        }
      }
      return result;
    },

    /** `GET /{threads-user-id}/threads_insights?metric=followers_count`. */
    async readFollowers(tokens, account) {
      return toThreadsFollowers(
        await api.getUserInsights(tokens.accessToken, account.externalId, ['followers_count']),
      );
    },
  };
}
