import type { PublishingPlatform } from '../contracts/platforms';
import type { ParsedEnv } from './config';

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
