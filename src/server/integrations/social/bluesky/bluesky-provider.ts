import { notBuiltProvider } from '../not-built-provider';
import type { PlatformAppOptions, SocialProvider } from '../social-provider';

/** The Bluesky adapter (issue 27). */
export function createBlueskyProvider(options: PlatformAppOptions): SocialProvider {
  return notBuiltProvider('bluesky', options);
}
