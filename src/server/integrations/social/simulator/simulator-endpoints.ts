import type { PublishingPlatform } from '../../../../contracts/platforms';

/**
 * The app registration every pretend platform knows: Kitepost's adapters use it when a platform has
 * no real credentials. Not a secret: a sandbox token is worth nothing outside the simulator.
 */
export const SIMULATOR_CREDENTIALS = {
  clientId: 'kitepost-sandbox',
  clientSecret: 'kitepost-sandbox-client-secret',
} as const;

/** Where each pretend platform lives under the app (its paths mirror the real platform's). */
const simulatorPaths: Partial<
  Record<PublishingPlatform, { authorize: string; api: string; token?: string }>
> = {
  twitter: { authorize: '/sandbox/twitter/i/oauth2/authorize', api: '/sandbox/twitter/api' },
  linkedin: {
    authorize: '/sandbox/linkedin/oauth/v2/authorization',
    token: '/sandbox/linkedin/oauth/v2/accessToken',
    api: '/sandbox/linkedin/api',
  },
  facebook: { authorize: '/sandbox/facebook/v23.0/dialog/oauth', api: '/sandbox/facebook/graph/v23.0' },
  instagram: {
    authorize: '/sandbox/instagram/oauth/authorize',
    token: '/sandbox/instagram/api/oauth/access_token',
    api: '/sandbox/instagram/graph',
  },
  // Issue 27. The many-server networks' adapters find their server from what the user types; the
  // simulator answers for every server under these paths.
  bluesky: { authorize: '/sandbox/bluesky/oauth/authorize', api: '/sandbox/bluesky' },
  mastodon: { authorize: '/sandbox/mastodon/oauth/authorize', api: '/sandbox/mastodon' },
  threads: { authorize: '/sandbox/threads/oauth/authorize', api: '/sandbox/threads/graph' },
  pinterest: { authorize: '/sandbox/pinterest/oauth/', api: '/sandbox/pinterest/api' },
  linkedin_page: {
    authorize: '/sandbox/linkedin-pages/oauth/v2/authorization',
    token: '/sandbox/linkedin-pages/oauth/v2/accessToken',
    api: '/sandbox/linkedin-pages/api',
  },
  // Issue 28. YouTube and Google Business Profile sign in with Google's OAuth (google-oauth-simulator.ts).
  youtube: {
    authorize: '/sandbox/youtube/o/oauth2/v2/auth',
    token: '/sandbox/youtube/oauth2/token',
    api: '/sandbox/youtube/api',
  },
  tiktok: { authorize: '/sandbox/tiktok/v2/auth/authorize/', api: '/sandbox/tiktok/api' },
  google_business: {
    authorize: '/sandbox/google-business/o/oauth2/v2/auth',
    token: '/sandbox/google-business/oauth2/token',
    api: '/sandbox/google-business/api',
  },
};

export const simulatedPlatforms = Object.keys(simulatorPaths) as PublishingPlatform[];

/** The URLs a real adapter is configured with to talk to the simulator instead of the platform. */
export function simulatorEndpoints(
  appUrl: string,
  platform: PublishingPlatform,
): { authorizeUrl: string; apiBaseUrl: string; tokenUrl?: string } {
  const paths = simulatorPaths[platform];
  if (!paths) throw new Error(`The platform simulator does not serve ${platform} yet`);
  const origin = appUrl.replace(/\/$/, '');
  return {
    authorizeUrl: `${origin}${paths.authorize}`,
    apiBaseUrl: `${origin}${paths.api}`,
    ...(paths.token ? { tokenUrl: `${origin}${paths.token}` } : {}),
  };
}
