import type { PublishingPlatform } from '../../../contracts/platforms';
import { type PlatformAppOptions, SocialPlatformError, type SocialProvider } from './social-provider';

/** Issue 28 scaffolding: the adapter of a network being built; every call says so. Removed when all are built. */
export function notBuiltProvider(platform: PublishingPlatform, options: PlatformAppOptions): SocialProvider {
  const refuse = async (): Promise<never> => {
    throw new SocialPlatformError(platform, `${platform} is not built yet`);
  };
  return {
    platform,
    sandbox: options.sandbox,
    usesPkce: false,
    authorizeUrl: () => {
      throw new SocialPlatformError(platform, `${platform} is not built yet`);
    },
    exchangeCode: refuse,
    refreshTokens: refuse,
    listAccounts: refuse,
    revoke: refuse,
    publish: refuse,
    readPostMetrics: refuse,
    readFollowers: refuse,
  };
}
