import { notBuiltProvider } from '../not-built-provider';
import type { PlatformAppOptions, SocialProvider } from '../social-provider';

/** The Threads adapter (issue 27). */
export function createThreadsProvider(options: PlatformAppOptions): SocialProvider {
  return notBuiltProvider('threads', options);
}
