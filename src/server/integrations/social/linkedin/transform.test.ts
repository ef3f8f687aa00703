import { describe, expect, it } from 'vitest';
import { transportError } from '../http/transport-error';
import {
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../social-provider';
import {
  analyticsEntity,
  type LinkedInOperation,
  linkedInErrorFrom,
  linkedInErrors,
  linkedInPostUrl,
  linkedInWebBaseUrl,
  personUrn,
  toCreatedPostUrn,
  toExternalAccount,
  toTokenSet,
} from './transform';

const now = new Date('2026-03-01T12:00:00Z');
const fail = (operation: LinkedInOperation, status: number, body: unknown) =>
  linkedInErrorFrom({ operation, status, body, now });

describe('toTokenSet', () => {
  it('turns a 60-day token answer into absolute times and reads comma-separated scopes', () => {
    expect(
      toTokenSet(
        { access_token: 'at', expires_in: 5_184_000, scope: 'email,openid,profile,w_member_social' },
        now,
      ),
    ).toEqual({
      accessToken: 'at',
      refreshToken: null,
      expiresAt: new Date('2026-04-30T12:00:00Z'),
      refreshExpiresAt: null,
      scopes: ['email', 'openid', 'profile', 'w_member_social'],
    });
    expect(toTokenSet({ access_token: 'at', scope: 'openid profile' }, now).scopes).toEqual([
      'openid',
      'profile',
    ]);
  });

  it('keeps a partner refresh token with its own expiry, which a refresh does not extend', () => {
    const first = toTokenSet(
      {
        access_token: 'a1',
        expires_in: 5_184_000,
        refresh_token: 'r1',
        refresh_token_expires_in: 31_536_000,
      },
      now,
    );
    expect(first.refreshToken).toBe('r1');
    expect(first.refreshExpiresAt).toEqual(new Date('2027-03-01T12:00:00Z'));
    const later = new Date('2026-06-01T00:00:00Z');
    const refreshed = toTokenSet({ access_token: 'a2', expires_in: 5_184_000 }, later, first);
    expect(refreshed).toMatchObject({
      accessToken: 'a2',
      refreshToken: 'r1',
      refreshExpiresAt: first.refreshExpiresAt,
      scopes: first.scopes,
    });
  });

  it('refuses an answer without an access token', () => {
    expect(() => toTokenSet({ expires_in: 10 }, now)).toThrow(SocialPlatformError);
  });
});

describe('toExternalAccount', () => {
  const member = {
    sub: '782bbtaQ',
    name: 'Ada Lovelace',
    given_name: 'Ada',
    family_name: 'Lovelace',
    picture: 'https://media.licdn.com/dms/image/abc/profile-displayphoto-shrink_100_100/0/1',
    locale: { country: 'GB', language: 'en' },
    email: 'ada.lovelace@example.com',
    email_verified: true,
  };

  it('reads userinfo: sub as id, the e-mail local part as username, no follower count', () => {
    expect(toExternalAccount(member)).toEqual({
      externalId: '782bbtaQ',
      username: 'ada.lovelace',
      displayName: 'Ada Lovelace',
      avatarUrl: member.picture,
      followers: null,
    });
  });

  it('falls back to a handle from the name, then to the sub', () => {
    expect(toExternalAccount({ sub: 's1', given_name: 'Zoë', family_name: "O'Brien" })).toMatchObject({
      username: 'zoe-o-brien',
      displayName: "Zoë O'Brien",
      avatarUrl: null,
    });
    expect(toExternalAccount({ sub: 's2' })).toMatchObject({ username: 's2', displayName: 's2' });
  });

  it('refuses a body without sub', () => {
    expect(() => toExternalAccount({ name: 'x' })).toThrow(SocialPlatformError);
  });
});

describe('posts', () => {
  it('reads the created post URN from x-restli-id', () => {
    expect(toCreatedPostUrn(new Headers({ 'x-restli-id': 'urn:li:share:6844785523593134080' }))).toBe(
      'urn:li:share:6844785523593134080',
    );
    expect(toCreatedPostUrn(new Headers({ 'x-restli-id': 'urn:li:ugcPost:7' }))).toBe('urn:li:ugcPost:7');
    expect(() => toCreatedPostUrn(new Headers())).toThrow(SocialPlatformError);
  });

  it('names the author and the analytics entity as Rest.li 2.0 wants them', () => {
    expect(personUrn('782bbtaQ')).toBe('urn:li:person:782bbtaQ');
    expect(analyticsEntity('urn:li:share:123')).toBe('(share:urn%3Ali%3Ashare%3A123)');
    expect(analyticsEntity('urn:li:ugcPost:9')).toBe('(ugc:urn%3Ali%3AugcPost%3A9)');
    expect(() => analyticsEntity('123')).toThrow(SocialPlatformError);
  });

  it('builds post links on linkedin.com and on the simulator', () => {
    expect(linkedInWebBaseUrl('https://www.linkedin.com/oauth/v2/authorization')).toBe(
      'https://www.linkedin.com',
    );
    expect(linkedInWebBaseUrl('http://localhost:3000/sandbox/linkedin/oauth/v2/authorization')).toBe(
      'http://localhost:3000/sandbox/linkedin',
    );
    expect(linkedInWebBaseUrl('https://elsewhere.example/authorize')).toBe('https://www.linkedin.com');
    expect(linkedInPostUrl('https://www.linkedin.com', 'urn:li:share:5')).toBe(
      'https://www.linkedin.com/feed/update/urn:li:share:5',
    );
  });
});

describe('linkedInErrorFrom', () => {
  it('maps 429 to RateLimitedError with no reset (retried with backoff, not at midnight UTC), on any call', () => {
    for (const operation of ['publish', 'read', 'refresh'] as const) {
      const error = fail(operation, 429, {
        message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
        status: 429,
      });
      expect(error).toBeInstanceOf(RateLimitedError);
      expect((error as RateLimitedError).resetAt).toBeNull();
      expect(error.message).toContain('APPLICATION DAY limit');
    }
  });

  it('maps 401 to TokenExpiredError with the message LinkedIn gave', () => {
    const error = fail('read', 401, {
      serviceErrorCode: 65600,
      message: 'Invalid access token',
      status: 401,
    });
    expect(error).toBeInstanceOf(TokenExpiredError);
    expect(error.message).toContain('Invalid access token');
    expect(fail('publish', 401, undefined)).toBeInstanceOf(TokenExpiredError);
  });

  it('maps a refused refresh token to TokenExpiredError, refused app credentials to a plain error', () => {
    expect(
      fail('refresh', 400, {
        error: 'invalid_request',
        error_description: 'The provided refresh token is invalid',
      }),
    ).toBeInstanceOf(TokenExpiredError);
    const client = fail('exchange-code', 401, {
      error: 'invalid_client',
      error_description: 'Client authentication failed',
    });
    expect(client).not.toBeInstanceOf(TokenExpiredError);
    expect(client.message).toContain('credentials');
    const badCode = fail('exchange-code', 400, {
      error: 'invalid_request',
      error_description:
        'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.',
    });
    expect(badCode.name).toBe('SocialPlatformError');
    expect(badCode.message).toContain('authorization code expired');
  });

  it('maps 422 and 400 on publish to InvalidContentError (a duplicate, an invalid body)', () => {
    const duplicate = fail('publish', 422, {
      code: 'DUPLICATE_POST',
      message: 'Content is a duplicate of urn:li:share:6844785523593134080',
      status: 422,
    });
    expect(duplicate).toBeInstanceOf(InvalidContentError);
    expect(duplicate.message).toBe(
      'LinkedIn refused the post: Content is a duplicate of urn:li:share:6844785523593134080',
    );
    expect(fail('publish', 400, { message: 'Invalid commentary', status: 400 })).toBeInstanceOf(
      InvalidContentError,
    );
  });

  it('does not call a permission problem or a failed read a content problem', () => {
    const denied = fail('publish', 403, {
      status: 403,
      serviceErrorCode: 100,
      code: 'ACCESS_DENIED',
      message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE.20260101',
    });
    expect(denied).not.toBeInstanceOf(InvalidContentError);
    expect(denied.message).toContain('403');
    expect(fail('read', 400, { message: 'bad query', status: 400 })).not.toBeInstanceOf(InvalidContentError);
  });

  it('maps 502/503 to a transient error, 500/504 on a post to an unknown outcome', () => {
    for (const status of [502, 503]) {
      const error = fail('publish', status, { message: 'Service Unavailable', status });
      expect(error).toBeInstanceOf(TransientPlatformError);
      expect((error as TransientPlatformError).kind).toBe('server_error');
      expect(error.message).toContain(String(status));
    }
    for (const status of [500, 504]) {
      expect(fail('publish', status, '<html>oops</html>')).toBeInstanceOf(UnknownOutcomeError);
      expect(fail('upload', status, '<html>oops</html>')).toBeInstanceOf(TransientPlatformError);
      expect(fail('read', status, '<html>oops</html>')).toBeInstanceOf(TransientPlatformError);
    }
    const missing = fail('publish', 404, { message: 'Not found', status: 404 });
    expect(missing.name).toBe('SocialPlatformError');
    expect(missing.message).toContain('404');
  });

  it('blames the image for a refused upload', () => {
    expect(fail('upload', 400, { message: 'Invalid image', status: 400 })).toBeInstanceOf(
      InvalidContentError,
    );
    expect(fail('upload', 401, { message: 'Invalid access token', status: 401 })).toBeInstanceOf(
      TokenExpiredError,
    );
  });
});

describe('transportError(linkedInErrors)', () => {
  it('calls a timeout or a dropped connection on a publish or a code exchange an unknown outcome', () => {
    for (const operation of ['publish', 'exchange-code', 'refresh'] as const) {
      for (const failure of ['timeout', 'dropped'] as const) {
        expect(transportError(linkedInErrors, { operation, failure, timeoutMs: 20_000 })).toBeInstanceOf(
          UnknownOutcomeError,
        );
      }
    }
    expect(
      transportError(linkedInErrors, { operation: 'publish', failure: 'timeout', timeoutMs: 20_000 }).message,
    ).toContain('20 s');
  });

  it('calls a failed read, upload or delete retryable, and a request never sent retryable', () => {
    for (const operation of ['read', 'upload', 'delete'] as const) {
      const error = transportError(linkedInErrors, { operation, failure: 'timeout', timeoutMs: 1000 });
      expect(error).toBeInstanceOf(TransientPlatformError);
      expect((error as TransientPlatformError).kind).toBe('network');
    }
    const notSent = transportError(linkedInErrors, {
      operation: 'publish',
      failure: 'not-sent',
      timeoutMs: 1000,
    });
    expect(notSent).toBeInstanceOf(TransientPlatformError);
    expect((notSent as TransientPlatformError).kind).toBe('network');
    expect(notSent.message).toContain('nothing was sent');
  });
});
