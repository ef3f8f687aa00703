import type { PublishingPlatform } from '../../../../contracts/platforms';
import { type SocialPlatformError, TransientPlatformError, UnknownOutcomeError } from '../social-provider';

/** How a call to a platform failed without an answer. */
export type TransportFailure = 'timeout' | 'not-sent' | 'dropped';

/** An answer the platform refused (or a status the call did not accept), as it came. */
export interface RefusedAnswer<Operation extends string> {
  operation: Operation;
  status: number;
  headers: { get(name: string): string | null };
  body: unknown;
  now: Date;
}

/** What one platform's adapter tells the shared client about its errors (each `transform.ts`). */
export interface PlatformErrors<Operation extends string> {
  platform: PublishingPlatform;
  /** The platform's name as people read it in a failure reason: "X", "LinkedIn". */
  name: string;
  /**
   * What a call was doing decides what a lost answer means: these change nothing, or change it
   * the same way twice (a read, an upload nobody sees, a delete), so they may be repeated.
   */
  repeatable: ReadonlySet<Operation>;
  /** A refused answer as our error kind, read the platform's way. */
  fromAnswer(answer: RefusedAnswer<Operation>): SocialPlatformError;
}

/**
 * A call that got no answer. Not sent (connection refused, unknown host): nothing happened.
 * Timed out or dropped after sending: a call that creates something may have done so and must
 * not be blindly repeated (UnknownOutcomeError); a repeatable one may be retried.
 */
export function transportError<Operation extends string>(
  errors: Pick<PlatformErrors<Operation>, 'platform' | 'name' | 'repeatable'>,
  input: { operation: Operation; failure: TransportFailure; timeoutMs: number; cause?: unknown },
): SocialPlatformError {
  const { platform, name } = errors;
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
  if (errors.repeatable.has(input.operation)) {
    return new TransientPlatformError(platform, `${what}.`, 'network', { cause });
  }
  return new UnknownOutcomeError(platform, `${what}; it may or may not have done it.`, undefined, { cause });
}

/**
 * A 5xx answer as our error kind. 502/503: the platform's front door answered before the call
 * reached the service; nothing happened. 500/504: the service may have done it before failing: a
 * publish may have published; a repeatable call repeats. Undefined for any other status, and for a
 * 500/504 to a call that is neither: the platform's own reading decides.
 */
export function serverErrorOf<Operation extends string>(
  errors: Pick<PlatformErrors<Operation>, 'platform' | 'name' | 'repeatable'>,
  input: {
    operation: Operation;
    status: number;
    reason: string;
    /** The platform's error codes, as the reason's prefix shows them: " (code 2/2207001)". */
    codes?: string;
    /** What a publish that may have worked left behind. */
    mayExist?: string;
  },
): SocialPlatformError | undefined {
  const { platform, name } = errors;
  const { operation, status, reason, codes = '', mayExist = 'the post may or may not exist' } = input;
  const answered = `${name} answered ${status}${codes}`;
  if (status === 502 || status === 503) {
    return new TransientPlatformError(platform, `${answered}: ${reason}`, 'server_error');
  }
  if (status === 500 || status === 504) {
    if (operation === 'publish')
      return new UnknownOutcomeError(platform, `${answered}; ${mayExist}: ${reason}`);
    if (errors.repeatable.has(operation)) {
      return new TransientPlatformError(platform, `${answered}: ${reason}`, 'server_error');
    }
  }
  return undefined;
}
