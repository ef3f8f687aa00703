import { describe, expect, it } from 'vitest';
import { publishingMessages } from '../../../contracts/publishing';
import {
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../../integrations/social/social-provider';
import { StorageUnavailableError } from '../../integrations/storage/media-storage';
import { BACKOFF_BASE_MS, backoffMs, decideAfterError, hoursOf, MAX_ATTEMPTS } from './publish-rules';

const now = new Date('2026-12-01T10:00:00Z');
const facts = (attemptNumber = 1) => ({
  attemptNumber,
  now,
  scheduledAt: now,
  missedAfterMs: 6 * 3_600_000,
  platformLabel: 'X (Twitter)',
});

describe('what a failed publish attempt leads to', () => {
  it('backs off 30 s, 2 min, 8 min, 32 min', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 120_000, 480_000, 1_920_000]);
  });

  it('waits out a rate limit until its reset, or backs off when the reset is unknown or past', () => {
    const resetAt = new Date(now.getTime() + 15 * 60_000);
    expect(decideAfterError(new RateLimitedError('twitter', 'slow down', resetAt), facts())).toEqual({
      kind: 'retry',
      at: resetAt,
      errorKind: 'rate_limited',
      message: 'slow down',
    });
    const unknownReset = decideAfterError(new RateLimitedError('twitter', 'slow down', null), facts(2));
    expect(unknownReset).toMatchObject({ kind: 'retry', at: new Date(now.getTime() + 4 * BACKOFF_BASE_MS) });
  });

  it('retries a 5xx before a response and a network failure, until attempts run out', () => {
    const outage = new TransientPlatformError('twitter', 'Service Unavailable', 'server_error');
    expect(decideAfterError(outage, facts())).toMatchObject({ kind: 'retry', errorKind: 'server_error' });
    const network = new TransientPlatformError('twitter', 'ECONNREFUSED', 'network');
    expect(decideAfterError(network, facts(3))).toMatchObject({ kind: 'retry', errorKind: 'network' });
    expect(decideAfterError(outage, facts(MAX_ATTEMPTS))).toEqual({
      kind: 'fail',
      errorKind: 'server_error',
      message: 'Service Unavailable',
      reason: publishingMessages.gaveUp(MAX_ATTEMPTS, 'Service Unavailable'),
      needsReauth: false,
    });
  });

  it('retries when our own media storage fails to give an image: nothing reached the platform', () => {
    const storage = new StorageUnavailableError('The S3 endpoint does not answer (ECONNREFUSED).');
    expect(decideAfterError(storage, facts())).toEqual({
      kind: 'retry',
      at: new Date(now.getTime() + BACKOFF_BASE_MS),
      errorKind: 'network',
      message: 'Media storage: The S3 endpoint does not answer (ECONNREFUSED).',
    });
    expect(decideAfterError(storage, facts(MAX_ATTEMPTS))).toMatchObject({
      kind: 'fail',
      errorKind: 'network',
    });
  });

  it('never retries past the missed threshold: a reset a day away fails the post instead', () => {
    const tomorrow = new Date(now.getTime() + 24 * 3_600_000);
    expect(decideAfterError(new RateLimitedError('twitter', 'daily cap.', tomorrow), facts())).toMatchObject({
      kind: 'fail',
      errorKind: 'rate_limited',
      reason: publishingMessages.limitedPastWindow('daily cap.', 6),
    });
  });

  it('fails for good on a revoked token (needs the user), refused content, or another platform error', () => {
    expect(decideAfterError(new TokenExpiredError('twitter', 'Unauthorized'), facts())).toEqual({
      kind: 'fail',
      errorKind: 'token_expired',
      message: 'Unauthorized',
      reason: publishingMessages.needsReauth('X (Twitter)'),
      needsReauth: true,
    });
    expect(decideAfterError(new InvalidContentError('twitter', 'Too long'), facts())).toMatchObject({
      kind: 'fail',
      errorKind: 'invalid_content',
      reason: 'Too long',
    });
    expect(decideAfterError(new SocialPlatformError('twitter', 'Forbidden'), facts())).toMatchObject({
      kind: 'fail',
      errorKind: 'platform_error',
    });
  });

  it('reconciles an unknown outcome, and anything that is not one of our errors', () => {
    const lost = new UnknownOutcomeError('instagram', 'timeout', { containerId: '42' });
    expect(decideAfterError(lost, facts())).toEqual({
      kind: 'reconcile',
      errorKind: 'unknown_outcome',
      message: 'timeout',
      hint: { containerId: '42' },
    });
    expect(decideAfterError(new TypeError('x is undefined'), facts())).toMatchObject({ kind: 'reconcile' });
  });

  it('writes hours the way the missed message reads them', () => {
    expect(hoursOf(6 * 3_600_000)).toBe(6);
    expect(hoursOf(1_800_000)).toBe(0.5);
  });
});
