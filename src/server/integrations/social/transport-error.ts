import type { PublishingPlatform } from '../../../contracts/platforms';
import { type SocialPlatformError, TransientPlatformError, UnknownOutcomeError } from './social-provider';

/** How a call to a platform failed without an answer. */
export type TransportFailure = 'timeout' | 'not-sent' | 'dropped';

/**
 * A call that got no answer. Not sent (connection refused, unknown host): nothing happened.
 * Timed out or dropped after sending: a call that creates something may have done so and must
 * not be blindly repeated (UnknownOutcomeError); a `repeatable` one (a read, an upload nobody
 * sees, a delete) may be retried.
 */
export function transportError(
  platform: PublishingPlatform,
  name: string,
  input: { repeatable: boolean; failure: TransportFailure; timeoutMs: number; cause?: unknown },
): SocialPlatformError {
  const { failure, cause } = input;
  if (failure === 'not-sent') {
    return new TransientPlatformError(
      platform,
      `${name} could not be reached; nothing was sent.`,
      'network',
      {
        cause,
      },
    );
  }
  const what =
    failure === 'timeout'
      ? `${name} did not answer within ${Math.round(input.timeoutMs / 1000)} s`
      : `The connection to ${name} broke before it answered`;
  if (input.repeatable) return new TransientPlatformError(platform, `${what}.`, 'network', { cause });
  return new UnknownOutcomeError(platform, `${what}; it may or may not have done it.`, undefined, { cause });
}
