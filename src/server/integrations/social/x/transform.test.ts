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
  dailyCapSpent,
  rateLimitResetFrom,
  toCreatedPostId,
  toExternalAccount,
  toTokenSet,
  type XOperation,
  xErrorFrom,
  xErrors,
  xPostUrl,
  xWebBaseUrl,
} from './transform';

const now = new Date('2026-03-01T12:00:00Z');
const headers = (values: Record<string, string> = {}) => new Headers(values);
const fail = (operation: XOperation, status: number, body: unknown, extra: Record<string, string> = {}) =>
  xErrorFrom({ operation, status, body, headers: headers(extra), now });

describe('toTokenSet', () => {
  it('turns a token answer into absolute times and a scope list', () => {
    const tokens = toTokenSet(
      {
        token_type: 'bearer',
        expires_in: 7200,
        access_token: 'at',
        scope: 'tweet.read users.read',
        refresh_token: 'rt',
      },
      now,
    );
    expect(tokens).toEqual({
      accessToken: 'at',
      refreshToken: 'rt',
      expiresAt: new Date('2026-03-01T14:00:00Z'),
      refreshExpiresAt: null,
      scopes: ['tweet.read', 'users.read'],
    });
  });

  it('keeps the previous refresh token and scopes when a refresh answer leaves them out', () => {
    const previous = toTokenSet(
      { access_token: 'a1', refresh_token: 'r1', scope: 'tweet.read', expires_in: 10 },
      now,
    );
    expect(toTokenSet({ access_token: 'a2', expires_in: 7200 }, now, previous)).toMatchObject({
      accessToken: 'a2',
      refreshToken: 'r1',
      scopes: ['tweet.read'],
    });
  });

  it('refuses an answer without an access token', () => {
    expect(() => toTokenSet({ token_type: 'bearer' }, now)).toThrow(SocialPlatformError);
  });
});

describe('toExternalAccount', () => {
  it('reads the user with followers from public_metrics and a larger avatar', () => {
    const account = toExternalAccount({
      data: {
        id: '2244994945',
        name: 'X Dev',
        username: 'XDevelopers',
        profile_image_url: 'https://pbs.twimg.com/profile_images/1/abc_normal.jpg',
        public_metrics: { followers_count: 570_000, following_count: 2, tweet_count: 3, listed_count: 4 },
      },
    });
    expect(account).toEqual({
      externalId: '2244994945',
      username: 'XDevelopers',
      displayName: 'X Dev',
      avatarUrl: 'https://pbs.twimg.com/profile_images/1/abc_400x400.jpg',
      followers: 570_000,
    });
  });

  it('answers null for what X did not send, and the username for an empty name', () => {
    expect(toExternalAccount({ data: { id: '1', name: '', username: 'bare' } })).toMatchObject({
      displayName: 'bare',
      avatarUrl: null,
      followers: null,
    });
  });

  it('refuses a body without data', () => {
    expect(() => toExternalAccount({ errors: [] })).toThrow(SocialPlatformError);
  });
});

describe('posts', () => {
  it('reads the created post id', () => {
    expect(toCreatedPostId({ data: { id: '1445880548472328192', text: 'Hello' } })).toBe(
      '1445880548472328192',
    );
    expect(() => toCreatedPostId({ data: {} })).toThrow(SocialPlatformError);
  });

  it('builds post links on x.com and on the simulator', () => {
    expect(xWebBaseUrl('https://x.com/i/oauth2/authorize')).toBe('https://x.com');
    expect(xWebBaseUrl('http://localhost:3000/sandbox/twitter/i/oauth2/authorize')).toBe(
      'http://localhost:3000/sandbox/twitter',
    );
    expect(xWebBaseUrl('https://api.x.com/2/oauth2/authorize')).toBe('https://x.com');
    expect(xPostUrl('https://x.com', '20', 'jack')).toBe('https://x.com/jack/status/20');
    expect(xPostUrl('https://x.com', '20')).toBe('https://x.com/i/web/status/20');
  });
});

