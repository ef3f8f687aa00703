import { notReportedMetrics } from '../../../../contracts/analytics';
import {
  type AuthorizeRequest,
  type PlatformAppOptions,
  type PostLinkOptions,
  type ReplyInput,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
} from '../social-provider';
import { DEFAULT_LINKEDIN_API_VERSION } from './api-version';
import { createLinkedInApi } from './linkedin-api';
import { DEFAULT_DOCUMENT_WAIT, type DocumentWait } from './linkedin-documents';
import { DEFAULT_IMAGE_WAIT, type ImageWait } from './linkedin-images';
import {
  commentOnLinkedInPost,
  findLinkedInPost,
  type LinkedInPosting,
  publishLinkedInPost,
} from './linkedin-posting';
import { DEFAULT_VIDEO_WAIT, type VideoWait } from './linkedin-videos';
import {
  LINKEDIN_METRIC_TYPES,
  type LinkedInMetricType,
  toLinkedInMetricCount,
  toLinkedInPostReading,
} from './metrics-transform';
import {
  analyticsEntity,
  linkedInPostUrl,
  linkedInWebBaseUrl,
  personUrn,
  toExternalAccount,
  toTokenSet,
} from './transform';

/*
 * LinkedIn behind our SocialProvider port: OAuth 2.0 authorization code (no PKCE) as a
 * confidential client, Sign In with LinkedIn (OpenID Connect) for the member, and the Posts API
 * with the member's token. The same code talks to LinkedIn and to the platform simulator; only the
 * URLs (and, for the simulator, the fetch) differ.
 */

/** Who the member is (openid profile email) and posting as them (w_member_social). */
export const LINKEDIN_SCOPES = ['openid', 'profile', 'email', 'w_member_social'] as const;
/**
 * Member post analytics. Granted only with the vetted Community Management API product, which
 * cannot share an app with Sign In with LinkedIn / Share on LinkedIn, and LinkedIn refuses the
 * whole authorization (`unauthorized_scope_error`) when one scope is not the app's (platforms.md
 * audit 2026-11: Postiz PR #1658, verbb/social-poster#52). So Kitepost never asks for it (decision
 * 042); a token that holds it anyway (an app LinkedIn granted it to) has its posts' numbers read.
 */
export const LINKEDIN_ANALYTICS_SCOPE = 'r_member_postAnalytics';
const DEFAULT_TOKEN_URL = 'https://www.linkedin.com/oauth/v2/accessToken';
const DEFAULT_TIMEOUT_MS = 20_000;
export interface LinkedInProviderOptions extends PlatformAppOptions, PostLinkOptions {
  /** The token endpoint (on www.linkedin.com, not under the API). */
  tokenUrl?: string;
  /** `LinkedIn-Version` (YYYYMM), from LINKEDIN_API_VERSION; a recent version by default. */
  apiVersion?: string;
  /** How long to wait for uploaded images to be AVAILABLE (tests shorten it). */
  imageWait?: ImageWait;
  /** How long to wait for an uploaded video to be AVAILABLE (tests shorten it). */
  videoWait?: VideoWait;
  /** How long to wait for an uploaded PDF document to be AVAILABLE (tests shorten it). */
  documentWait?: DocumentWait;
  /** Waits (tests may pass a fake clock's). */
  sleep?: (ms: number) => Promise<void>;
}

export interface LinkedInProvider extends SocialProvider {
  /**
   * `POST /rest/posts` as the member, text only, public, to the main feed. The text is sent as
   * little commentary (reserved characters escaped, hashtags kept): LinkedIn shows it as written.
   */
  publishText(
    tokens: TokenSet,
    text: string,
    options: {
      /** The member's `sub` (the account's externalId): the author is `urn:li:person:{sub}`. */
      externalAccountId: string;
    },
  ): Promise<{ externalId: string; url: string }>;
  deletePost(tokens: TokenSet, externalId: string): Promise<void>;
}

