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
