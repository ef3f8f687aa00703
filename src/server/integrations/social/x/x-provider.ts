import {
  type AuthorizeRequest,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
} from '../social-provider';
import {
  toCreatedPostId,
  toExternalAccount,
  toPostMetrics,
  toTokenSet,
  type XPostMetrics,
  xPostUrl,
  xWebBaseUrl,
} from './transform';
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

export interface XProviderOptions {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  apiBaseUrl: string;
  sandbox: boolean;
  fetch?: typeof fetch;
  /** How long one call to X may take before its outcome counts as unknown. Default 20 s. */
  timeoutMs?: number;
  /** Where posts are read (their links); derived from `authorizeUrl` when absent. */
  webBaseUrl?: string;
}

export interface XProvider extends SocialProvider {
  /** `POST /2/tweets` with text only. The link uses `username` when given (X's canonical form). */
  publishText(
    tokens: TokenSet,
    text: string,
    options?: { username?: string },
  ): Promise<{ externalId: string; url: string }>;
  /** Public metrics of the account's posts; ids X no longer knows (deleted) are listed apart. */
  fetchPostMetrics(
    tokens: TokenSet,
    externalIds: string[],
  ): Promise<{ metrics: XPostMetrics[]; missing: string[] }>;
  deletePost(tokens: TokenSet, externalId: string): Promise<void>;
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
      const externalId = toCreatedPostId(await api.createPost(tokens.accessToken, { text }));
      return { externalId, url: xPostUrl(webBaseUrl, externalId, publishOptions?.username) };
    },

    async fetchPostMetrics(tokens, externalIds) {
      const result: { metrics: XPostMetrics[]; missing: string[] } = { metrics: [], missing: [] };
      // X reads at most 100 posts per call.
      for (let start = 0; start < externalIds.length; start += MAX_IDS_PER_READ) {
        const ids = externalIds.slice(start, start + MAX_IDS_PER_READ);
        const page = toPostMetrics(await api.getPosts(tokens.accessToken, ids, ['public_metrics']));
        result.metrics.push(...page.metrics);
        result.missing.push(...page.missing);
      }
      return result;
    },

    async deletePost(tokens, externalId) {
      await api.deletePost(tokens.accessToken, externalId);
    },
  };
}
