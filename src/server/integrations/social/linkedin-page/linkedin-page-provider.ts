import { notReportedMetrics } from '../../../../contracts/analytics';
import { DEFAULT_LINKEDIN_API_VERSION } from '../linkedin/api-version';
import { createLinkedInApi } from '../linkedin/linkedin-api';
import { DEFAULT_DOCUMENT_WAIT, type DocumentWait } from '../linkedin/linkedin-documents';
import { DEFAULT_IMAGE_WAIT, type ImageWait } from '../linkedin/linkedin-images';
import {
  commentOnLinkedInPost,
  findLinkedInPost,
  type LinkedInPosting,
  publishLinkedInPost,
} from '../linkedin/linkedin-posting';
import { DEFAULT_VIDEO_WAIT, type VideoWait } from '../linkedin/linkedin-videos';
import { linkedInWebBaseUrl, toTokenSet } from '../linkedin/transform';
import {
  type AuthorizeRequest,
  type PlatformAppOptions,
  type PostLinkOptions,
  type PostMetricsReading,
  type SocialProvider,
  TokenExpiredError,
} from '../social-provider';
import { createLinkedInPageApi } from './linkedin-page-api';
import {
  asPageError,
  organizationUrn,
  toFollowerCount,
  toPageAccounts,
  toPostableOrganizationIds,
  toShareStatisticsReadings,
} from './transform';

/*
 * LinkedIn company Pages behind our SocialProvider port (issue 27, decision 085): a second
 * LinkedIn app with the Community Management API, which must be the only product on its app and
 * whose scopes may not be asked next to Sign In / Share on LinkedIn (platforms.md, audit 2026-11),
 * hence LINKEDIN_PAGES_CLIENT_ID. The member signs in; Kitepost offers the Pages they may post as
 * (several: the 'choose' step) and posts with `author: urn:li:organization:{id}` through the same
 * Posts, Images, Videos and Documents code as the member adapter (linkedin/linkedin-posting.ts).
 */

/**
 * Posting as the Page, reading its posts, and its statistics and followers (Community Management
 * API: w_organization_social, r_organization_social, rw_organization_admin; no OpenID scopes, which
 * belong to another product and would refuse the whole authorization).
 */
export const LINKEDIN_PAGE_SCOPES = [
  'r_organization_social',
  'w_organization_social',
  'rw_organization_admin',
] as const;
const DEFAULT_TOKEN_URL = 'https://www.linkedin.com/oauth/v2/accessToken';
const DEFAULT_TIMEOUT_MS = 20_000;
/** Posts per share statistics call: the ids go in the URL; the metrics budget reads this many. */
export const STATISTICS_BATCH = 20;

export interface LinkedInPageProviderOptions extends PlatformAppOptions, PostLinkOptions {
  tokenUrl?: string;
  apiVersion?: string;
  imageWait?: ImageWait;
  videoWait?: VideoWait;
  documentWait?: DocumentWait;
  sleep?: (ms: number) => Promise<void>;
}

/** Runs a call of the shared LinkedIn code; its errors leave as the Page platform's. */
async function asPage<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asPageError(error);
  }
}

