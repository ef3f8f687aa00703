import { describe, expect, it } from 'vitest';
import { transportError } from '../http/transport-error';
import { throttleResetFrom } from '../meta/graph-errors';
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
  InstagramMediaNotFoundError,
  InstagramMetricUnsupportedError,
  type InstagramOperation,
  instagramErrorFrom,
  instagramErrors,
  isPublishCap,
  toContainerStatus,
  toCreatedId,
  toExternalAccount,
  toLongLivedTokenSet,
  toPermalink,
  toPublishingLimit,
  toShortLivedToken,
} from './transform';

const now = new Date('2026-03-01T12:00:00Z');
const headers = (values: Record<string, string> = {}) => new Headers(values);
const graph = (error: Record<string, unknown>) => ({
  error: { type: 'OAuthException', fbtrace_id: 'AbC', ...error },
});
const fail = (
  operation: InstagramOperation,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
) => instagramErrorFrom({ operation, status, body, headers: headers(extra), now });

describe('tokens', () => {
  it('reads the short-lived token flat, and wrapped in data[] as older docs show', () => {
    expect(
      toShortLivedToken({
        access_token: 'IGQ-short',
        user_id: 17841400000000000,
        permissions: ['instagram_business_basic', 'instagram_business_content_publish'],
      }),
    ).toEqual({
      accessToken: 'IGQ-short',
      userId: '17841400000000000',
      scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
    });
    expect(
      toShortLivedToken({
        data: [
          {
            access_token: 'IGQ-2',
            user_id: '17841400000000001',
            permissions: 'instagram_business_basic,instagram_business_manage_insights',
          },
        ],
      }),
    ).toEqual({
      accessToken: 'IGQ-2',
      userId: '17841400000000001',
      scopes: ['instagram_business_basic', 'instagram_business_manage_insights'],
    });
    expect(() => toShortLivedToken({ data: [] })).toThrow(SocialPlatformError);
  });

  it('turns a long-lived token into a TokenSet without a refresh token', () => {
    expect(
      toLongLivedTokenSet({ access_token: 'IGQ-long', token_type: 'bearer', expires_in: 5_184_000 }, now, [
        'instagram_business_basic',
      ]),
    ).toEqual({
      accessToken: 'IGQ-long',
      refreshToken: null,
      expiresAt: new Date('2026-04-30T12:00:00Z'),
      refreshExpiresAt: null,
      scopes: ['instagram_business_basic'],
    });
    expect(() => toLongLivedTokenSet({ token_type: 'bearer' }, now, [])).toThrow(SocialPlatformError);
  });
});

describe('toExternalAccount', () => {
  it('uses user_id (the professional account id), not the app-scoped id', () => {
    expect(
      toExternalAccount({
        id: '1000000000000001',
        user_id: '17841405822304914',
        username: 'maple_bakery',
        name: 'Maple Bakery',
        profile_picture_url: 'https://scontent.cdninstagram.com/p.jpg',
        followers_count: 1520,
        media_count: 33,
      }),
    ).toEqual({
      externalId: '17841405822304914',
      username: 'maple_bakery',
      displayName: 'Maple Bakery',
      avatarUrl: 'https://scontent.cdninstagram.com/p.jpg',
      followers: 1520,
    });
  });

  it('falls back to the username and to nulls', () => {
    expect(toExternalAccount({ id: '5', username: 'bare', name: '' })).toEqual({
      externalId: '5',
      username: 'bare',
      displayName: 'bare',
      avatarUrl: null,
      followers: null,
    });
    expect(() => toExternalAccount({ username: 'no_id' })).toThrow(SocialPlatformError);
  });
});