describe('rateLimitResetFrom', () => {
  it('prefers x-rate-limit-reset (epoch seconds), then retry-after (seconds), else null', () => {
    expect(
      rateLimitResetFrom(headers({ 'x-rate-limit-reset': '1772370000', 'retry-after': '5' }), now),
    ).toEqual(new Date(1_772_370_000_000));
    expect(rateLimitResetFrom(headers({ 'retry-after': '30' }), now)).toEqual(
      new Date('2026-03-01T12:00:30Z'),
    );
    expect(rateLimitResetFrom(headers({ 'x-rate-limit-reset': 'soon' }), now)).toBeNull();
    expect(rateLimitResetFrom(headers(), now)).toBeNull();
  });

  it("takes a spent 24-hour cap's reset over the 15-minute one; a cap with posts left is ignored", () => {
    const window = {
      'x-rate-limit-limit': '100',
      'x-rate-limit-remaining': '99',
      'x-rate-limit-reset': '1772370000',
    };
    const user = {
      'x-user-limit-24hour-limit': '17',
      'x-user-limit-24hour-remaining': '0',
      'x-user-limit-24hour-reset': '1772449200',
    };
    const app = {
      'x-app-limit-24hour-limit': '10000',
      'x-app-limit-24hour-remaining': '0',
      'x-app-limit-24hour-reset': '1772452800',
    };
    expect(dailyCapSpent(headers({ ...window, ...user }))).toEqual({
      whose: 'user',
      limit: 17,
      resetAt: new Date(1_772_449_200_000),
    });
    expect(rateLimitResetFrom(headers({ ...window, ...user }), now)).toEqual(new Date(1_772_449_200_000));
    // Both spent: the later reset is when posting works again.
    expect(dailyCapSpent(headers({ ...window, ...user, ...app }))).toMatchObject({
      whose: 'app',
      limit: 10000,
    });
    const left = { ...user, 'x-user-limit-24hour-remaining': '3' };
    expect(dailyCapSpent(headers({ ...window, ...left }))).toBeNull();
    expect(rateLimitResetFrom(headers({ ...window, ...left }), now)).toEqual(new Date(1_772_370_000_000));
  });
});

