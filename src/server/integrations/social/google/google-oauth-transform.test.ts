import { describe, expect, it } from 'vitest';
import {
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../social-provider';
import { googleOAuthErrorFrom, revokeUrlOf, toGoogleTokenSet } from './google-oauth-transform';

const now = new Date('2026-11-28T12:00:00Z');

describe('Google token answers', () => {
  it('reads a code exchange with a refresh token and space-separated scopes', () => {
    const tokens = toGoogleTokenSet(
      'youtube',
      {
        access_token: 'ya29.a',
        expires_in: 3599,
        refresh_token: '1//r',
        scope:
          'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
        token_type: 'Bearer',
      },
      now,
    );
    expect(tokens).toEqual({
      accessToken: 'ya29.a',
      refreshToken: '1//r',
      expiresAt: new Date(now.getTime() + 3599_000),
      refreshExpiresAt: null,
      scopes: [
        'https://www.googleapis.com/auth/youtube.upload',
        'https://www.googleapis.com/auth/youtube.readonly',
      ],
    });
  });

  it('keeps the old refresh token (and its expiry, scopes) when a refresh answers none', () => {
    const previous = {
      accessToken: 'old',
      refreshToken: '1//keep',
      expiresAt: now,
      refreshExpiresAt: new Date('2027-01-01T00:00:00Z'),
      scopes: ['a'],
    };
    const tokens = toGoogleTokenSet('youtube', { access_token: 'new', expires_in: 3599 }, now, previous);
    expect(tokens.refreshToken).toBe('1//keep');
    expect(tokens.refreshExpiresAt).toEqual(previous.refreshExpiresAt);
    expect(tokens.scopes).toEqual(['a']);
  });

  it('reads a time-based access grant (refresh_token_expires_in)', () => {
    const tokens = toGoogleTokenSet(
      'google_business',
      { access_token: 'a', expires_in: 3599, refresh_token: 'r', refresh_token_expires_in: 86_400 },
      now,
    );
    expect(tokens.refreshExpiresAt).toEqual(new Date(now.getTime() + 86_400_000));
  });

  it('refuses an answer without an access token', () => {
    expect(() => toGoogleTokenSet('youtube', { expires_in: 3599 }, now)).toThrow(SocialPlatformError);
  });
});

describe('Google OAuth errors', () => {
  const failure = (operation: 'exchange-code' | 'refresh' | 'revoke', status: number, body: unknown) =>
    googleOAuthErrorFrom('youtube', { operation, status, body });

  it('maps invalid_grant on a refresh to TokenExpiredError, on a code to a refusal', () => {
    const refresh = failure('refresh', 400, {
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    expect(refresh).toBeInstanceOf(TokenExpiredError);
    expect(refresh.message).toContain('Token has been expired or revoked.');
    const code = failure('exchange-code', 400, { error: 'invalid_grant', error_description: 'Bad Request' });
    expect(code).not.toBeInstanceOf(TokenExpiredError);
    expect(code).toBeInstanceOf(SocialPlatformError);
  });

  it("names the app's credentials on invalid_client, even on a refresh", () => {
    const error = failure('refresh', 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    expect(error).not.toBeInstanceOf(TokenExpiredError);
    expect(error.message).toContain("Kitepost's app credentials");
  });

  it('maps 429 and 5xx', () => {
    expect(failure('refresh', 429, { error: 'rate_limit_exceeded' })).toBeInstanceOf(RateLimitedError);
    expect(failure('refresh', 503, {})).toBeInstanceOf(TransientPlatformError);
    expect(failure('refresh', 500, {})).toBeInstanceOf(TransientPlatformError);
    const lost = failure('exchange-code', 500, {});
    expect(lost).not.toBeInstanceOf(UnknownOutcomeError);
    expect(lost).toBeInstanceOf(SocialPlatformError);
  });

  it('finds the revoke URL next to the token URL', () => {
    expect(revokeUrlOf('https://oauth2.googleapis.com/token')).toBe('https://oauth2.googleapis.com/revoke');
    expect(revokeUrlOf('http://localhost:3000/sandbox/youtube/oauth2/token')).toBe(
      'http://localhost:3000/sandbox/youtube/oauth2/revoke',
    );
  });
});