describe('publishing', () => {
  it('reads created ids, container states and the permalink', () => {
    expect(toCreatedId({ id: '17889455560051444' }, 'container')).toBe('17889455560051444');
    expect(() => toCreatedId({}, 'container')).toThrow(SocialPlatformError);
    expect(toContainerStatus({ status_code: 'IN_PROGRESS', id: '1' })).toEqual({
      code: 'IN_PROGRESS',
      detail: null,
    });
    expect(toContainerStatus({ status_code: 'ERROR', status: 'Error: bad', id: '1' })).toEqual({
      code: 'ERROR',
      detail: 'Error: bad',
    });
    expect(() => toContainerStatus({ status_code: 'WAITING' })).toThrow(SocialPlatformError);
    expect(toPermalink({ permalink: 'https://www.instagram.com/p/DAbc123/', id: '1' })).toBe(
      'https://www.instagram.com/p/DAbc123/',
    );
    expect(toPermalink({ id: '1' })).toBeNull();
  });

  it('calls an ERROR or EXPIRED container refused content', () => {
    expect(containerFailure('ERROR', 'Error: unsupported')).toBeInstanceOf(InvalidContentError);
    expect(containerFailure('EXPIRED', null).message).toContain('expired');
    // Meta's status carries a subcode, not a reason: the user gets what it means.
    expect(
      containerFailure('ERROR', 'Error: Media upload has failed with error code 2207026').message,
    ).toMatch(/video format is not supported: .*H\.264 or HEVC.*\(2207026\)/);
    expect(
      containerFailure('ERROR', 'Error: Media upload has failed with error code 2207999').message,
    ).toContain('2207999');
  });

  it('reads the publishing quota', () => {
    expect(
      toPublishingLimit({ data: [{ config: { quota_total: 50, quota_duration: 86400 }, quota_usage: 2 }] }),
    ).toEqual({ used: 2, total: 50, windowSeconds: 86400 });
    expect(toPublishingLimit({ data: [{ quota_usage: 0 }] })).toEqual({
      used: 0,
      total: null,
      windowSeconds: 86400,
    });
  });
});

describe('throttleResetFrom', () => {
  it('reads estimated_time_to_regain_access (minutes), then retry-after', () => {
    const usage = JSON.stringify({
      '17841': [{ type: 'instagram', call_count: 100, estimated_time_to_regain_access: 15 }],
    });
    expect(throttleResetFrom(headers({ 'x-business-use-case-usage': usage }), now)).toEqual(
      new Date('2026-03-01T12:15:00Z'),
    );
    expect(throttleResetFrom(headers({ 'retry-after': '30' }), now)).toEqual(
      new Date('2026-03-01T12:00:30Z'),
    );
    expect(throttleResetFrom(headers({ 'x-business-use-case-usage': 'nope' }), now)).toBeNull();
  });
});

