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
  failReasonText,
  tiktokErrorFrom,
  tiktokPostUrl,
  tiktokSucceeded,
  tiktokWebBaseUrl,
  toCreatorInfo,
  toExternalAccount,
  toPublishStatus,
  toTokenSet,
  toVideoPage,
} from './transform';

const now = new Date('2026-11-28T12:00:00Z');
const headers = { get: () => null };
const apiError = (code: string, message = 'said so') => ({
  data: {},
  error: { code, message, log_id: 'L1' },
});
const fail = (operation: Parameters<typeof tiktokErrorFrom>[0]['operation'], status: number, body: unknown) =>
  tiktokErrorFrom({ operation, status, headers, body, now });

describe('TikTok answers', () => {
  it('checks error.code even on a 200', () => {
    expect(tiktokSucceeded(200, { data: {}, error: { code: 'ok', message: '' } })).toBe(true);
    expect(tiktokSucceeded(200, apiError('access_token_invalid'))).toBe(false);
    expect(tiktokSucceeded(200, { error: 'invalid_grant', error_description: 'x' })).toBe(false);
    expect(tiktokSucceeded(201, null)).toBe(true);
    expect(tiktokSucceeded(400, { data: {} })).toBe(false);
  });

  it('reads a token answer: 24 h access, 365-day refresh, comma-separated scopes, the open_id', () => {
    const tokens = toTokenSet(
      {
        access_token: 'act.1',
        expires_in: 86_400,
        open_id: 'oid',
        refresh_token: 'rft.1',
        refresh_expires_in: 31_536_000,
        scope: 'user.info.basic,video.publish',
        token_type: 'Bearer',
      },
      now,
    );
    expect(tokens).toEqual({
      accessToken: 'act.1',
      refreshToken: 'rft.1',
      expiresAt: new Date('2026-11-29T12:00:00Z'),
      refreshExpiresAt: new Date('2027-11-28T12:00:00Z'),
      scopes: ['user.info.basic', 'video.publish'],
      connection: { openId: 'oid' },
    });
    expect(() => toTokenSet({ access_token: 'x' }, now)).toThrow(SocialPlatformError);
  });

  it('reads the user, its creator info and a publish status', () => {
    expect(
      toExternalAccount({
        data: { user: { open_id: 'o1', display_name: 'Maple', username: 'maple', follower_count: 3 } },
      }),
    ).toEqual({ externalId: 'o1', username: 'maple', displayName: 'Maple', avatarUrl: null, followers: 3 });
    // Without user.info.profile there is no username: the display name stands in.
    expect(toExternalAccount({ data: { user: { open_id: 'o1', display_name: 'Maple' } } })).toMatchObject({
      username: 'Maple',
      followers: null,
    });
    const creator = toCreatorInfo({
      data: {
        creator_username: 'maple',
        creator_nickname: 'Maple',
        privacy_level_options: ['PUBLIC_TO_EVERYONE', 'SOMETHING_NEW', 'SELF_ONLY'],
        comment_disabled: false,
        duet_disabled: true,
        stitch_disabled: true,
        max_video_post_duration_sec: 600,
      },
    });
    expect(creator.privacyLevelOptions).toEqual(['PUBLIC_TO_EVERYONE', 'SELF_ONLY']);
    expect(toPublishStatus({ data: { status: 'PROCESSING_UPLOAD' } })).toEqual({ state: 'processing' });
    expect(toPublishStatus({ data: { status: 'SEND_TO_USER_INBOX' } })).toEqual({ state: 'inbox' });
    expect(
      toPublishStatus({ data: { status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [7] } }),
    ).toEqual({
      state: 'complete',
      postId: '7',
    });
    expect(toPublishStatus({ data: { status: 'PUBLISH_COMPLETE' } })).toEqual({
      state: 'complete',
      postId: null,
    });
    expect(toPublishStatus({ data: { status: 'FAILED', fail_reason: 'duration_check_failed' } })).toEqual({
      state: 'failed',
      reason: 'duration_check_failed',
    });
    expect(failReasonText('duration_check_failed')).toContain('longer or shorter');
    expect(failReasonText('new_reason')).toBe('new_reason');
  });

  it('reads a page of videos', () => {
    const page = toVideoPage({
      data: {
        videos: [{ id: '12', video_description: 'Hello', create_time: 1_700_000_000 }],
        cursor: 5,
        has_more: true,
      },
    });
    expect(page).toEqual({
      videos: [{ id: '12', caption: 'Hello', createdAt: new Date(1_700_000_000_000), shareUrl: null }],
      cursor: 5,
      more: true,
    });
  });

  it('maps failures to our kinds', () => {
    const limited = fail('read', 429, apiError('rate_limit_exceeded'));
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).resetAt).toEqual(new Date(now.getTime() + 60_000));
    expect(fail('publish', 403, apiError('spam_risk_too_many_posts'))).toBeInstanceOf(RateLimitedError);
    expect(fail('read', 401, apiError('access_token_invalid'))).toBeInstanceOf(TokenExpiredError);
    expect(fail('upload', 401, apiError('scope_not_authorized')).message).toContain('reconnect');
    expect(fail('refresh', 400, { error: 'invalid_grant', error_description: 'expired' })).toBeInstanceOf(
      TokenExpiredError,
    );
    expect(fail('exchange-code', 401, { error: 'invalid_client' }).message).toContain('app credentials');
    const unaudited = fail('upload', 403, apiError('unaudited_client_can_only_post_to_private_accounts'));
    expect(unaudited).toBeInstanceOf(InvalidContentError);
    expect(unaudited.message).toContain('"Only me"');
    expect(fail('publish', 403, apiError('url_ownership_unverified')).message).toContain('not verified');
    expect(fail('publish', 403, apiError('url_ownership_unverified'))).not.toBeInstanceOf(
      InvalidContentError,
    );
    expect(fail('publish', 500, apiError('internal_error'))).toBeInstanceOf(UnknownOutcomeError);
    expect(fail('read', 500, apiError('internal_error'))).toBeInstanceOf(TransientPlatformError);
    expect(fail('upload', 503, apiError('internal_error'))).toBeInstanceOf(TransientPlatformError);
  });

  it('builds links', () => {
    expect(tiktokWebBaseUrl('https://www.tiktok.com/v2/auth/authorize/')).toBe('https://www.tiktok.com');
    expect(tiktokWebBaseUrl('http://localhost:3000/sandbox/tiktok/v2/auth/authorize/')).toBe(
      'http://localhost:3000/sandbox/tiktok',
    );
    expect(tiktokPostUrl('https://www.tiktok.com', 'maple', '12')).toBe(
      'https://www.tiktok.com/@maple/video/12',
    );
    expect(tiktokPostUrl('https://www.tiktok.com', 'maple', '12', true)).toBe(
      'https://www.tiktok.com/@maple/photo/12',
    );
  });
});
