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

/**
 * The adapter of each platform: the real one with the platform's credentials when they are
 * configured, else the same adapter pointed at the built-in platform simulator (architecture §1:
 * one code path), reached in-process. undefined: the platform's adapter is not built yet.
 */
export function createSocialProviders(config: Config, app: FastifyInstance): SocialProviders {
  const providerFor = (platform: PublishingPlatform): SocialProvider | undefined => {
    switch (platform) {
      case 'twitter': {
        const real = config.social.twitter;
        return real
          ? createXProvider({ ...real, sandbox: false })
          : createXProvider({
              ...SIMULATOR_CREDENTIALS,
              ...simulatorEndpoints(config.appUrl, 'twitter'),
              sandbox: true,
              fetch: injectFetch(app),
            });
      }
      case 'linkedin': {
        const real = config.social.linkedin;
        return real
          ? createLinkedInProvider({ ...real, sandbox: false })
          : createLinkedInProvider({
              ...SIMULATOR_CREDENTIALS,
              ...simulatorEndpoints(config.appUrl, 'linkedin'),
              sandbox: true,
              fetch: injectFetch(app),
            });
      }
      case 'facebook': {
        const real = config.social.facebook;
        return real
          ? createFacebookProvider({ ...real, sandbox: false })
          : createFacebookProvider({
              ...SIMULATOR_CREDENTIALS,
              ...simulatorEndpoints(config.appUrl, 'facebook'),
              sandbox: true,
              fetch: injectFetch(app),
            });
      }
      case 'instagram': {
        const real = config.social.instagram;
        return real
          ? createInstagramProvider({ ...real, sandbox: false })
          : createInstagramProvider({
              ...SIMULATOR_CREDENTIALS,
              ...simulatorEndpoints(config.appUrl, 'instagram'),
              sandbox: true,
              fetch: injectFetch(app),
            });
      }
      default: {
        const unknown: never = platform;
        throw new Error(`no provider for ${String(unknown)}`);
      }
    }
  };
  return {
    twitter: providerFor('twitter'),
    linkedin: providerFor('linkedin'),
    facebook: providerFor('facebook'),
    instagram: providerFor('instagram'),
  };
}
