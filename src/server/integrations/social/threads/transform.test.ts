import { describe, expect, it } from 'vitest';
import {
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../social-provider';
import {
  containerFailure,
  isPublishCap,
  isSameThreadsPost,
  ThreadsMediaNotFoundError,
  threadsErrorFrom,
  toContainerStatus,
  toExternalAccount,
  toLongLivedTokenSet,
  toPublishingLimit,
  toShortLivedToken,
  toThreadsPage,
} from './transform';

const now = new Date('2026-11-28T12:00:00Z');
const headers = (values: Record<string, string> = {}) => ({ get: (name: string) => values[name] ?? null });
const graph = (error: Record<string, unknown>) => ({
  error: { type: 'OAuthException', fbtrace_id: 'x', ...error },
});
const fail = (
  operation: Parameters<typeof threadsErrorFrom>[0]['operation'],
  status: number,
  body: unknown,
  h = {},
) => threadsErrorFrom({ operation, status, headers: headers(h), body, now });

describe('Threads tokens and profile', () => {
  it('reads the short-lived token (numeric user id) and the 60-day one', () => {
    expect(toShortLivedToken({ access_token: 'THQ', user_id: 123456 })).toEqual({
      accessToken: 'THQ',
      userId: '123456',
    });
    const tokens = toLongLivedTokenSet(
      { access_token: 'THL', token_type: 'bearer', expires_in: 5_184_000 },
      now,
      ['threads_basic'],
    );
    expect(tokens).toEqual({
      accessToken: 'THL',
      refreshToken: null,
      expiresAt: new Date(now.getTime() + 5_184_000_000),
      refreshExpiresAt: null,
      scopes: ['threads_basic'],
    });
    expect(() => toShortLivedToken({ user_id: 1 })).toThrow(SocialPlatformError);
  });

  it('reads the profile; followers come from insights, not the profile', () => {
    expect(
      toExternalAccount({ id: '254', username: 'maple', threads_profile_picture_url: 'https://x/a.jpg' }),
    ).toEqual({
      externalId: '254',
      username: 'maple',
      displayName: 'maple',
      avatarUrl: 'https://x/a.jpg',
      followers: null,
    });
  });
});

describe('Threads containers, quota and posts', () => {
  it('reads a container status and what a failed one means', () => {
    expect(toContainerStatus({ id: '1', status: 'ERROR', error_message: 'INVALID_DURATION' })).toEqual({
      code: 'ERROR',
      detail: 'INVALID_DURATION',
    });
    expect(containerFailure('ERROR', 'INVALID_DURATION').message).toContain('at most 5 minutes');
    expect(containerFailure('ERROR', 'SOMETHING_NEW').message).toContain('SOMETHING_NEW');
    expect(containerFailure('EXPIRED', null)).toBeInstanceOf(InvalidContentError);
  });

  it('reads the publishing quota, with the 24 h window by default', () => {
    expect(
      toPublishingLimit({ data: [{ quota_usage: 4, config: { quota_total: 250, quota_duration: 86400 } }] }),
    ).toEqual({
      used: 4,
      total: 250,
      windowSeconds: 86_400,
    });
    expect(toPublishingLimit({ data: [{}] })).toEqual({ used: 0, total: null, windowSeconds: 86_400 });
  });

  it('reads a page of posts with its cursor, and recognises a post by its text', () => {
    const page = toThreadsPage({
      data: [
        { id: '9', text: 'Hello  there', timestamp: '2026-11-28T10:00:00+0000', permalink: 'https://t/p' },
      ],
      paging: { cursors: { after: 'MQ' }, next: 'https://next' },
    });
    expect(page).toEqual({
      posts: [
        {
          id: '9',
          text: 'Hello  there',
          publishedAt: new Date('2026-11-28T10:00:00Z'),
          permalink: 'https://t/p',
        },
      ],
      after: 'MQ',
    });
    expect(isSameThreadsPost('Hello  there', 'Hello there')).toBe(true);
    expect(isSameThreadsPost('Hello', 'Hello there')).toBe(false);
  });
});

describe('Threads failures as our error kinds', () => {
  it('token, throttling and the publishing cap', () => {
    expect(
      fail('read', 400, graph({ code: 190, error_subcode: 463, message: 'Session has expired' })),
    ).toBeInstanceOf(TokenExpiredError);
    const throttled = fail('read', 400, graph({ code: 4, message: 'Application request limit reached' }), {
      'retry-after': '60',
    });
    expect(throttled).toBeInstanceOf(RateLimitedError);
    expect((throttled as RateLimitedError).resetAt).toEqual(new Date(now.getTime() + 60_000));
    const cap = fail('publish', 400, graph({ code: 9, message: 'Application request limit reached' }));
    expect(isPublishCap(cap)).toBe(true);
    expect((cap as RateLimitedError).resetAt).toEqual(new Date(now.getTime() + 86_400_000));
  });

  it('content refusals, media not ready, missing posts and server errors', () => {
    expect(
      fail(
        'create-container',
        400,
        graph({ code: 100, message: 'Param text must be at most 500 characters long.' }),
      ),
    ).toBeInstanceOf(InvalidContentError);
    expect(
      fail('publish', 400, graph({ code: 9007, error_subcode: 2207027, message: 'not ready' })),
    ).toBeInstanceOf(TransientPlatformError);
    expect(
      fail('read-media', 400, graph({ code: 100, error_subcode: 33, message: 'does not exist' })),
    ).toBeInstanceOf(ThreadsMediaNotFoundError);
    expect(fail('publish', 500, graph({ code: 2, message: 'unexpected' }))).toBeInstanceOf(
      UnknownOutcomeError,
    );
    expect(fail('create-container', 500, graph({ code: 2, message: 'unexpected' }))).toBeInstanceOf(
      TransientPlatformError,
    );
    expect(fail('publish', 503, graph({ code: 2, message: 'unavailable' }))).toBeInstanceOf(
      TransientPlatformError,
    );
    const refused = fail(
      'exchange-code',
      400,
      graph({ code: 100, message: 'Invalid verification code format.' }),
    );
    expect(refused.constructor).toBe(SocialPlatformError);
    expect(refused.message).toContain('refused the authorization');
  });
});
