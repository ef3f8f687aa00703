import type { PostMetricValues } from '../../../contracts/analytics';
import type { MediaKind, MediaMimeType } from '../../../contracts/media';
import type { PinterestBoard } from '../../../contracts/pinterest';
import type { PostPlatformOptions } from '../../../contracts/platform-options';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { PostType } from '../../../contracts/post-types';
import type { SocialAccountPostLimits } from '../../../contracts/social-accounts';
import type { TikTokCreatorInfo } from '../../../contracts/tiktok';

/** Tokens as a platform hands them out. Times are absolute. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** null when the platform says the token does not expire (e.g. a Facebook Page token). */
  expiresAt: Date | null;
  refreshExpiresAt: Date | null;
  scopes: string[];
  /**
   * What this account's calls need besides the token, kept sealed with it (issue 27): a Mastodon
   * instance's origin, a Bluesky PDS and DPoP key. Absent on the networks with one server. A
   * refresh that answers none keeps the old one.
   */
  connection?: Record<string, string>;
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
  /** What the account's own server allows beyond the network's rules (a Mastodon instance's limit). */
  postLimits?: SocialAccountPostLimits;
}

export interface AuthorizeRequest {
  state: string;
  redirectUri: string;
  /** Present when the provider uses PKCE (S256). */
  codeChallenge?: string;
  /**
   * The server or handle the user typed (contracts `serverPlatforms`: a Mastodon instance, a
   * Bluesky handle); absent elsewhere. The provider checks it (InvalidContentError with words).
   */
  server?: string;
}

/**
 * A sign-in whose start needs the network first (registering the app on a Mastodon instance, a
 * Bluesky PAR): where to send the user, and what the code exchange will need, sealed on the state
 * until the callback and handed to `exchangeCode` as `connection`.
 */
export interface AuthorizeStart {
  url: string;
  connection?: Record<string, string>;
}

/**
 * An image or video to publish: where the platform can download it, its facts, and its bytes for
 * upload APIs (a video only in parts: it may be a gigabyte).
 */
export interface PublishMedia {
  kind: MediaKind;
  /** Public http(s) URL (Instagram and Facebook download from it). */
  url: string;
  mimeType: MediaMimeType;
  width: number;
  height: number;
  sizeBytes: number;
  /** Videos: from the probe; null for images. */
  durationMs: number | null;
  /** A video's poster frame as a public JPEG URL (a Reel's cover); null for images. */
  posterUrl: string | null;
  /** The user's alt text; null when none (or the post type takes none). */
  altText: string | null;
  /** The whole bytes: images only (X and LinkedIn upload them). */
  read(): Promise<Buffer>;
  /** Bytes [start, end) of the file, for chunked video uploads. */
  readRange(start: number, end: number): Promise<Buffer>;
}

export interface PublishInput {
  /** The connected account it goes out as. */
  account: { externalId: string; username: string };
  /** 'post' when absent. */
  postType?: PostType;
  /** The whole text as published (content and hashtags: contracts/post-text publishedText). */
  text: string;
  media: PublishMedia[];
  /**
   * The title a LinkedIn document post shows with its document (required there); null or absent
   * elsewhere.
   */
  title?: string | null;
  /**
   * A URL in the text whose card the platform should render (LinkedIn article, Facebook link),
   * with what our preview read from its page; null when the text has no link or media is attached.
   */
  link?: { url: string; title: string | null; description: string | null; imageUrl: string | null } | null;
  /** What the network asks beyond text and media (a Mastodon content warning, a Pinterest board). */
  options?: PostPlatformOptions;
  /**
   * A custom thumbnail (YouTube `options.youtube.thumbnailMediaId`): the workspace's image, resolved
   * by the publishing service; null or absent elsewhere.
   */
  thumbnail?: PublishMedia | null;
}

/**
 * A reply under a published post: the first comment (Instagram, Facebook, LinkedIn; X's first
 * reply) or the next post of an X thread.
 */
export interface ReplyInput {
  account: { externalId: string; username: string };
  /** The post (or thread post) it answers. */
  parentExternalId: string;
  text: string;
  media: PublishMedia[];
}

export interface PublishedPost {
  externalId: string;
  /** The post's public link; null when the platform published it but its link could not be read. */
  url: string | null;
}

/** A post's lifetime metrics as the platform reported them: null where it reported nothing. */
export interface PostMetricsReading extends PostMetricValues {
  externalId: string;
}

/** The account whose posts and followers are read. */
export interface MetricsAccount {
  externalId: string;
  username: string;
}

/** What every platform adapter is built with: the app's registration and where the platform answers. */
export interface PlatformAppOptions {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  apiBaseUrl: string;
  sandbox: boolean;
  fetch?: typeof fetch;
  /** How long one call to the platform may take before its outcome counts as unknown. Default 20 s. */
  timeoutMs?: number;
}

