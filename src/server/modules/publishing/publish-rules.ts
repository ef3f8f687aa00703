import { type PublishErrorKind, publishingMessages } from '../../../contracts/publishing';
import {
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../../integrations/social/social-provider';
import { StorageUnavailableError } from '../../integrations/storage/media-storage';

/*
 * What one failed attempt leads to (architecture §5), as pure functions. Only an error that proves
 * nothing was created is retried; an unknown outcome is never retried blindly but reconciled.
 */

/** Attempts a post gets before it fails for good (every retryable error counts). */
export const MAX_ATTEMPTS = 5;
/** The first retry waits this long; each next one four times as long (30 s, 2 min, 8 min, 32 min). */
export const BACKOFF_BASE_MS = 30_000;

/** How long to wait after attempt `attemptNumber` (1-based) failed in a retryable way. */
export function backoffMs(attemptNumber: number): number {
  return BACKOFF_BASE_MS * 4 ** Math.max(0, attemptNumber - 1);
}

export type AfterError =
  /** Nothing was created: back to scheduled, another attempt at `at`. */
  | { kind: 'retry'; at: Date; errorKind: PublishErrorKind; message: string }
  /** The post fails with `reason` (what the user reads); `needsReauth`: the account must reconnect. */
  | { kind: 'fail'; errorKind: PublishErrorKind; message: string; reason: string; needsReauth: boolean }
  /** Sent, no answer: ask the platform whether the post exists. */
  | { kind: 'reconcile'; errorKind: PublishErrorKind; message: string; hint?: Record<string, string> };

/** A decision that needs no further call to the platform. */
export type Verdict = Exclude<AfterError, { kind: 'reconcile' }>;

export interface AttemptFacts {
  /** 1-based number of the attempt that failed. */
  attemptNumber: number;
  now: Date;
  /** When the user wanted the post out. */
  scheduledAt: Date;
  /** A retry may not take the post further than this past `scheduledAt` (the missed threshold). */
  missedAfterMs: number;
  platformLabel: string;
}

/** Decides what an error thrown by `SocialProvider.publish` leads to. */
export function decideAfterError(error: unknown, facts: AttemptFacts): AfterError {
  const message = messageOf(error);
  if (error instanceof RateLimitedError) {
    const reset = error.resetAt && error.resetAt.getTime() > facts.now.getTime() ? error.resetAt : null;
    if (reset && reset.getTime() - facts.scheduledAt.getTime() > facts.missedAfterMs) {
      // The limit lifts after the post's latest time (an X daily cap lifts in up to 24 h): no
      // attempt before then can succeed, so the post fails now, saying why, instead of spending
      // its attempts against the limit.
      const reason = publishingMessages.limitedPastWindow(message, hoursOf(facts.missedAfterMs));
      return { kind: 'fail', errorKind: 'rate_limited', message, reason, needsReauth: false };
    }
    return retryOrGiveUp('rate_limited', message, reset ?? afterBackoff(facts), facts);
  }
  if (error instanceof TransientPlatformError) {
    return retryOrGiveUp(error.kind, message, afterBackoff(facts), facts);
  }
  if (error instanceof TokenExpiredError) {
    return {
      kind: 'fail',
      errorKind: 'token_expired',
      message,
      reason: publishingMessages.needsReauth(facts.platformLabel),
      needsReauth: true,
    };
  }
  if (error instanceof UnknownOutcomeError) {
    return {
      kind: 'reconcile',
      errorKind: 'unknown_outcome',
      message,
      ...(error.hint ? { hint: error.hint } : {}),
    };
  }
  if (error instanceof StorageUnavailableError) {
    // Images are read before the post is sent (toPublishMedia): our storage failing created
    // nothing on the platform, so this is a retry, not an outcome to look for.
    return retryOrGiveUp('network', `Media storage: ${message}`, afterBackoff(facts), facts);
  }
  if (error instanceof InvalidContentError) {
    return { kind: 'fail', errorKind: 'invalid_content', message, reason: message, needsReauth: false };
  }
  if (error instanceof SocialPlatformError) {
    return { kind: 'fail', errorKind: 'platform_error', message, reason: message, needsReauth: false };
  }
  // Not one of ours (a bug, an exception of a library): whether the request left is unknown.
  return { kind: 'reconcile', errorKind: 'unknown_outcome', message };
}

/** A retry after an attempt that proved nothing was created, unless attempts or time ran out. */
export function retryOrGiveUp(
  errorKind: PublishErrorKind,
  message: string,
  at: Date,
  facts: AttemptFacts,
): Verdict {
  const tooLate = at.getTime() - facts.scheduledAt.getTime() > facts.missedAfterMs;
  if (facts.attemptNumber >= MAX_ATTEMPTS || tooLate) {
    const reason = publishingMessages.gaveUp(facts.attemptNumber, message);
    return { kind: 'fail', errorKind, message, reason, needsReauth: false };
  }
  return { kind: 'retry', at, errorKind, message };
}

export function afterBackoff(facts: Pick<AttemptFacts, 'attemptNumber' | 'now'>): Date {
  return new Date(facts.now.getTime() + backoffMs(facts.attemptNumber));
}

export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim() === '' ? 'The platform gave no reason.' : text.slice(0, 1000);
}

/** '6' for 6 h, '0.5' for 30 min: the missed message's hours. */
export function hoursOf(ms: number): number {
  return Number((ms / 3_600_000).toFixed(2));
}
