import type { FastifyInstance } from 'fastify';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { Config } from '../../config';
import { injectFetch } from '../../lib/inject-fetch';
import { createFacebookProvider } from './facebook/facebook-provider';
import { createInstagramProvider } from './instagram/instagram-provider';
import { createLinkedInProvider } from './linkedin/linkedin-provider';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from './simulator';
import type { SocialProvider } from './social-provider';
import { createXProvider } from './x/x-provider';

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
  /** LinkedIn only: also ask for r_member_postAnalytics. */
  analytics?: boolean;
  /** Instagram only: the Graph API version its calls name (INSTAGRAM_GRAPH_VERSION). */
  graphVersion?: string;
}

/** One factory per platform: the Record type makes the list exhaustive. */
const adapterFactories: Record<PublishingPlatform, (options: AdapterOptions) => SocialProvider> = {
  twitter: createXProvider,
  linkedin: createLinkedInProvider,
  facebook: createFacebookProvider,
  instagram: createInstagramProvider,
};

/**
 * The adapter of each platform: the real one with the platform's credentials when they are
 * configured, else the same adapter pointed at the built-in platform simulator (architecture §1:
 * one code path), reached in-process (decision 013).
 */
export function createSocialProviders(config: Config, app: FastifyInstance): SocialProviders {
  const inProcess = injectFetch(app);
  const providerFor = (platform: PublishingPlatform): SocialProvider => {
    const create = adapterFactories[platform];
    const real = config.social[platform];
    return real
      ? create({ ...real, sandbox: false })
      : create({
          ...SIMULATOR_CREDENTIALS,
          ...simulatorEndpoints(config.appUrl, platform),
          sandbox: true,
          fetch: inProcess,
          // The simulator grants LinkedIn's vetted analytics product, so sandbox posts have numbers.
          analytics: true,
        });
  };
  return {
    twitter: providerFor('twitter'),
    linkedin: providerFor('linkedin'),
    facebook: providerFor('facebook'),
    instagram: providerFor('instagram'),
  };
}
