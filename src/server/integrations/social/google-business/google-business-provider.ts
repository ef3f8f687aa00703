import { notReportedMetrics } from '../../../../contracts/analytics';
import { createGoogleOAuth } from '../google/google-oauth';
import {
  type ExternalAccount,
  InvalidContentError,
  type PlatformAppOptions,
  type PublishedPost,
  type SocialProvider,
  type TokenSet,
  UnknownOutcomeError,
} from '../social-provider';
import { createGoogleBusinessApi } from './google-business-api';
import { toLocalPostPayload } from './publish-transform';
import {
  isSameLocalPost,
  type LocalPostAnswer,
  locationPathOf,
  toBusinessAccountsPage,
  toLocalPost,
  toLocalPostsPage,
  toLocationAccountsPage,
} from './transform';

/*
 * Google Business Profile behind our SocialProvider port (issue 28, decision 090). Google's OAuth
 * (google/google-oauth.ts, shared with YouTube) with the one scope `business.manage`; the user's
 * locations are our accounts (several from one sign-in: the connect service's 'choose' step, as
 * Facebook and LinkedIn Pages); a post is a v4 LocalPost (What's new, Event, Offer, a button, one
 * photo Google downloads from our URL). The Business Profile APIs answer only a Cloud project
 * Google approved (0 quota until then: README, the connect card). The same code talks to Google
 * and to the platform simulator; only the base URLs (and the simulator's fetch) differ.
 */

export const GOOGLE_BUSINESS_SCOPES = ['https://www.googleapis.com/auth/business.manage'] as const;
const DEFAULT_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const DEFAULT_TIMEOUT_MS = 20_000;
/** Pages of accounts and of each account's locations read at most (a user manages few). */
const MAX_PAGES = 5;
/** Reconciliation reads the location's newest local posts (v4 `pageSize` at most 100). */
const RECENT_POSTS = 100;

/** How long a publish waits for Google to finish processing a post (LIVE or REJECTED). */
export interface LocalPostWait {
  attempts: number;
  intervalMs: number;
}
const DEFAULT_WAIT: LocalPostWait = { attempts: 5, intervalMs: 1_000 };

export interface GoogleBusinessProviderOptions extends PlatformAppOptions {
  tokenUrl?: string;
  postWait?: LocalPostWait;
  sleep?: (ms: number) => Promise<void>;
}

export function createGoogleBusinessProvider(options: GoogleBusinessProviderOptions): SocialProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const oauth = createGoogleOAuth({
    ...options,
    platform: 'google_business',
    tokenUrl: options.tokenUrl ?? DEFAULT_TOKEN_URL,
    scopes: GOOGLE_BUSINESS_SCOPES,
    fetch: fetchImpl,
  });
  const api = createGoogleBusinessApi({
    apiBaseUrl: options.apiBaseUrl,
    fetch: fetchImpl,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const wait = options.postWait ?? DEFAULT_WAIT;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const published = (post: LocalPostAnswer): PublishedPost => ({
    externalId: post.name,
    url: post.searchUrl ?? null,
  });

  /**
   * A new post is PROCESSING until Google's review makes it LIVE or REJECTED (LocalPostState):
   * wait briefly. REJECTED fails the post with words; still PROCESSING after the wait, it is
   * taken as published (it usually goes live) with the link Google gave, if any. A read that fails
   * meanwhile leaves the post as created.
   */
  async function settle(tokens: TokenSet, created: LocalPostAnswer): Promise<PublishedPost> {
    let post = created;
    for (let attempt = 0; post.state === 'PROCESSING' && attempt < wait.attempts; attempt++) {
      await sleep(wait.intervalMs);
      try {
        post = toLocalPost(await api.getLocalPost(tokens.accessToken, post.name));
      } catch {
        break;
      }
    }
    if (post.state === 'REJECTED') {
      throw new InvalidContentError(
        'google_business',
        'Google rejected this post (state REJECTED): it breaks a Business Profile content policy for posts, such as a phone number, a link to another site’s offer or off-topic content. It is listed as Rejected in the profile’s posts.',
      );
    }
    return published(post);
  }

  return {
    platform: 'google_business',
    sandbox: options.sandbox,
    // Google supports PKCE for web server apps (code_challenge, S256): asked on every sign-in.
    usesPkce: true,
    authorizeUrl: (request) => oauth.authorizeUrl(request),
    exchangeCode: (input) => oauth.exchangeCode(input),
    refreshTokens: (tokens) => oauth.refreshTokens(tokens),
    revoke: (tokens) => oauth.revoke(tokens),

    /**
     * Every location of every business account the user manages (Account Management `accounts`,
     * then Business Information `locations` of each): one account each, chosen in Kitepost.
     */
    async listAccounts(tokens) {
      const locations: ExternalAccount[] = [];
      const accounts: string[] = [];
      let pageToken: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = toBusinessAccountsPage(await api.listAccounts(tokens.accessToken, pageToken));
        accounts.push(...answer.accounts);
        pageToken = answer.next;
        if (!pageToken) break;
      }
      for (const account of accounts) {
        let locationToken: string | null = null;
        for (let page = 0; page < MAX_PAGES; page++) {
          const answer = toLocationAccountsPage(
            account,
            await api.listLocations(tokens.accessToken, account, locationToken),
          );
          locations.push(...answer.accounts);
          locationToken = answer.next;
          if (!locationToken) break;
        }
      }
      return locations;
    },

    async publish(tokens, input) {
      const location = locationPathOf(input.account.externalId);
      const payload = toLocalPostPayload(input);
      let body: unknown;
      try {
        body = await api.createLocalPost(tokens.accessToken, location, payload);
      } catch (error) {
        if (error instanceof UnknownOutcomeError) {
          throw new UnknownOutcomeError('google_business', error.message, { location }, { cause: error });
        }
        throw error;
      }
      let created: LocalPostAnswer;
      try {
        created = toLocalPost(body);
      } catch (error) {
        throw new UnknownOutcomeError(
          'google_business',
          `Google accepted the post but named none: ${String(error)}`,
          { location },
          { cause: error },
        );
      }
      return settle(tokens, created);
    },

    /**
     * After an unknown outcome: the location's newest local posts (`localPosts.list`), matched by
     * summary and created since the attempt. The list holds every post (PROCESSING, LIVE,
     * REJECTED), so none matching proves none was made.
     */
    async findPublished(tokens, { account, text, since }) {
      const location = locationPathOf(account.externalId);
      const { posts } = toLocalPostsPage(
        await api.listLocalPosts(tokens.accessToken, location, RECENT_POSTS),
      );
      const found = posts.find((post) => isSameLocalPost(post, text, since));
      if (!found) return null;
      if (found.state === 'REJECTED') {
        throw new InvalidContentError('google_business', 'Google rejected this post (state REJECTED).');
      }
      return published(found);
    },

    /**
     * Not reported: the per-post insights call (v4 `localPosts.reportInsights`) was removed with
     * the move to the Business Profile Performance API, which reports a location's daily metrics
     * and none per post (developers.google.com/my-business/content/performance/change-log: "Removal
     * of accounts.locations.localPosts.reportInsights endpoint"; Postiz reads none either). No call
     * is made; every metric is null, never 0.
     */
    async readPostMetrics(_tokens, { externalIds }) {
      return {
        metrics: externalIds.map((externalId) => ({ externalId, ...notReportedMetrics })),
        missing: [],
      };
    },

    // A location has no followers in any Business Profile API.
    async readFollowers() {
      return null;
    },
  };
}
