import { notBuiltProvider } from '../not-built-provider';
import type { PlatformAppOptions, SocialProvider } from '../social-provider';

/** The TikTok adapter (issue 28). */
export function createTikTokProvider(options: PlatformAppOptions): SocialProvider {
  return notBuiltProvider('tiktok', options);
}
