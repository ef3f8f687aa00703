import type { PublishingPlatform } from '../../../../contracts/platforms';
import {
  type AuthorizeRequest,
  type PlatformAppOptions,
  SocialPlatformError,
  type TokenSet,
} from '../social-provider';

/*
 * Google's OAuth 2.0 for web server applications, shared by YouTube and Google Business Profile
 * (issue 28): authorize with offline access, the code exchange, refresh and revoke.
 * SCAFFOLDING: the YouTube helper implements it (the signatures below stay); the Google Business
 * Profile adapter uses it as it is.
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

export function createGoogleOAuth(options: GoogleOAuthOptions): GoogleOAuth {
  const refuse = async (): Promise<never> => {
    throw new SocialPlatformError(options.platform, 'Google sign-in is not built yet');
  };
  return {
    authorizeUrl: () => {
      throw new SocialPlatformError(options.platform, 'Google sign-in is not built yet');
    },
    exchangeCode: refuse,
    refreshTokens: refuse,
    revoke: refuse,
  };
}
