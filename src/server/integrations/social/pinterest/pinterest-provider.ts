import { notBuiltProvider } from '../not-built-provider';
import type { PlatformAppOptions, SocialProvider } from '../social-provider';

/** The Pinterest adapter (issue 27). */
export function createPinterestProvider(options: PlatformAppOptions): SocialProvider {
  return notBuiltProvider('pinterest', options);
}
