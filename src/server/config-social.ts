import { z } from 'zod';
import type { PublishingPlatform } from '../contracts/platforms';
import type { ParsedEnv } from './config';
import { emptyToUndefined, optionalString, optionalUrl, trueOrFalse } from './config-values';
import { INSTAGRAM_DEFAULT_GRAPH_VERSION } from './integrations/social/instagram/graph-version';
import {
  DEFAULT_LINKEDIN_API_VERSION,
  LINKEDIN_API_VERSION_PATTERN,
} from './integrations/social/linkedin/api-version';

/** The social platforms' environment variables (config.ts's schema spreads them in). */
export const socialEnvShape = {
  X_CLIENT_ID: optionalString,
  X_CLIENT_SECRET: optionalString,
  X_AUTHORIZE_URL: optionalUrl,
  X_API_BASE_URL: optionalUrl,
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  LINKEDIN_AUTHORIZE_URL: optionalUrl,
  LINKEDIN_TOKEN_URL: optionalUrl,
  LINKEDIN_API_BASE_URL: optionalUrl,
  /** A second LinkedIn app with the Community Management API, for company Pages (issue 27). */
  LINKEDIN_PAGES_CLIENT_ID: optionalString,
  LINKEDIN_PAGES_CLIENT_SECRET: optionalString,
  THREADS_APP_ID: optionalString,
  THREADS_APP_SECRET: optionalString,
  THREADS_AUTHORIZE_URL: optionalUrl,
  THREADS_API_BASE_URL: optionalUrl,
  PINTEREST_APP_ID: optionalString,
  PINTEREST_APP_SECRET: optionalString,
  PINTEREST_AUTHORIZE_URL: optionalUrl,
  PINTEREST_API_BASE_URL: optionalUrl,
  /** Issue 28. A Google Cloud project's OAuth client with the YouTube Data API v3 enabled. */
  YOUTUBE_CLIENT_ID: optionalString,
  YOUTUBE_CLIENT_SECRET: optionalString,
  /** The project's YouTube Data API daily quota in units (10,000 unless Google granted more). */
  YOUTUBE_DAILY_QUOTA: z.coerce.number().int().positive().default(10_000),
  TIKTOK_CLIENT_KEY: optionalString,
  TIKTOK_CLIENT_SECRET: optionalString,
  /**
   * 'true' once TikTok has audited the app for the Content Posting API's direct post: until then
   * every post is private to its creator (SELF_ONLY), and the composer says so.
   */
  TIKTOK_APP_AUDITED: trueOrFalse(),
  /** A Google Cloud project's OAuth client approved for the Business Profile APIs. */
  GOOGLE_BUSINESS_CLIENT_ID: optionalString,
  GOOGLE_BUSINESS_CLIENT_SECRET: optionalString,
  /** 'true': Mastodon sign-ins go to the real instance the user names; else the simulator is every instance. */
  MASTODON_LIVE: trueOrFalse(),
  /** 'true': Bluesky sign-ins go to the real network; else the simulator is every PDS. */
  BLUESKY_LIVE: trueOrFalse(),
  /**
   * Removed (decision 042): asking for r_member_postAnalytics next to Sign In and Share made
   * LinkedIn refuse every connection. 'true' is refused at start so that nobody believes it works.
   */
  LINKEDIN_ANALYTICS: z.preprocess(
    emptyToUndefined,
    z
      .literal('false', {
        error:
          'was removed: LinkedIn refuses the whole authorization when r_member_postAnalytics (Community Management API) is asked for next to Sign In and Share on LinkedIn, which cannot share an app with it (docs/decisions/042). Unset it.',
      })
      .optional(),
  ),
  LINKEDIN_API_VERSION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(LINKEDIN_API_VERSION_PATTERN, 'must be a LinkedIn version, YYYYMM (e.g. 202610)')
      .default(DEFAULT_LINKEDIN_API_VERSION),
  ),
  FACEBOOK_APP_ID: optionalString,
  FACEBOOK_APP_SECRET: optionalString,
  FACEBOOK_AUTHORIZE_URL: optionalUrl,
  FACEBOOK_GRAPH_BASE_URL: optionalUrl,
  INSTAGRAM_APP_ID: optionalString,
  INSTAGRAM_APP_SECRET: optionalString,
  INSTAGRAM_AUTHORIZE_URL: optionalUrl,
  INSTAGRAM_TOKEN_URL: optionalUrl,
  INSTAGRAM_GRAPH_BASE_URL: optionalUrl,
  /** The Graph API version of every Instagram call (`vNN.N`); Meta keeps a version about two years. */
  INSTAGRAM_GRAPH_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d$/, 'a Graph API version such as v25.0')
    .default(INSTAGRAM_DEFAULT_GRAPH_VERSION),
};