describe('instagramErrorFrom', () => {
  it('maps code 190, REVOKED_ACCESS_TOKEN and subcode 33 to TokenExpiredError', () => {
    expect(
      fail(
        'read',
        400,
        graph({
          message: 'Error validating access token: Session has expired',
          code: 190,
          error_subcode: 463,
        }),
      ),
    ).toBeInstanceOf(TokenExpiredError);
    expect(fail('refresh', 400, graph({ message: 'Invalid OAuth access token', code: 190 }))).toBeInstanceOf(
      TokenExpiredError,
    );
    expect(fail('publish', 400, graph({ message: 'REVOKED_ACCESS_TOKEN', code: 1 }))).toBeInstanceOf(
      TokenExpiredError,
    );
    expect(
      fail(
        'create-container',
        400,
        graph({ message: 'Unsupported post request.', code: 100, error_subcode: 33 }),
      ),
    ).toBeInstanceOf(TokenExpiredError);
  });

  it('maps "does not exist" on a post read to a missing post, not a lost token', () => {
    const error = fail(
      'read-media',
      400,
      graph({
        message:
          "Unsupported get request. Object with ID '1' does not exist, cannot be loaded due to missing permissions",
        code: 100,
        error_subcode: 33,
      }),
    );
    expect(error).toBeInstanceOf(InstagramMediaNotFoundError);
    expect(error).not.toBeInstanceOf(TokenExpiredError);
  });

  it('maps an unknown parent of a comment to refused content, and a feed metric asked of a story apart', () => {
    const unknown = { error: { message: 'Unsupported post request.', code: 100, error_subcode: 33 } };
    expect(fail('comment', 400, unknown)).toBeInstanceOf(InvalidContentError);
    expect(fail('comment', 400, { error: { message: '(#10) no permission', code: 10 } }).message).toMatch(
      /reconnect/,
    );
    const story = {
      error: {
        message:
          '(#100) The Media Insights API does not support the likes metric for this media product type.',
        code: 100,
      },
    };
    expect(fail('read-media', 400, story)).toBeInstanceOf(InstagramMetricUnsupportedError);
  });

  it('maps throttling codes to RateLimitedError with the BUC reset', () => {
    for (const code of [4, 17, 32, 613, 80002]) {
      const error = fail(
        'read',
        400,
        graph({ message: 'Application request limit reached', code, is_transient: true }),
        {
          'x-business-use-case-usage': JSON.stringify({ a: [{ estimated_time_to_regain_access: 10 }] }),
        },
      );
      expect(error).toBeInstanceOf(RateLimitedError);
      expect((error as RateLimitedError).resetAt).toEqual(new Date('2026-03-01T12:10:00Z'));
      expect(isPublishCap(error)).toBe(false);
    }
  });

  it('maps the 24 h publishing cap (code 9, subcode 2207042) to RateLimitedError a day ahead', () => {
    for (const body of [
      graph({ message: 'Application request limit reached', code: 9, error_subcode: 2207042 }),
      graph({ message: 'Max posts', code: 100, error_subcode: 2207042 }),
    ]) {
      const error = fail('publish', 400, body);
      expect(error).toBeInstanceOf(RateLimitedError);
      expect((error as RateLimitedError).resetAt).toEqual(new Date('2026-03-02T12:00:00Z'));
      expect(isPublishCap(error)).toBe(true);
    }
  });

  it('maps media subcodes and bad container parameters to InvalidContentError, with the user message', () => {
    const download = fail(
      'create-container',
      400,
      graph({
        message: 'Only photo or video can be accepted as media type.',
        code: 9004,
        error_subcode: 2207052,
        error_user_msg: 'The media could not be fetched from this URI.',
      }),
    );
    expect(download).toBeInstanceOf(InvalidContentError);
    expect(download.message).toContain('could not be fetched');
    expect(
      fail('create-container', 400, graph({ message: '(#100) The caption is too long', code: 100 })),
    ).toBeInstanceOf(InvalidContentError);
    expect(
      fail('publish', 400, graph({ message: 'expired', code: 100, error_subcode: 2207020 })),
    ).toBeInstanceOf(InvalidContentError);
  });

  it('does not blame the content for a not-ready container or a transient error: try again', () => {
    const notReady = fail(
      'publish',
      400,
      graph({ message: 'Media ID is not available', code: 9007, error_subcode: 2207027 }),
    );
    expect(notReady).toBeInstanceOf(TransientPlatformError);
    const transient = fail(
      'create-container',
      500,
      graph({
        message: 'An unknown error occurred',
        code: 2207001,
        error_subcode: 2207001,
        is_transient: true,
      }),
    );
    expect(transient).toBeInstanceOf(TransientPlatformError);
    expect(fail('read', 400, graph({ message: '(#100) bad field', code: 100 })).name).toBe(
      'SocialPlatformError',
    );
  });

  it('reads api.instagram.com OAuth errors on the code exchange', () => {
    const error = fail('exchange-code', 400, {
      error_type: 'OAuthException',
      code: 400,
      error_message: 'Matching code was not found or was already used',
    });
    expect(error.name).toBe('SocialPlatformError');
    expect(error.message).toContain('Matching code was not found');
  });

  it('maps 502/503 to a transient error; 500/504 on media_publish to an unknown outcome', () => {
    const error = fail(
      'publish',
      503,
      graph({ message: 'Service temporarily unavailable', code: 2, is_transient: true }),
    );
    expect(error).toBeInstanceOf(TransientPlatformError);
    expect((error as TransientPlatformError).kind).toBe('server_error');
    expect(error.message).toContain('503');
    expect(fail('read', 502, '<html>bad gateway</html>').message).toContain('502');
    for (const status of [500, 504]) {
      expect(
        fail('publish', status, graph({ message: 'Unexpected', code: 2, is_transient: true })),
      ).toBeInstanceOf(UnknownOutcomeError);
      expect(fail('read-media', status, '<html>oops</html>')).toBeInstanceOf(TransientPlatformError);
    }
    const other = fail('read', 404, graph({ message: 'Unknown path components', code: 2500 }));
    expect(other.name).toBe('SocialPlatformError');
  });
});

describe('transportError(instagramErrors)', () => {
  it('calls a lost media_publish (or code exchange) an unknown outcome', () => {
    for (const operation of ['publish', 'exchange-code'] as const) {
      for (const failure of ['timeout', 'dropped'] as const) {
        expect(transportError(instagramErrors, { operation, failure, timeoutMs: 20_000 })).toBeInstanceOf(
          UnknownOutcomeError,
        );
      }
    }
  });

  it('calls a lost container creation, read or refresh retryable: nothing became public', () => {
    for (const operation of [
      'create-container',
      'read',
      'read-media',
      'refresh',
      'exchange-long-lived',
    ] as const) {
      expect(
        transportError(instagramErrors, { operation, failure: 'timeout', timeoutMs: 1000 }),
      ).toBeInstanceOf(TransientPlatformError);
    }
    const notSent = transportError(instagramErrors, {
      operation: 'publish',
      failure: 'not-sent',
      timeoutMs: 1000,
    });
    expect(notSent).toBeInstanceOf(TransientPlatformError);
    expect((notSent as TransientPlatformError).kind).toBe('network');
    expect(notSent.message).toContain('nothing was sent');
  });
});