describe('xErrorFrom', () => {
  const tooMany = {
    title: 'Too Many Requests',
    detail: 'Too Many Requests',
    type: 'about:blank',
    status: 429,
  };

  it('maps 429 to RateLimitedError with the reset time, on any call', () => {
    for (const operation of ['publish', 'read', 'refresh'] as const) {
      const error = fail(operation, 429, tooMany, { 'x-rate-limit-reset': '1772370000' });
      expect(error).toBeInstanceOf(RateLimitedError);
      expect((error as RateLimitedError).resetAt).toEqual(new Date(1_772_370_000_000));
    }
  });

  it('says which daily cap is spent and until when, with the 24-hour reset', () => {
    const error = fail('publish', 429, tooMany, {
      'x-rate-limit-reset': '1772370000',
      'x-rate-limit-remaining': '99',
      'x-app-limit-24hour-limit': '1667',
      'x-app-limit-24hour-remaining': '0',
      'x-app-limit-24hour-reset': '1772452800',
    });
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).resetAt).toEqual(new Date(1_772_452_800_000));
    expect(error.message).toBe(
      "X refused: Kitepost's X app's daily post limit (1667 posts per 24 hours) is used up until 2026-03-02T12:00:00.000Z.",
    );
  });

  it('maps the legacy code 88 body and usage-capped problems to RateLimitedError', () => {
    const legacy = fail('publish', 429, { errors: [{ code: 88, message: 'Rate limit exceeded' }] });
    expect(legacy).toBeInstanceOf(RateLimitedError);
    expect(legacy.message).toContain('Rate limit exceeded');
    expect((legacy as RateLimitedError).resetAt).toBeNull();
    const capped = fail('read', 403, {
      title: 'UsageCapExceeded',
      type: 'https://api.x.com/2/problems/usage-capped',
    });
    expect(capped).toBeInstanceOf(RateLimitedError);
  });

  it('maps 401 and legacy bad-token codes to TokenExpiredError', () => {
    expect(
      fail('read', 401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }),
    ).toBeInstanceOf(TokenExpiredError);
    expect(fail('publish', 401, undefined)).toBeInstanceOf(TokenExpiredError);
    expect(
      fail('publish', 400, { errors: [{ code: 89, message: 'Invalid or expired token.' }] }),
    ).toBeInstanceOf(TokenExpiredError);
  });

  it('maps a refused refresh token to TokenExpiredError, but refused app credentials to a plain error', () => {
    const refused = fail('refresh', 400, {
      error: 'invalid_request',
      error_description: 'Value passed for the token was invalid.',
    });
    expect(refused).toBeInstanceOf(TokenExpiredError);
    expect(refused.message).toContain('Value passed for the token was invalid.');
    const client = fail('refresh', 401, {
      error: 'unauthorized_client',
      error_description: 'Missing valid authorization header',
    });
    expect(client).not.toBeInstanceOf(TokenExpiredError);
    expect(client.message).toContain('credentials');
    const badCode = fail('exchange-code', 400, {
      error: 'invalid_request',
      error_description: 'Value passed for the authorization code was invalid.',
    });
    expect(badCode.name).toBe('SocialPlatformError');
  });

  it('maps refused content on publish to InvalidContentError: invalid request, duplicate, legacy codes', () => {
    const invalid = fail('publish', 400, {
      errors: [{ parameters: { text: ['…'] }, message: 'Tweet text is too long.' }],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    });
    expect(invalid).toBeInstanceOf(InvalidContentError);
    expect(invalid.message).toBe('X refused the post: Tweet text is too long.');
    const duplicate = fail('publish', 403, {
      detail: 'You are not allowed to create a Tweet with duplicate content.',
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
    });
    expect(duplicate).toBeInstanceOf(InvalidContentError);
    expect(duplicate.message).toContain('duplicate content');
    expect(
      fail('publish', 403, { errors: [{ code: 187, message: 'Status is a duplicate.' }] }),
    ).toBeInstanceOf(InvalidContentError);
  });

  it('does not call an app problem or a failed read a content problem', () => {
    const forbidden = fail('publish', 403, {
      title: 'Client Forbidden',
      detail: 'This request must be made using an approved developer account.',
      type: 'https://api.x.com/2/problems/client-forbidden',
    });
    expect(forbidden).not.toBeInstanceOf(InvalidContentError);
    expect(forbidden).toBeInstanceOf(SocialPlatformError);
    expect(
      fail('read', 400, { title: 'Invalid Request', type: 'https://api.x.com/2/problems/invalid-request' }),
    ).not.toBeInstanceOf(InvalidContentError);
  });

  it('maps 502/503 to a transient error: nothing happened, try again', () => {
    for (const operation of ['publish', 'upload', 'read'] as const) {
      for (const status of [502, 503]) {
        const error = fail(operation, status, {
          title: 'Service Unavailable',
          detail: 'Service Unavailable',
          type: 'about:blank',
          status,
        });
        expect(error).toBeInstanceOf(TransientPlatformError);
        expect((error as TransientPlatformError).kind).toBe('server_error');
        expect(error.message).toContain(String(status));
      }
    }
  });

  it('maps 500/504 on a post to an unknown outcome; on a read or an upload to a transient error', () => {
    for (const status of [500, 504]) {
      expect(fail('publish', status, '<html>oops</html>')).toBeInstanceOf(UnknownOutcomeError);
      expect(fail('read', status, '<html>oops</html>')).toBeInstanceOf(TransientPlatformError);
      expect(fail('upload', status, '<html>oops</html>')).toBeInstanceOf(TransientPlatformError);
    }
    // Refreshing rotates the refresh token: a 500 there is neither safe to repeat nor a post.
    expect(fail('refresh', 500, '<html>oops</html>').name).toBe('SocialPlatformError');
    const missing = fail('publish', 404, {
      title: 'Not Found Error',
      type: 'https://api.x.com/2/problems/resource-not-found',
    });
    expect(missing.name).toBe('SocialPlatformError');
    expect(missing.message).toContain('404');
  });

  it('maps an upload refused with 403 to a reconnect (media.write), with 400 to the image', () => {
    expect(fail('upload', 403, { title: 'Forbidden', detail: 'Forbidden', status: 403 })).toBeInstanceOf(
      TokenExpiredError,
    );
    expect(
      fail('upload', 403, {
        title: 'Client Forbidden',
        type: 'https://api.x.com/2/problems/client-forbidden',
      }),
    ).not.toBeInstanceOf(TokenExpiredError);
    expect(
      fail('upload', 400, {
        title: 'Invalid Request',
        type: 'https://api.x.com/2/problems/invalid-request',
        errors: [{ message: 'The media is not a supported image.' }],
      }),
    ).toBeInstanceOf(InvalidContentError);
  });
});

describe('transportError(xErrors)', () => {
  it('calls a timeout or a dropped connection on a write an unknown outcome', () => {
    for (const operation of ['publish', 'exchange-code', 'refresh'] as const) {
      for (const failure of ['timeout', 'dropped'] as const) {
        expect(transportError(xErrors, { operation, failure, timeoutMs: 20_000 })).toBeInstanceOf(
          UnknownOutcomeError,
        );
      }
    }
    expect(
      transportError(xErrors, { operation: 'publish', failure: 'timeout', timeoutMs: 20_000 }).message,
    ).toContain('20 s');
  });

  it('calls a failed read, upload, delete or revoke retryable, and a request never sent retryable', () => {
    for (const operation of ['read', 'upload', 'delete', 'revoke'] as const) {
      const error = transportError(xErrors, { operation, failure: 'timeout', timeoutMs: 1000 });
      expect(error).toBeInstanceOf(TransientPlatformError);
      expect((error as TransientPlatformError).kind).toBe('network');
    }
    const notSent = transportError(xErrors, { operation: 'publish', failure: 'not-sent', timeoutMs: 1000 });
    expect(notSent).toBeInstanceOf(TransientPlatformError);
    expect((notSent as TransientPlatformError).kind).toBe('network');
    expect(notSent.message).toContain('nothing was sent');
  });
});
