import type { PublishingPlatform } from '../../../contracts/platforms';

/** Tokens as a platform hands them out. Times are absolute. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** null when the platform says the token does not expire (e.g. a Facebook Page token). */
  expiresAt: Date | null;
  refreshExpiresAt: Date | null;
  scopes: string[];
}

/** One account the user may connect: a person's profile, or one of their Pages. */
export interface ExternalAccount {
  externalId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  followers: number | null;
  /** When the account has its own token (a Facebook Page), it replaces the user's. */
  tokens?: TokenSet;
}

export interface AuthorizeRequest {
  state: string;
  redirectUri: string;
  /** Present when the provider uses PKCE (S256). */
  codeChallenge?: string;
}

/** The port every platform adapter implements (conventions: providers behind narrow ports). */
export interface SocialProvider {
  readonly platform: PublishingPlatform;
  /** True when this provider talks to the built-in platform simulator. */
  readonly sandbox: boolean;
  readonly usesPkce: boolean;
  /**
   * True when the platform refreshes a token with the access token itself (Instagram's
   * ig_refresh_token), so no refresh token is needed. Otherwise a token refreshes only when the
   * platform gave a refresh token.
   */
  readonly refreshesWithAccessToken?: boolean;
  authorizeUrl(request: AuthorizeRequest): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet>;
  /** Throws TokenExpiredError when the platform refuses the refresh (the user must reconnect). */
  refreshTokens(tokens: TokenSet): Promise<TokenSet>;
  /** The accounts these tokens may post as; more than one for a Facebook user with several Pages. */
  listAccounts(tokens: TokenSet): Promise<ExternalAccount[]>;
  /** Revokes at the platform where its API allows; resolves quietly where it does not. */
  revoke(tokens: TokenSet): Promise<void>;
}

/** Our error kinds (conventions rule 3); the job layer maps them to retries. */
export class SocialPlatformError extends Error {
  override name = 'SocialPlatformError';
  constructor(
    readonly platform: PublishingPlatform,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
/** The token is expired or revoked: the account needs the user to reconnect. */
export class TokenExpiredError extends SocialPlatformError {
  override name = 'TokenExpiredError';
}
export class RateLimitedError extends SocialPlatformError {
  override name = 'RateLimitedError';
  constructor(
    platform: PublishingPlatform,
    message: string,
    readonly resetAt: Date | null,
    options?: { cause?: unknown },
  ) {
    super(platform, message, options);
  }
}
/** The platform refused the content itself (too long, duplicate, policy). */
export class InvalidContentError extends SocialPlatformError {
  override name = 'InvalidContentError';
}
/** The request may or may not have taken effect (timeout after sending): never retried blindly. */
export class UnknownOutcomeError extends SocialPlatformError {
  override name = 'UnknownOutcomeError';
}