/** Where an adapter's posts are read (their links); derived from `authorizeUrl` when absent. */
export interface PostLinkOptions {
  webBaseUrl?: string;
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
  /**
   * Used instead of `authorizeUrl` where starting a sign-in needs the network first (a Mastodon
   * instance's app registration, a Bluesky PAR). Throws InvalidContentError with words for a
   * server or handle that cannot be reached or is not one of the network's.
   */
  startAuthorization?(request: AuthorizeRequest): Promise<AuthorizeStart>;
  exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier?: string;
    /** What `authorizeUrl` asked to keep (AuthorizeStart.connection). */
    connection?: Record<string, string>;
    /** The callback's other parameters some networks answer with (atproto's `iss`). */
    params?: Record<string, string>;
  }): Promise<TokenSet>;
  /**
   * Signs in with a password the network issues for apps (a Bluesky app password, the way into a
   * self-hosted PDS). Throws InvalidContentError with words when the network refuses it. Absent
   * where the network has no such sign-in.
   */
  connectWithPassword?(input: { server?: string; identifier: string; password: string }): Promise<TokenSet>;
  /** Throws TokenExpiredError when the platform refuses the refresh (the user must reconnect). */
  refreshTokens(tokens: TokenSet): Promise<TokenSet>;
  /** The accounts these tokens may post as; more than one for a Facebook user with several Pages. */
  listAccounts(tokens: TokenSet): Promise<ExternalAccount[]>;
  /** Revokes at the platform where its API allows; resolves quietly where it does not. */
  revoke(tokens: TokenSet): Promise<void>;
  /**
   * Publishes text with 0..n images. Throws our error kinds: RateLimitedError, TokenExpiredError,
   * InvalidContentError, TransientPlatformError (nothing was created: safe to retry),
   * UnknownOutcomeError (sent, no answer: never retried blindly), SocialPlatformError (anything else).
   */
  publish(tokens: TokenSet, input: PublishInput): Promise<PublishedPost>;
  /**
   * Posts a reply under a published post: a first comment, or the next post of an X thread (with
   * up to 4 media). Throws the same error kinds as `publish`. Absent where the network has no
   * comments API for us.
   */
  publishReply?(tokens: TokenSet, input: ReplyInput): Promise<PublishedPost>;
  /**
   * Lifetime metrics of the account's posts, mapped to our names (contracts/analytics.ts): a
   * metric the platform does not report, or has no data for yet (Instagram's empty set while its
   * data lags), is null, never 0. Ids the platform no longer knows (deleted) are in `missing`.
   * Throws our error kinds: RateLimitedError (with resetAt when known), TokenExpiredError, ...
   */
  readPostMetrics(
    tokens: TokenSet,
    input: {
      account: MetricsAccount;
      externalIds: string[];
      /** Those of `externalIds` that are Reels (their plays are their views, where the platform says so). */
      reels?: string[];
    },
  ): Promise<{ metrics: PostMetricsReading[]; missing: string[] }>;
  /** The account's follower count now; null when the platform does not report it to us. */
  readFollowers(tokens: TokenSet, account: MetricsAccount): Promise<number | null>;
  /**
   * What TikTok lets this creator post now (privacy options, interactions, longest video), asked
   * before each post and by the composer (TikTok); absent elsewhere.
   */
  readCreatorInfo?(tokens: TokenSet): Promise<TikTokCreatorInfo>;
  /**
   * The platform app's daily quota as Kitepost spent it today (YouTube's units); absent where the
   * network counts none for us.
   */
  dailyQuota?(): Promise<{ unitsUsed: number; unitsLimit: number; uploadsLeft: number; resetsAt: Date }>;
  /** The boards a Pin may be saved to (Pinterest); absent where the network has none. */
  listBoards?(tokens: TokenSet): Promise<PinterestBoard[]>;
  /** Makes a board (Pinterest); throws InvalidContentError with words when refused. */
  createBoard?(tokens: TokenSet, board: { name: string; description?: string }): Promise<PinterestBoard>;
  /**
   * After an unknown outcome: asks the platform whether the post exists. Returns it when found,
   * null when the platform's answer proves it was not created. Absent when the platform's API
   * cannot tell (the post then fails with 'outcome unknown').
   */
  findPublished?(
    tokens: TokenSet,
    input: { account: PublishInput['account']; text: string; since: Date; hint?: Record<string, string> },
  ): Promise<PublishedPost | null>;
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
/**
 * The request may or may not have taken effect (timeout after sending, 500/504): never retried
 * blindly. `hint` carries what reconciliation needs (e.g. Instagram's container id).
 */
export class UnknownOutcomeError extends SocialPlatformError {
  override name = 'UnknownOutcomeError';
  constructor(
    platform: PublishingPlatform,
    message: string,
    readonly hint?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(platform, message, options);
  }
}
/**
 * Proven that nothing was created: the request never left (connection refused, unknown host) or
 * the platform answered 502/503 before processing it. Safe to retry with backoff.
 */
export class TransientPlatformError extends SocialPlatformError {
  override name = 'TransientPlatformError';
  constructor(
    platform: PublishingPlatform,
    message: string,
    readonly kind: 'network' | 'server_error',
    options?: { cause?: unknown },
  ) {
    super(platform, message, options);
  }
}
