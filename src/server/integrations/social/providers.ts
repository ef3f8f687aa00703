import type { FastifyInstance } from 'fastify';
import { type PublishingPlatform, publishingPlatforms } from '../../../contracts/platforms';
import type { Config } from '../../config';
import { injectFetch } from '../../lib/inject-fetch';
import { createBlueskyProvider } from './bluesky/bluesky-provider';
import { createFacebookProvider } from './facebook/facebook-provider';
import { createGoogleBusinessProvider } from './google-business/google-business-provider';
import { createInstagramProvider } from './instagram/instagram-provider';
import { createLinkedInProvider } from './linkedin/linkedin-provider';
import { createLinkedInPageProvider } from './linkedin-page/linkedin-page-provider';
import { createMastodonProvider } from './mastodon/mastodon-provider';
import type { OAuthClientStore } from './oauth-client-store';
import { createPinterestProvider } from './pinterest/pinterest-provider';
import type { PlatformQuotaStore } from './platform-quota-store';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from './simulator';
import type { SocialProvider } from './social-provider';
import { createThreadsProvider } from './threads/threads-provider';
import { createTikTokProvider } from './tiktok/tiktok-provider';
import { createXProvider } from './x/x-provider';
import { createYouTubeProvider } from './youtube/youtube-provider';

export type SocialProviders = Record<PublishingPlatform, SocialProvider | undefined>;

/** What every adapter is built from: the platform's (or the simulator's) app and endpoints. */
interface AdapterOptions {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl?: string;
  apiBaseUrl: string;
  sandbox: boolean;
  fetch?: typeof fetch;
  /** LinkedIn only: `LinkedIn-Version` (LINKEDIN_API_VERSION). */
  apiVersion?: string;
  /** Instagram only: the Graph API version its calls name (INSTAGRAM_GRAPH_VERSION). */
  graphVersion?: string;
  /** Networks of many servers (Mastodon): where the app registered on each server is kept. */
  clients: OAuthClientStore;
  /** This app's public origin (APP_URL): the website a Mastodon app registration names. */
  appUrl: string;
  /** What the platform's app was granted (YouTube's daily quota, TikTok's audit). */
  platformApps: Config['platformApps'];
  /** Where a platform app's daily quota is counted (YouTube's units). */
  quotas: PlatformQuotaStore;
}

/** One factory per platform: the Record type makes the list exhaustive. */
const adapterFactories: Record<PublishingPlatform, (options: AdapterOptions) => SocialProvider> = {
  twitter: createXProvider,
  linkedin: createLinkedInProvider,
  facebook: createFacebookProvider,
  instagram: createInstagramProvider,
  bluesky: createBlueskyProvider,
  mastodon: createMastodonProvider,
  threads: createThreadsProvider,
  pinterest: createPinterestProvider,
  linkedin_page: createLinkedInPageProvider,
  youtube: createYouTubeProvider,
  tiktok: createTikTokProvider,
  google_business: createGoogleBusinessProvider,
};

/**
 * The adapter of each platform: the real one with the platform's credentials when they are
 * configured, else the same adapter pointed at the built-in platform simulator (architecture §1:
 * one code path), reached in-process (decision 013), or at SANDBOX_API_ORIGIN.
 */
export function createSocialProviders(
  config: Config,
  app: FastifyInstance,
  stores: { clients: OAuthClientStore; quotas: PlatformQuotaStore },
): SocialProviders {
  const inProcess = injectFetch(app);
  const shared = { ...stores, appUrl: config.appUrl, platformApps: config.platformApps };
  const providerFor = (platform: PublishingPlatform): SocialProvider => {
    const create = adapterFactories[platform];
    const real = config.social[platform];
    const linkedIn = platform === 'linkedin' || platform === 'linkedin_page';
    const extra = { ...shared, ...(linkedIn ? { apiVersion: config.linkedInApiVersion } : {}) };
    if (real) return create({ ...real, ...extra, sandbox: false });
    // The consent page stays this app's; API and token calls may go to another process's
    // simulator over HTTP (SANDBOX_API_ORIGIN: the publishing bench's remote platform).
    const remote = config.simulator.apiOrigin && simulatorEndpoints(config.simulator.apiOrigin, platform);
    const simulated = create({
      ...SIMULATOR_CREDENTIALS,
      ...simulatorEndpoints(config.appUrl, platform),
      ...(remote
        ? { apiBaseUrl: remote.apiBaseUrl, ...(remote.tokenUrl ? { tokenUrl: remote.tokenUrl } : {}) }
        : {}),
      ...extra,
      sandbox: true,
      fetch: remote ? fetch : inProcess,
    });
    return withAuthorizeOrigin(simulated, config.appUrl, config.simulator.authorizeOrigin);
  };
  return Object.fromEntries(
    publishingPlatforms.map((platform) => [platform, providerFor(platform)]),
  ) as SocialProviders;
}

/**
 * The simulator's consent page reached at another origin (SANDBOX_AUTHORIZE_ORIGIN, a proxy to this
 * app): only the browser's way in changes; the adapter's API calls and post links stay as they are.
 */
function withAuthorizeOrigin(provider: SocialProvider, appUrl: string, origin: string): SocialProvider {
  if (origin === appUrl) return provider;
  const moved = (url: string) => (url.startsWith(appUrl) ? `${origin}${url.slice(appUrl.length)}` : url);
  return {
    ...provider,
    authorizeUrl: (request) => moved(provider.authorizeUrl(request)),
    ...(provider.startAuthorization
      ? {
          startAuthorization: async (request) => {
            const start = await (
              provider.startAuthorization as NonNullable<SocialProvider['startAuthorization']>
            )(request);
            return { ...start, url: moved(start.url) };
          },
        }
      : {}),
  };
}