/** An app's id and secret come together or not at all. */
export const socialCredentialPairs = [
  ['X_CLIENT_ID', 'X_CLIENT_SECRET'],
  ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
  ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'],
  ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'],
  ['LINKEDIN_PAGES_CLIENT_ID', 'LINKEDIN_PAGES_CLIENT_SECRET'],
  ['THREADS_APP_ID', 'THREADS_APP_SECRET'],
  ['PINTEREST_APP_ID', 'PINTEREST_APP_SECRET'],
  ['YOUTUBE_CLIENT_ID', 'YOUTUBE_CLIENT_SECRET'],
  ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
  ['GOOGLE_BUSINESS_CLIENT_ID', 'GOOGLE_BUSINESS_CLIENT_SECRET'],
] as const;

/** Each social platform's app (config.ts reads the environment; this builds the platforms' part). */
export interface SocialPlatformConfig {
  clientId: string;
  clientSecret: string;
  /** Where users are sent to authorize Kitepost. */
  authorizeUrl: string;
  /** The token endpoint, where it is not under `apiBaseUrl` (LinkedIn, Facebook, Instagram). */
  tokenUrl?: string;
  /** The platform's API origin (token, profile, publish). */
  apiBaseUrl: string;
  /** Instagram: the Graph API version every call names (INSTAGRAM_GRAPH_VERSION). */
  graphVersion?: string;
}

/** The Graph API version Facebook calls are pinned to (versions live about two years). */
const GRAPH_VERSION = 'v23.0';

function platformConfig(
  clientId: string | undefined,
  clientSecret: string | undefined,
  urls: {
    authorizeUrl: string;
    tokenUrl?: string;
    apiBaseUrl: string;
    graphVersion?: string;
  },
): SocialPlatformConfig | undefined {
  if (!clientId || !clientSecret) return undefined;
  const trim = (url: string) => url.replace(/\/$/, '');
  return {
    clientId,
    clientSecret,
    authorizeUrl: urls.authorizeUrl,
    ...(urls.tokenUrl ? { tokenUrl: trim(urls.tokenUrl) } : {}),
    apiBaseUrl: trim(urls.apiBaseUrl),
    ...(urls.graphVersion ? { graphVersion: urls.graphVersion } : {}),
  };
}

/** A network of many servers in live mode: no app of ours; each account names its server. */
const manyServers: SocialPlatformConfig = {
  clientId: '',
  clientSecret: '',
  authorizeUrl: '',
  apiBaseUrl: '',
};

