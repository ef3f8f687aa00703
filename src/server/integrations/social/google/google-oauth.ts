import type { PublishingPlatform } from '../../../../contracts/platforms';
import { createPlatformHttp } from '../http/platform-http';
import type { AuthorizeRequest, PlatformAppOptions, TokenSet } from '../social-provider';
import { TokenExpiredError } from '../social-provider';
import { googleOAuthErrors, revokeUrlOf, toGoogleTokenSet } from './google-oauth-transform';

/*
 * Google's OAuth 2.0 for web server applications, shared by YouTube and Google Business Profile
 * (issue 28, decision 088): authorize with offline access, the code exchange, refresh and revoke,
 * on the shared HTTP client (timeouts, the simulator's fetch). Every parameter and answer below is
 * from https://developers.google.com/identity/protocols/oauth2/web-server.
 */

export interface GoogleOAuthOptions extends PlatformAppOptions {
  platform: Extract<PublishingPlatform, 'youtube' | 'google_business'>;
  /** Google's token endpoint (https://oauth2.googleapis.com/token) or the simulator's. */
  tokenUrl: string;
  /** The scopes this product asks for. */
  scopes: readonly string[];
}

export interface GoogleOAuth {
  authorizeUrl(request: AuthorizeRequest): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet>;
  /** Throws TokenExpiredError when Google refuses the refresh token (invalid_grant). */
  refreshTokens(tokens: TokenSet): Promise<TokenSet>;
  revoke(tokens: TokenSet): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export function createGoogleOAuth(options: GoogleOAuthOptions): GoogleOAuth {
  const { platform } = options;
  const call = createPlatformHttp({
    errors: googleOAuthErrors(platform),
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  /** The client authenticates with `client_id` and `client_secret` in the form body (step 5). */
  const requestToken = async (operation: 'exchange-code' | 'refresh', fields: Record<string, string>) =>
    (
      await call(operation, options.tokenUrl, {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({
          client_id: options.clientId,
          client_secret: options.clientSecret,
          ...fields,
        }).toString(),
      })
    ).body;

  return {
    /**
     * Step 2 "Redirect to Google's OAuth 2.0 server": `access_type=offline` for a refresh token,
     * `prompt=consent` so Google hands one out again on a reconnect (it gives a refresh token only
     * on a consent), `include_granted_scopes=true` (incremental authorization), the scopes space
     * separated, PKCE S256 when a challenge is given.
     */
    authorizeUrl(request) {
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: options.scopes.join(' '),
        state: request.state,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
      });
      if (request.codeChallenge) {
        query.set('code_challenge', request.codeChallenge);
        query.set('code_challenge_method', 'S256');
      }
      const separator = options.authorizeUrl.includes('?') ? '&' : '?';
      return `${options.authorizeUrl}${separator}${query}`;
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const body = await requestToken('exchange-code', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
      });
      return toGoogleTokenSet(platform, body, new Date());
    },

    /** "Refreshing an access token": the answer has no refresh_token; the old one is kept. */
    async refreshTokens(tokens) {
      if (!tokens.refreshToken) {
        throw new TokenExpiredError(platform, 'Google gave no refresh token; reconnect the account.');
      }
      const body = await requestToken('refresh', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
      });
      return toGoogleTokenSet(platform, body, new Date(), tokens);
    },

    /**
     * "Revoking a token": `POST https://oauth2.googleapis.com/revoke` with `token` (form body).
     * Revoking the refresh token revokes its access tokens too. A token Google already forgot
     * (400 `invalid_token`) is as good as revoked.
     */
    async revoke(tokens) {
      const token = tokens.refreshToken ?? tokens.accessToken;
      await call('revoke', revokeUrlOf(options.tokenUrl), {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ token }).toString(),
        accept: (status) => (status >= 200 && status < 300) || status === 400,
      });
    },
  };
}
