import { notBuiltProvider } from '../not-built-provider';
import type { PlatformAppOptions, SocialProvider } from '../social-provider';

/** The GoogleBusiness adapter (issue 28). */
export function createGoogleBusinessProvider(options: PlatformAppOptions): SocialProvider {
  return notBuiltProvider('google_business', options);
}