export function createLinkedInProvider(options: LinkedInProviderOptions): LinkedInProvider {
  const api = createLinkedInApi({
    apiBaseUrl: options.apiBaseUrl,
    tokenUrl: options.tokenUrl ?? DEFAULT_TOKEN_URL,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    version: options.apiVersion ?? DEFAULT_LINKEDIN_API_VERSION,
  });
  const imageWait = options.imageWait ?? DEFAULT_IMAGE_WAIT;
  const videoWait = options.videoWait ?? DEFAULT_VIDEO_WAIT;
  const documentWait = options.documentWait ?? DEFAULT_DOCUMENT_WAIT;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const webBaseUrl = (options.webBaseUrl ?? linkedInWebBaseUrl(options.authorizeUrl)).replace(/\/$/, '');
  const scopes: string[] = [...LINKEDIN_SCOPES];

  const posting: LinkedInPosting = { api, webBaseUrl, imageWait, videoWait, documentWait, sleep };
  const publish: SocialProvider['publish'] = (tokens, input) =>
    publishLinkedInPost(posting, tokens, personUrn(input.account.externalId), input);

  return {
    platform: 'linkedin',
    sandbox: options.sandbox,
    // LinkedIn's member flow is a confidential client with a secret; arctic and Postiz use no PKCE.
    usesPkce: false,

    authorizeUrl(request: AuthorizeRequest): string {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: request.redirectUri,
        state: request.state,
        scope: scopes.join(' '),
      });
      // LinkedIn's examples encode spaces as %20; URLSearchParams writes '+' (and a literal '+' as %2B).
      const separator = options.authorizeUrl.includes('?') ? '&' : '?';
      return `${options.authorizeUrl}${separator}${query.toString().replace(/\+/g, '%20')}`;
    },

    async exchangeCode({ code, redirectUri }) {
      const body = await api.requestToken('exchange-code', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      return toTokenSet(body, new Date());
    },

    async refreshTokens(tokens) {
      // Most apps get no refresh token (approved partners only, L1): the 60-day token must be
      // renewed by the member reconnecting, which the app asks for 7 days ahead.
      if (!tokens.refreshToken) {
        throw new TokenExpiredError(
          'linkedin',
          'LinkedIn gives this app no refresh token; reconnect the account before its token expires.',
        );
      }
      const body = await api.requestToken('refresh', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
      });
      return toTokenSet(body, new Date(), tokens);
    },

    async listAccounts(tokens) {
      return [toExternalAccount(await api.getUserinfo(tokens.accessToken))];
    },

    // LinkedIn documents no token revocation for this flow: the member removes the app in their
    // settings; the token lapses after its 60 days. Disconnecting forgets it on our side only.
    async revoke() {},

    async publishText(tokens, text, { externalAccountId }) {
      const published = await publish(tokens, {
        account: { externalId: externalAccountId, username: '' },
        text,
        media: [],
      });
      return {
        externalId: published.externalId,
        url: published.url ?? linkedInPostUrl(webBaseUrl, published.externalId),
      };
    },

    /**
     * Each image through the Images API (initialize, PUT the bytes) or the video through the
     * Videos API, then `POST /rest/posts`.
     */
    publish,

    /**
     * The first comment: `POST /rest/socialActions/{post}/comments` as the member (Comments API).
     * Its `message` is attributed text, not the posts' little text, so it is sent as written
     * (decision 063). Text only: Kitepost attaches no image to a comment.
     */
    async publishReply(tokens, { account, parentExternalId, text, media }: ReplyInput) {
      return commentOnLinkedInPost(posting, tokens, personUrn(account.externalId), {
        parentExternalId,
        text,
        media,
      });
    },

    /**
     * The member's posts (`GET /rest/posts?q=author`, most recently changed first, up to 3 pages
     * of 50) created since the attempt, matched by their commentary read as text. LinkedIn gates
     * this finder for members behind r_member_social, a permission it grants to approved partners
     * only: without it LinkedIn answers 403 and this throws (Kitepost cannot tell).
     */
    async findPublished(tokens, { account, text, since }) {
      return findLinkedInPost(posting, tokens, personUrn(account.externalId), { text, since });
    },

    /**
     * Totals of the member's posts (IMPRESSION, MEMBERS_REACHED, REACTION, COMMENT, RESHARE), one
     * call per metric and post, and its video plays (memberCreatorVideoAnalytics VIDEO_PLAY, our
     * views; none for a post without a video); a post LinkedIn answers 404 for (deleted) is missing. Needs
     * r_member_postAnalytics (a vetted product, platforms.md L10/L11): a token without it (every
     * token of Kitepost's own app, decision 042) gets every metric as not reported, without a call
     * LinkedIn would refuse with 403; the analytics screen says why (analyticsMessages.linkedInNotShared).
     */
    async readPostMetrics(tokens, { externalIds }) {
      const result: Awaited<ReturnType<SocialProvider['readPostMetrics']>> = { metrics: [], missing: [] };
      if (!tokens.scopes.includes(LINKEDIN_ANALYTICS_SCOPE)) {
        result.metrics = externalIds.map((externalId) => ({ externalId, ...notReportedMetrics }));
        return result;
      }
      for (const urn of externalIds) {
        const entity = analyticsEntity(urn);
        const counts = {} as Record<LinkedInMetricType, number | null>;
        let gone = false;
        for (const type of LINKEDIN_METRIC_TYPES) {
          const body = await api.getPostMetric(tokens.accessToken, entity, type);
          if (body === null) {
            gone = true;
            break;
          }
          counts[type] = toLinkedInMetricCount(body);
        }
        if (gone) {
          result.missing.push(urn);
          continue;
        }
        // Plays only exist for a post with a video: LinkedIn answers no element for the others.
        const plays = await api.getVideoPlays(tokens.accessToken, entity);
        result.metrics.push(
          toLinkedInPostReading(urn, counts, plays === null ? null : toLinkedInMetricCount(plays)),
        );
      }
      return result;
    },

    /**
     * null: LinkedIn offers no follower count of a member to an app like ours. Follower counts
     * exist for organizations only (organizationalEntityFollowerStatistics, networkSizes), and
     * the member endpoint is UNCONFIRMED (platforms.md, LinkedIn › Analytics, L7/L10). Kitepost
     * posts as the member, so it shows "not reported" rather than a guess.
     */
    async readFollowers() {
      return null;
    },

    async deletePost(tokens, externalId) {
      await api.deletePost(tokens.accessToken, externalId);
    },
  };
}
