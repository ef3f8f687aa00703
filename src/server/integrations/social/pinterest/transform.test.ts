import { describe, expect, it } from 'vitest';
import {
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../social-provider';
import { analyticsWindow, toPinMetrics } from './metrics-transform';
import { toPinPayload } from './publish-transform';
import {
  isSamePin,
  pinterestErrorFrom,
  pinterestWebBaseUrl,
  toBoardsPage,
  toExternalAccount,
  toTokenSet,
} from './transform';

const now = new Date('2026-11-28T12:00:00Z');
const image = {
  kind: 'image' as const,
  url: 'https://app.example/media/a.jpg',
  mimeType: 'image/jpeg' as const,
  width: 3,
  height: 2,
  sizeBytes: 10,
  durationMs: null,
  posterUrl: null,
  altText: ' A tart ',
  read: async () => Buffer.alloc(0),
  readRange: async () => Buffer.alloc(0),
};

describe('Pinterest transforms', () => {
  it('reads a code answer and keeps the refresh token when a refresh answers none', () => {
    const first = toTokenSet(
      {
        access_token: 'a',
        refresh_token: 'r',
        expires_in: 2_592_000,
        refresh_token_expires_in: 5_184_000,
        scope: 'boards:read,pins:write',
        token_type: 'bearer',
      },
      now,
    );
    expect(first).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: new Date('2026-12-28T12:00:00Z'),
      refreshExpiresAt: new Date('2027-01-27T12:00:00Z'),
      scopes: ['boards:read', 'pins:write'],
    });
    const again = toTokenSet({ access_token: 'b', expires_in: 10 }, now, first);
    expect(again).toMatchObject({
      refreshToken: 'r',
      refreshExpiresAt: first.refreshExpiresAt,
      scopes: first.scopes,
    });
    expect(() => toTokenSet({ token_type: 'bearer' }, now)).toThrow(SocialPlatformError);
  });

  it('reads the user account; a missing follower count is null, never 0', () => {
    expect(
      toExternalAccount({ id: '12', username: 'maple', business_name: 'Maple', follower_count: 5 }),
    ).toEqual({
      externalId: '12',
      username: 'maple',
      displayName: 'Maple',
      avatarUrl: null,
      followers: 5,
    });
    expect(toExternalAccount({ username: 'maple' })).toMatchObject({ externalId: 'maple', followers: null });
  });

  it('reads a page of boards with its bookmark', () => {
    expect(toBoardsPage({ items: [{ id: '1', name: 'Tarts' }], bookmark: null })).toEqual({
      boards: [{ id: '1', name: 'Tarts', description: null, privacy: 'PUBLIC' }],
      bookmark: null,
    });
  });

  it('builds a Pin body with its board, title, link and alt text, and refuses what Pinterest refuses', () => {
    const input = {
      account: { externalId: '1', username: 'u' },
      text: 'Recipe',
      title: ' Tart ',
      media: [image],
      options: { boardId: '42', link: 'https://bakery.example' },
    };
    expect(toPinPayload(input)).toEqual({
      board_id: '42',
      title: 'Tart',
      description: 'Recipe',
      link: 'https://bakery.example',
      alt_text: 'A tart',
      media_source: { source_type: 'image_url', url: image.url },
    });
    expect(() => toPinPayload({ ...input, options: {} })).toThrow('Choose a board for this Pin.');
    expect(() => toPinPayload({ ...input, media: [] })).toThrow(InvalidContentError);
    expect(() => toPinPayload({ ...input, media: [image, image] })).toThrow(/one image/);
    expect(() => toPinPayload({ ...input, media: [{ ...image, altText: 'a'.repeat(501) }] })).toThrow(
      /alt text/,
    );
  });

  it('matches a Pin read back by description, title and time', () => {
    const since = new Date('2026-11-28T11:00:00Z');
    const pin = { id: '1', title: 'Tart', description: 'A  recipe', created_at: '2026-11-28T11:30:00' };
    expect(isSamePin(pin, { description: 'A recipe', title: 'Tart' }, since)).toBe(true);
    expect(isSamePin(pin, { description: 'A recipe', title: undefined }, since)).toBe(true);
    expect(isSamePin(pin, { description: 'A recipe', title: 'Other' }, since)).toBe(false);
    expect(
      isSamePin(
        { ...pin, created_at: '2026-11-28T10:00:00' },
        { description: 'A recipe', title: 'Tart' },
        since,
      ),
    ).toBe(false);
  });

  it('maps failures to our kinds', () => {
    const from = (operation: Parameters<typeof pinterestErrorFrom>[0]['operation'], status: number) =>
      pinterestErrorFrom({ operation, status, body: { code: 1, message: 'no' } });
    expect(from('publish', 429)).toBeInstanceOf(RateLimitedError);
    expect(from('read', 401)).toBeInstanceOf(TokenExpiredError);
    expect(from('refresh', 400)).toBeInstanceOf(TokenExpiredError);
    expect(from('publish', 400)).toBeInstanceOf(InvalidContentError);
    expect(from('publish', 404).message).toBe('Pinterest refused the Pin (code 1): no');
    expect(from('publish', 503)).toBeInstanceOf(TransientPlatformError);
    expect(from('publish', 500)).toBeInstanceOf(UnknownOutcomeError);
    expect(from('read', 500)).toBeInstanceOf(TransientPlatformError);
    expect(from('read', 403)).not.toBeInstanceOf(InvalidContentError);
  });

  it('maps Pin analytics to our names: saves as shares, no outbound clicks, absent as null', () => {
    expect(
      toPinMetrics({
        all: {
          daily_metrics: [],
          summary_metrics: { IMPRESSION: 240, PIN_CLICK: 37, OUTBOUND_CLICK: 20, SAVE: 20 },
          lifetime_metrics: { TOTAL_COMMENTS: 3 },
        },
      }),
    ).toEqual({
      impressions: 240,
      reach: null,
      likes: null,
      comments: 3,
      shares: 20,
      clicks: 37,
      views: null,
    });
    expect(toPinMetrics({})).toMatchObject({ impressions: null, clicks: null });
    expect(analyticsWindow(now)).toEqual({ startDate: '2026-08-31', endDate: '2026-11-28' });
  });

  it('derives the web base from the authorize URL', () => {
    expect(pinterestWebBaseUrl('https://www.pinterest.com/oauth/')).toBe('https://www.pinterest.com');
    expect(pinterestWebBaseUrl('http://localhost:3000/sandbox/pinterest/oauth/')).toBe(
      'http://localhost:3000/sandbox/pinterest',
    );
  });
});
