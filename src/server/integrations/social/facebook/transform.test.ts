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
  FacebookObjectMissingError,
  type FacebookOperation,
  facebookErrorFrom,
  facebookErrors,
  facebookPostUrl,
  facebookWebBaseUrl,
  rateLimitResetFrom,
  readGraphError,
  toCreatedPostId,
  toGrantedScopes,
  toPageAccounts,
  toTokenSet,
} from './transform';

const now = new Date('2026-03-01T12:00:00Z');
const graph = (code: number, message: string, extra: Record<string, unknown> = {}) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf', ...extra },
});
const fail = (
  operation: FacebookOperation,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => facebookErrorFrom({ operation, status, body, headers: new Headers(headers), now });

describe('tokens', () => {
  it('reads a token answer with absolute expiry and no refresh token', () => {
    expect(toTokenSet({ access_token: 'EAAB', token_type: 'bearer', expires_in: 5_183_944 }, now)).toEqual({
      accessToken: 'EAAB',
      refreshToken: null,
      expiresAt: new Date(now.getTime() + 5_183_944_000),
      refreshExpiresAt: null,
      scopes: [],
    });
    expect(toTokenSet({ access_token: 'x' }, now, ['a']).expiresAt).toBeNull();
    expect(() => toTokenSet({ token_type: 'bearer' }, now)).toThrow(SocialPlatformError);
  });

  it('keeps only the granted permissions', () => {
    expect(
      toGrantedScopes({
        data: [
          { permission: 'pages_show_list', status: 'granted' },
          { permission: 'read_insights', status: 'declined' },
          { permission: 'pages_manage_posts', status: 'granted' },
        ],
      }),
    ).toEqual(['pages_show_list', 'pages_manage_posts']);
  });
});

describe('toPageAccounts', () => {
  const scopes = ['pages_show_list', 'pages_manage_posts'];

  it('answers one account per Page, each carrying its non-expiring Page token', () => {
    const { accounts, after } = toPageAccounts(
      {
        data: [
          {
            id: '101',
            name: 'Maple Bakery',
            username: 'maplebakery',
            access_token: 'page-token-101',
            picture: { data: { url: 'https://scontent.example/101.jpg', is_silhouette: false } },
            followers_count: 1200,
            fan_count: 1100,
            tasks: ['ANALYZE', 'CREATE_CONTENT', 'MANAGE'],
          },
          { id: '102', name: 'Maple Events', access_token: 'page-token-102', fan_count: 40 },
        ],
        paging: { cursors: { before: 'b', after: 'a' } },
      },
      scopes,
    );
    expect(after).toBeNull();
    expect(accounts).toEqual([
      {
        externalId: '101',
        username: 'maplebakery',
        displayName: 'Maple Bakery',
        avatarUrl: 'https://scontent.example/101.jpg',
        followers: 1200,
        tokens: {
          accessToken: 'page-token-101',
          refreshToken: null,
          expiresAt: null,
          refreshExpiresAt: null,
          scopes,
        },
      },
      {
        externalId: '102',
        username: '102',
        displayName: 'Maple Events',
        avatarUrl: null,
        followers: 40,
        tokens: {
          accessToken: 'page-token-102',
          refreshToken: null,
          expiresAt: null,
          refreshExpiresAt: null,
          scopes,
        },
      },
    ]);
  });

  it('skips Pages without a token or without CREATE_CONTENT, and gives the next cursor only with paging.next', () => {
    const { accounts, after } = toPageAccounts(
      {
        data: [
          { id: '1', name: 'No token' },
          { id: '2', name: 'Analyst only', access_token: 't', tasks: ['ANALYZE'] },
          { id: '3', name: 'Fine', access_token: 't3' },
        ],
        paging: {
          cursors: { before: 'MA', after: 'Mw' },
          next: 'https://graph.facebook.com/v23.0/me/accounts?after=Mw',
        },
      },
      [],
    );
    expect(accounts.map((account) => account.externalId)).toEqual(['3']);
    expect(accounts[0]?.followers).toBeNull();
    expect(after).toBe('Mw');
  });

  it('refuses a body without data', () => {
    expect(() => toPageAccounts({ error: {} }, [])).toThrow(SocialPlatformError);
  });
});

describe('posts', () => {
  it('reads the created post id and links it on facebook.com', () => {
    expect(toCreatedPostId({ id: '101_9001' })).toBe('101_9001');
    expect(() => toCreatedPostId({ id: '9001' })).toThrow(SocialPlatformError);
    expect(facebookPostUrl('https://www.facebook.com', '101_9001')).toBe('https://www.facebook.com/101_9001');
  });

  it('derives the web origin from the dialog URL', () => {
    expect(facebookWebBaseUrl('https://www.facebook.com/v23.0/dialog/oauth')).toBe(
      'https://www.facebook.com',
    );
    expect(facebookWebBaseUrl('http://kitepost.test/sandbox/facebook/v23.0/dialog/oauth')).toBe(
      'http://kitepost.test/sandbox/facebook',
    );
    expect(facebookWebBaseUrl('https://elsewhere.example/login')).toBe('https://www.facebook.com');
  });
});

describe('facebookErrorFrom', () => {
  it('reads the Graph error object', () => {
    expect(
      readGraphError(graph(190, 'Bad token', { error_subcode: 463, error_user_msg: 'Log in again' })),
    ).toEqual({
      message: 'Bad token',
      type: 'OAuthException',
      code: 190,
      subcode: 463,
      userMessage: 'Log in again',
      fbtraceId: 'AbCdEf',
    });
  });

  it('maps codes 190 and 102 to TokenExpiredError', () => {
    expect(
      fail('read', 400, graph(190, 'Error validating access token', { error_subcode: 460 })),
    ).toBeInstanceOf(TokenExpiredError);
    expect(fail('publish', 400, graph(102, 'Session key invalid'))).toBeInstanceOf(TokenExpiredError);
  });

  it.each([4, 17, 32, 613, 80001])('maps throttling code %i to RateLimitedError', (code) => {
    expect(fail('publish', 400, graph(code, 'Too many calls'))).toBeInstanceOf(RateLimitedError);
  });

  it('reads the time to regain access from the usage headers', () => {
    const limited = fail('read', 400, graph(80001, 'There have been too many calls to this Page account'), {
      'x-business-use-case-usage': JSON.stringify({
        '101': [{ type: 'pages', call_count: 100, total_time: 20, estimated_time_to_regain_access: 7 }],
      }),
    }) as RateLimitedError;
    expect(limited.resetAt).toEqual(new Date(now.getTime() + 7 * 60_000));
    expect(limited.message).toContain('80001');
    const app = rateLimitResetFrom(
      new Headers({
        'x-app-usage': '{"call_count":100,"total_time":10,"estimated_time_to_regain_access":3}',
      }),
      now,
    );
    expect(app).toEqual(new Date(now.getTime() + 3 * 60_000));
    expect(rateLimitResetFrom(new Headers({ 'x-app-usage': '{"call_count":100}' }), now)).toBeNull();
    expect(rateLimitResetFrom(new Headers({ 'x-business-use-case-usage': 'not json' }), now)).toBeNull();
  });

  it('maps posting too fast (subcode 1390008) to RateLimitedError', () => {
    expect(
      fail('publish', 400, graph(368, 'You are posting too fast', { error_subcode: 1_390_008 })),
    ).toBeInstanceOf(RateLimitedError);
  });

  it('maps duplicate (506), policy (368) and invalid parameter (100) on publish to InvalidContentError', () => {
    expect(fail('publish', 400, graph(506, '(#506) Duplicate status message'))).toBeInstanceOf(
      InvalidContentError,
    );
    expect(fail('publish', 400, graph(368, 'The action attempted has been deemed abusive'))).toBeInstanceOf(
      InvalidContentError,
    );
    expect(fail('publish', 400, graph(100, '(#100) Invalid parameter'))).toBeInstanceOf(InvalidContentError);
    const read = fail('read', 400, graph(100, '(#100) Invalid parameter'));
    expect(read).not.toBeInstanceOf(InvalidContentError);
  });

  it('says clearly when a permission is missing (10, 200–299), without blaming the content', () => {
    for (const code of [10, 200, 230, 299]) {
      const error = fail('publish', 403, graph(code, `(#${code}) Permissions error`));
      expect(error.name).toBe('SocialPlatformError');
      expect(error.message).toContain('permission');
    }
  });

  it('reports a missing object (100/33) apart, and refuses an authorization code as such', () => {
    expect(
      fail(
        'read',
        400,
        graph(100, "Unsupported get request. Object with ID '1_2' does not exist", { error_subcode: 33 }),
      ),
    ).toBeInstanceOf(FacebookObjectMissingError);
    // Some answers say it with the message alone (no subcode): a deleted post all the same.
    expect(
      fail(
        'read',
        400,
        graph(100, "Object with ID '101_7' does not exist, cannot be loaded due to missing permissions"),
      ),
    ).toBeInstanceOf(FacebookObjectMissingError);
    expect(fail('read', 400, graph(100, 'Invalid parameter'))).not.toBeInstanceOf(FacebookObjectMissingError);
    const code = fail(
      'exchange-code',
      400,
      graph(100, 'This authorization code has been used.', { error_subcode: 36009 }),
    );
    expect(code.name).toBe('SocialPlatformError');
    expect(code.message).toContain('refused the authorization');
    expect(fail('exchange-code', 400, graph(4, 'Application request limit reached'))).toBeInstanceOf(
      RateLimitedError,
    );
  });

  it('maps 502/503 to a transient error, 500/504 on a post to an unknown outcome', () => {
    const error = fail('publish', 503, graph(2, 'Service temporarily unavailable'));
    expect(error).toBeInstanceOf(TransientPlatformError);
    expect((error as TransientPlatformError).kind).toBe('server_error');
    expect(error.message).toContain('503');
    expect(fail('read', 502, '<html>Bad gateway</html>').message).toContain('Bad gateway');
    for (const status of [500, 504]) {
      expect(fail('publish', status, graph(1, 'An unknown error has occurred.'))).toBeInstanceOf(
        UnknownOutcomeError,
      );
      expect(fail('upload', status, graph(1, 'An unknown error has occurred.'))).toBeInstanceOf(
        TransientPlatformError,
      );
    }
  });

  it('blames the image for a photo Facebook could not download, and answers the rest plainly', () => {
    expect(fail('upload', 400, graph(324, '(#324) Requires upload file'))).toBeInstanceOf(
      InvalidContentError,
    );
    expect(fail('upload', 400, graph(100, '(#100) url should represent a valid URL'))).toBeInstanceOf(
      InvalidContentError,
    );
    const other = fail('read', 404, graph(803, 'Some of the aliases you requested do not exist'));
    expect(other.name).toBe('SocialPlatformError');
    expect(other.message).toContain('404');
  });
});

describe('transportError(facebookErrors)', () => {
  it('makes a timed-out or dropped publish an unknown outcome, a read a plain failure', () => {
    expect(
      transportError(facebookErrors, { operation: 'publish', failure: 'timeout', timeoutMs: 20_000 }),
    ).toBeInstanceOf(UnknownOutcomeError);
    expect(
      transportError(facebookErrors, { operation: 'publish', failure: 'dropped', timeoutMs: 20_000 }),
    ).toBeInstanceOf(UnknownOutcomeError);
    const read = transportError(facebookErrors, { operation: 'read', failure: 'timeout', timeoutMs: 20_000 });
    expect(read).toBeInstanceOf(TransientPlatformError);
    expect(read.message).toContain('20 s');
    expect(
      transportError(facebookErrors, { operation: 'upload', failure: 'dropped', timeoutMs: 1 }),
    ).toBeInstanceOf(TransientPlatformError);
    const notSent = transportError(facebookErrors, {
      operation: 'publish',
      failure: 'not-sent',
      timeoutMs: 1,
    });
    expect(notSent).toBeInstanceOf(TransientPlatformError);
    expect((notSent as TransientPlatformError).kind).toBe('network');
    expect(notSent.message).toContain('nothing was sent');
  });
});
