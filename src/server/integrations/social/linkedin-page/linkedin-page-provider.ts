import { notBuiltProvider } from '../not-built-provider';
import type { PlatformAppOptions, SocialProvider } from '../social-provider';

/** The LinkedInPage adapter (issue 27). */
export function createLinkedInPageProvider(options: PlatformAppOptions): SocialProvider {
  return notBuiltProvider('linkedin_page', options);
}
