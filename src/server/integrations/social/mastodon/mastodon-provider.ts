import { notBuiltProvider } from '../not-built-provider';
import type { PlatformAppOptions, SocialProvider } from '../social-provider';

/** The Mastodon adapter (issue 27). */
export function createMastodonProvider(options: PlatformAppOptions): SocialProvider {
  return notBuiltProvider('mastodon', options);
}
