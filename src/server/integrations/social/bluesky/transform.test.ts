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
  blueskyErrorFrom,
  blueskyPostUrl,
  jwtExpiry,
  normalizeIdentifier,
  normalizeServer,
  toExternalAccount,
  toSessionTokens,
} from './transform';

const now = new Date('2026-11-28T12:00:00Z');
const headers = (values: Record<string, string> = {}) => new Headers(values);
const errorOf = (
  operation: Parameters<typeof blueskyErrorFrom>[0]['operation'],
  status: number,
  body: unknown,
  h = headers(),
) => blueskyErrorFrom({ operation, status, body, headers: h, now });

const jwt = (exp: number) =>
  `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.sig`;

describe('blueskyErrorFrom', () => {
  it('reads a 429 with its ratelimit-reset (epoch seconds)', () => {
    const reset = Math.floor(now.getTime() / 1000) + 600;
    const error = errorOf(
      'publish',
      429,
      { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
      headers({ 'ratelimit-reset': String(reset) }),
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).resetAt?.getTime()).toBe(reset * 1000);
  });

  it('takes ExpiredToken and InvalidToken (400) and 401 as the session being over', () => {
    expect(errorOf('publish', 400, { error: 'ExpiredToken', message: 'Token has expired' })).toBeInstanceOf(
      TokenExpiredError,
    );
    expect(errorOf('read', 400, { error: 'InvalidToken' })).toBeInstanceOf(TokenExpiredError);
    expect(errorOf('read', 401, { error: 'AuthenticationRequired' })).toBeInstanceOf(TokenExpiredError);
    expect(errorOf('refresh', 400, { error: 'InvalidRequest' })).toBeInstanceOf(TokenExpiredError);
  });

  it('says a refused sign-in in words, and points an email-code account to app passwords', () => {
    const wrong = errorOf('sign-in', 401, {
      error: 'AuthenticationRequired',
      message: 'Invalid identifier or password',
    });
    expect(wrong).toBeInstanceOf(InvalidContentError);
    expect(wrong.message).toContain('Invalid identifier or password');
    expect(errorOf('sign-in', 401, { error: 'AuthFactorTokenRequired' }).message).toContain('App passwords');
  });

  it('refuses content on publish and upload, and reads 5xx the shared way', () => {
    expect(
      errorOf('publish', 400, { error: 'InvalidRequest', message: 'Invalid app.bsky.feed.post record' }),
    ).toBeInstanceOf(InvalidContentError);
    expect(errorOf('upload', 413, { error: 'PayloadTooLarge' })).toBeInstanceOf(InvalidContentError);
    expect(errorOf('publish', 503, {})).toBeInstanceOf(TransientPlatformError);
    expect(errorOf('publish', 500, {})).toBeInstanceOf(UnknownOutcomeError);
    expect(errorOf('read', 500, {})).toBeInstanceOf(TransientPlatformError);
    const other = errorOf('read', 404, { error: 'NotFound' });
    expect(other).toBeInstanceOf(SocialPlatformError);
    expect(other).not.toBeInstanceOf(TokenExpiredError);
  });
});

describe('sessions and profiles', () => {
  it('reads token lifetimes from the JWTs and keeps the PDS the DID document names (live)', () => {
    const access = jwt(1_800_000_000);
    const body = {
      accessJwt: access,
      refreshJwt: jwt(1_900_000_000),
      did: 'did:plc:abc',
      handle: 'alice.bsky.social',
      didDoc: {
        service: [
          {
            id: '#atproto_pds',
            type: 'AtprotoPersonalDataServer',
            serviceEndpoint: 'https://morel.us-east.host.bsky.network',
          },
        ],
      },
    };
    const live = toSessionTokens(body, { service: 'https://bsky.social', followDidDoc: true });
    expect(live.expiresAt?.toISOString()).toBe(new Date(1_800_000_000_000).toISOString());
    expect(live.connection).toEqual({
      service: 'https://morel.us-east.host.bsky.network',
      did: 'did:plc:abc',
      handle: 'alice.bsky.social',
      method: 'app-password',
    });
    expect(toSessionTokens(body, { service: 'https://sim', followDidDoc: false }).connection?.service).toBe(
      'https://sim',
    );
    expect(jwtExpiry('not-a-jwt')).toBeNull();
    expect(() =>
      toSessionTokens({ ...body, active: false, status: 'takendown' }, { service: 'x', followDidDoc: false }),
    ).toThrow(TokenExpiredError);
    expect(() => toSessionTokens({ did: 'did:plc:abc' }, { service: 'x', followDidDoc: false })).toThrow(
      SocialPlatformError,
    );
  });

  it('maps a profile; a missing follower count is null', () => {
    expect(toExternalAccount({ did: 'did:plc:a', handle: 'a.bsky.social' })).toEqual({
      externalId: 'did:plc:a',
      username: 'a.bsky.social',
      displayName: 'a.bsky.social',
      avatarUrl: null,
      followers: null,
    });
  });
});

describe('what the user types', () => {
  it('takes a handle with or without @, a DID or an email; refuses anything else with words', () => {
    expect(normalizeIdentifier(' @Alice.BSKY.social ')).toBe('alice.bsky.social');
    expect(normalizeIdentifier('did:plc:abc')).toBe('did:plc:abc');
    expect(normalizeIdentifier('me@example.com')).toBe('me@example.com');
    expect(() => normalizeIdentifier('not a handle')).toThrow(InvalidContentError);
  });

  it('takes a PDS as a host or an https origin, never http', () => {
    expect(normalizeServer('pds.example.com')).toBe('https://pds.example.com');
    expect(normalizeServer('https://pds.example.com/xrpc')).toBe('https://pds.example.com');
    expect(() => normalizeServer('http://pds.example.com')).toThrow(InvalidContentError);
  });

  it('links a post as bsky.app does', () => {
    expect(
      blueskyPostUrl('https://bsky.app', 'alice.bsky.social', 'at://did:plc:a/app.bsky.feed.post/3kabc'),
    ).toBe('https://bsky.app/profile/alice.bsky.social/post/3kabc');
  });
});
