import { notBuiltProvider } from '../not-built-provider';
import type { PlatformAppOptions, SocialProvider } from '../social-provider';

/** The YouTube adapter (issue 28). */
export function createYouTubeProvider(options: PlatformAppOptions): SocialProvider {
  return notBuiltProvider('youtube', options);
}