export function createLinkedInPageProvider(options: LinkedInPageProviderOptions): SocialProvider {
  const version = options.apiVersion ?? DEFAULT_LINKEDIN_API_VERSION;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const api = createLinkedInApi({
    apiBaseUrl: options.apiBaseUrl,
    tokenUrl: options.tokenUrl ?? DEFAULT_TOKEN_URL,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: fetchImpl,
    timeoutMs,
    version,
  });
  const pages = createLinkedInPageApi({
    apiBaseUrl: options.apiBaseUrl,
    fetch: fetchImpl,
    timeoutMs,
    version,
  });
  const webBaseUrl = (options.webBaseUrl ?? linkedInWebBaseUrl(options.authorizeUrl)).replace(/\/$/, '');
  const posting: LinkedInPosting = {
    api,
    webBaseUrl,
    imageWait: options.imageWait ?? DEFAULT_IMAGE_WAIT,
    videoWait: options.videoWait ?? DEFAULT_VIDEO_WAIT,
    documentWait: options.documentWait ?? DEFAULT_DOCUMENT_WAIT,
    sleep: options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
  };

  return {
    platform: 'linkedin_page',
    sandbox: options.sandbox,
    usesPkce: false,

    authorizeUrl(request: AuthorizeRequest): string {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: request.redirectUri,
        state: request.state,
        scope: LINKEDIN_PAGE_SCOPES.join(' '),
      });
      const separator = options.authorizeUrl.includes('?') ? '&' : '?';
      return `${options.authorizeUrl}${separator}${query.toString().replace(/\+/g, '%20')}`;
    },

    async exchangeCode({ code, redirectUri }) {
      const body = await asPage(() =>
        api.requestToken('exchange-code', {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
        }),
      );
      return toTokenSet(body, new Date());
    },

    /**
     * Community Management API apps are Marketing Developer Platform partners, to whom LinkedIn
     * gives programmatic refresh tokens (365 days from the sign-in, not extended by refreshing;
     * learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens). A
     * token without one (an app LinkedIn did not approve for them) ends with its 60 days.
     */
    async refreshTokens(tokens) {
      if (!tokens.refreshToken) {
        throw new TokenExpiredError(
          'linkedin_page',
          'LinkedIn gave this app no refresh token; reconnect the Page before its token expires.',
        );
      }
      const body = await asPage(() =>
        api.requestToken('refresh', {
          grant_type: 'refresh_token',
          refresh_token: tokens.refreshToken as string,
        }),
      );
      return toTokenSet(body, new Date(), tokens);
    },

    /**
     * The Pages the member may post as: their approved ACLs in a posting role, the organizations'
     * names (one batch call) and each one's follower count. One account per Page; with several,
     * the user chooses one (the connect service's 'choose' step).
     */
    async listAccounts(tokens) {
      const ids = toPostableOrganizationIds(await pages.getOrganizationAcls(tokens.accessToken));
      if (ids.length === 0) return [];
      const organizations = await pages.getOrganizations(tokens.accessToken, ids);
      const followers = new Map<string, number | null>();
      for (const id of ids)
        followers.set(id, toFollowerCount(await pages.getFollowerCount(tokens.accessToken, id)));
      return toPageAccounts(organizations, ids, followers);
    },

    // LinkedIn documents no token revocation for this flow; disconnecting forgets it on our side.
    async revoke() {},

    publish: (tokens, input) =>
      asPage(() => publishLinkedInPost(posting, tokens, organizationUrn(input.account.externalId), input)),

    /** The first comment, as the Page (Comments API: the actor may be an organization URN). */
    publishReply: (tokens, { account, parentExternalId, text, media }) =>
      asPage(() =>
        commentOnLinkedInPost(posting, tokens, organizationUrn(account.externalId), {
          parentExternalId,
          text,
          media,
        }),
      ),

    /**
     * The Page's posts (`GET /rest/posts?q=author&author=urn:li:organization:…`), which
     * r_organization_social lets an administrator read (unlike a member's own, which need a closed
     * permission): after an unknown outcome, the post is found or proven absent.
     */
    findPublished: (tokens, { account, text, since }) =>
      asPage(() => findLinkedInPost(posting, tokens, organizationUrn(account.externalId), { text, since })),

    /**
     * Lifetime organization share statistics of the Page's posts, 20 per call. Only an
     * ADMINISTRATOR may read them (Organization Share Statistics): a content administrator's
     * token is refused (403) and its posts' metrics are not reported rather than failed.
     */
    async readPostMetrics(tokens, { account, externalIds }) {
      const metrics: PostMetricsReading[] = [];
      for (let start = 0; start < externalIds.length; start += STATISTICS_BATCH) {
        const urns = externalIds.slice(start, start + STATISTICS_BATCH);
        const body = await pages.getShareStatistics(tokens.accessToken, account.externalId, urns);
        metrics.push(
          ...(body === null
            ? urns.map((externalId) => ({ externalId, ...notReportedMetrics }))
            : toShareStatisticsReadings(body, urns)),
        );
      }
      return { metrics, missing: [] };
    },

    async readFollowers(tokens, account) {
      return toFollowerCount(await pages.getFollowerCount(tokens.accessToken, account.externalId));
    },
  };
}
