import { describe, expect, it } from 'vitest';
import { statusHtml } from '../simulator/mastodon-status-shapes';
import {
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../social-provider';
import { idempotencyKeyOf, isSameMastodonPost } from './mastodon-provider';
import {
  type MastodonOperation,
  mastodonAccountId,
  mastodonErrorFrom,
  readInstance,
  statusText,
  toExternalAccount,
  toStatusMetrics,
  toTimeline,
  toTokenSet,
} from './transform';

const now = new Date('2026-11-28T12:00:00Z');
const refused = (
  operation: MastodonOperation,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => mastodonErrorFrom({ operation, status, body, headers: new Headers(headers), now });

describe('Mastodon answers', () => {
  it('reads a token that never expires, with the server it belongs to', () => {
    const connection = { server: 'https://mastodon.social', clientId: 'c', redirectUri: 'https://kp/cb' };
    expect(
      toTokenSet(
        { access_token: 'tok', token_type: 'Bearer', scope: 'read:accounts write:statuses', created_at: 1 },
        connection,
      ),
    ).toEqual({
      accessToken: 'tok',
      refreshToken: null,
      expiresAt: null,
      refreshExpiresAt: null,
      scopes: ['read:accounts', 'write:statuses'],
      connection,
    });
  });

  it('reads the instance’s limits, with 1,500 for an alt text where a server before 4.4 does not say', () => {
    const instance = readInstance({
      domain: 'fosstodon.org',
      version: '4.3.2',
      configuration: {
        statuses: { max_characters: 500, max_media_attachments: 4 },
        media_attachments: { image_size_limit: 16777216 },
      },
    });
    expect(instance).toMatchObject({
      maxCharacters: 500,
      maxMedia: 4,
      descriptionLimit: 1500,
      imageSizeLimit: 16777216,
    });
    expect(readInstance({ domain: 'example.com' })).toBeNull();
    expect(readInstance('<html>')).toBeNull();
  });

  it('names the account by its server: <id>@<host>, name@host, and the server’s limits', () => {
    const account = toExternalAccount(
      {
        id: '109',
        username: 'kite',
        acct: 'kite',
        display_name: '',
        avatar: 'https://files/a.png',
        followers_count: 12,
      },
      {
        host: 'mastodon.social',
        instance: readInstance({ configuration: { statuses: { max_characters: 1000 } } }),
      },
    );
    expect(account).toEqual({
      externalId: '109@mastodon.social',
      username: 'kite@mastodon.social',
      displayName: 'kite',
      avatarUrl: 'https://files/a.png',
      followers: 12,
      postLimits: { maxLength: 1000 },
    });
    expect(mastodonAccountId(account.externalId)).toBe('109');
  });

  it('maps favourites, replies and boosts (with quotes); counts Mastodon does not keep are null', () => {
    expect(
      toStatusMetrics({ id: '1', favourites_count: 5, replies_count: 2, reblogs_count: 3, quotes_count: 1 }),
    ).toEqual({
      impressions: null,
      reach: null,
      likes: 5,
      comments: 2,
      shares: 4,
      clicks: null,
      views: null,
    });
    expect(toStatusMetrics({ id: '1' })).toMatchObject({ likes: null, comments: null, shares: null });
  });

  it('reads a status’s HTML back as its text, and recognises the post sent', () => {
    const sent =
      'Menu: https://example.com/a/very/long/path/to/the/spring/menu #Bakery\n\nAsk @ann@other.social & me <3';
    const html = statusHtml(sent, 'mastodon.social');
    expect(html).toContain('<span class="ellipsis">');
    expect(statusText(html)).toBe(
      'Menu: https://example.com/a/very/long/path/to/the/spring/menu #Bakery Ask @ann & me <3',
    );
    expect(isSameMastodonPost(statusText(html), sent)).toBe(true);
    expect(isSameMastodonPost(statusText(html), 'Something else')).toBe(false);
    const [status] = toTimeline([
      { id: '2', created_at: '2026-11-28T11:00:00Z', content: '<p>Boosted</p>', reblog: { id: '9' } },
      { id: '1', created_at: '2026-11-28T10:00:00Z', content: html, url: 'https://m/@k/1' },
    ]);
    expect(status).toMatchObject({
      id: '1',
      url: 'https://m/@k/1',
      createdAt: new Date('2026-11-28T10:00:00Z'),
    });
  });

  it('gives the same post the same idempotency key, and another post another one', () => {
    const key = idempotencyKeyOf(['1@m', 'Hello', [], null, null, null]);
    expect(key).toBe(idempotencyKeyOf(['1@m', 'Hello', [], null, null, null]));
    expect(key).not.toBe(idempotencyKeyOf(['1@m', 'Hello', [], 'CW', null, null]));
  });
});

describe('Mastodon failures as our kinds', () => {
  it('429 waits until X-RateLimit-Reset (an ISO time)', () => {
    const error = refused(
      'publish',
      429,
      { error: 'Too many requests' },
      { 'x-ratelimit-reset': '2026-11-28T12:05:00.000Z' },
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).resetAt).toEqual(new Date('2026-11-28T12:05:00.000Z'));
  });

  it('a 401 or a scope it lacks is a reconnect; the content’s own refusals are the content’s', () => {
    expect(refused('read', 401, { error: 'The access token is invalid' })).toBeInstanceOf(TokenExpiredError);
    expect(refused('publish', 403, { error: 'This action is outside the authorized scopes' })).toBeInstanceOf(
      TokenExpiredError,
    );
    const long = refused('publish', 422, {
      error: 'Validation failed: Text character limit of 500 exceeded',
    });
    expect(long).toBeInstanceOf(InvalidContentError);
    expect(long.message).toBe(
      'Mastodon refused the post: Validation failed: Text character limit of 500 exceeded',
    );
    expect(
      refused('publish', 404, { error: 'The post you are trying to reply to does not appear to exist.' }),
    ).toBeInstanceOf(InvalidContentError);
    expect(
      refused('upload', 422, { error: 'Validation failed: File content type is invalid' }),
    ).toBeInstanceOf(InvalidContentError);
  });

  it('the sign-in’s refusals say so; server errors retry or stay unknown as for every network', () => {
    const grant = refused('exchange-code', 400, {
      error: 'invalid_grant',
      error_description: 'The provided authorization grant is invalid',
    });
    expect(grant).toBeInstanceOf(SocialPlatformError);
    expect(grant.message).toBe(
      'The Mastodon server refused the sign-in: The provided authorization grant is invalid',
    );
    expect(refused('publish', 503, '<html>Bad gateway</html>')).toBeInstanceOf(TransientPlatformError);
    expect(refused('publish', 500, { error: 'oops' })).toBeInstanceOf(UnknownOutcomeError);
    expect(refused('read', 500, { error: 'oops' })).toBeInstanceOf(TransientPlatformError);
  });
});