/** The platforms with credentials; a platform without them is served by the simulator. */
export function socialConfigFrom(e: ParsedEnv): Record<PublishingPlatform, SocialPlatformConfig | undefined> {
  return {
    twitter: platformConfig(e.X_CLIENT_ID, e.X_CLIENT_SECRET, {
      authorizeUrl: e.X_AUTHORIZE_URL ?? 'https://x.com/i/oauth2/authorize',
      apiBaseUrl: e.X_API_BASE_URL ?? 'https://api.x.com',
    }),
    linkedin: platformConfig(e.LINKEDIN_CLIENT_ID, e.LINKEDIN_CLIENT_SECRET, {
      authorizeUrl: e.LINKEDIN_AUTHORIZE_URL ?? 'https://www.linkedin.com/oauth/v2/authorization',
      tokenUrl: e.LINKEDIN_TOKEN_URL ?? 'https://www.linkedin.com/oauth/v2/accessToken',
      apiBaseUrl: e.LINKEDIN_API_BASE_URL ?? 'https://api.linkedin.com',
    }),
    facebook: platformConfig(e.FACEBOOK_APP_ID, e.FACEBOOK_APP_SECRET, {
      authorizeUrl: e.FACEBOOK_AUTHORIZE_URL ?? `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
      apiBaseUrl: e.FACEBOOK_GRAPH_BASE_URL ?? `https://graph.facebook.com/${GRAPH_VERSION}`,
    }),
    instagram: platformConfig(e.INSTAGRAM_APP_ID, e.INSTAGRAM_APP_SECRET, {
      authorizeUrl: e.INSTAGRAM_AUTHORIZE_URL ?? 'https://www.instagram.com/oauth/authorize',
      tokenUrl: e.INSTAGRAM_TOKEN_URL ?? 'https://api.instagram.com/oauth/access_token',
      apiBaseUrl: e.INSTAGRAM_GRAPH_BASE_URL ?? 'https://graph.instagram.com',
      graphVersion: e.INSTAGRAM_GRAPH_VERSION,
    }),
    // Company Pages need the Community Management API, which LinkedIn keeps on an app of its own
    // (platforms.md, audit 2026-11): the same endpoints, a second app.
    linkedin_page: platformConfig(e.LINKEDIN_PAGES_CLIENT_ID, e.LINKEDIN_PAGES_CLIENT_SECRET, {
      authorizeUrl: e.LINKEDIN_AUTHORIZE_URL ?? 'https://www.linkedin.com/oauth/v2/authorization',
      tokenUrl: e.LINKEDIN_TOKEN_URL ?? 'https://www.linkedin.com/oauth/v2/accessToken',
      apiBaseUrl: e.LINKEDIN_API_BASE_URL ?? 'https://api.linkedin.com',
    }),
    threads: platformConfig(e.THREADS_APP_ID, e.THREADS_APP_SECRET, {
      authorizeUrl: e.THREADS_AUTHORIZE_URL ?? 'https://threads.net/oauth/authorize',
      apiBaseUrl: e.THREADS_API_BASE_URL ?? 'https://graph.threads.net',
    }),
    pinterest: platformConfig(e.PINTEREST_APP_ID, e.PINTEREST_APP_SECRET, {
      authorizeUrl: e.PINTEREST_AUTHORIZE_URL ?? 'https://www.pinterest.com/oauth/',
      apiBaseUrl: e.PINTEREST_API_BASE_URL ?? 'https://api.pinterest.com',
    }),
    // Networks of many servers have no app of ours to configure: Mastodon registers one on each
    // instance at first use (oauth_clients); Bluesky's OAuth client id is our metadata document's
    // URL. Their adapters find the server from what the user types.
    // Issue 28. YouTube and Google Business Profile sign in with Google's OAuth; each needs its own
    // project (Business Profile's APIs are granted to a project only after Google approves it).
    youtube: platformConfig(e.YOUTUBE_CLIENT_ID, e.YOUTUBE_CLIENT_SECRET, {
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      apiBaseUrl: 'https://www.googleapis.com',
    }),
    tiktok: platformConfig(e.TIKTOK_CLIENT_KEY, e.TIKTOK_CLIENT_SECRET, {
      authorizeUrl: 'https://www.tiktok.com/v2/auth/authorize/',
      apiBaseUrl: 'https://open.tiktokapis.com',
    }),
    google_business: platformConfig(e.GOOGLE_BUSINESS_CLIENT_ID, e.GOOGLE_BUSINESS_CLIENT_SECRET, {
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      apiBaseUrl: 'https://mybusiness.googleapis.com',
    }),
    mastodon: e.MASTODON_LIVE ? manyServers : undefined,
    bluesky: e.BLUESKY_LIVE ? manyServers : undefined,
  };
}
