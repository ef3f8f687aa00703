import { describe, expect, it } from 'vitest';
import {
  checkGoogleBusinessPost,
  findPhoneNumber,
  googleBusinessOptions,
} from '../../../../contracts/google-business';
import {
  InvalidContentError,
  type PublishInput,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../social-provider';
import { googleBusinessBases } from './google-business-api';
import { toLocalPostPayload } from './publish-transform';
import {
  googleBusinessErrorFrom,
  isSameLocalPost,
  locationPathOf,
  toBusinessAccountsPage,
  toLocalPostsPage,
  toLocationAccountsPage,
} from './transform';

const now = new Date('2026-11-28T12:00:00Z');
const refused = (status: number, body: unknown, operation: 'read' | 'publish' = 'publish') =>
  googleBusinessErrorFrom({ operation, status, headers: new Headers(), body, now });

const input = (overrides: Partial<PublishInput> = {}): PublishInput => ({
  account: { externalId: 'accounts/11/locations/22', username: 'maple' },
  text: 'Fresh bread from 7 am.',
  media: [],
  ...overrides,
});

describe('Google Business Profile transforms', () => {
  it('derives the three API bases from Google’s host or from the simulator’s path', () => {
    expect(googleBusinessBases('https://mybusiness.googleapis.com')).toEqual({
      accounts: 'https://mybusinessaccountmanagement.googleapis.com',
      information: 'https://mybusinessbusinessinformation.googleapis.com',
      posts: 'https://mybusiness.googleapis.com',
    });
    expect(googleBusinessBases('http://localhost:3000/sandbox/google-business/api/')).toEqual({
      accounts: 'http://localhost:3000/sandbox/google-business/api/mybusinessaccountmanagement',
      information: 'http://localhost:3000/sandbox/google-business/api/mybusinessbusinessinformation',
      posts: 'http://localhost:3000/sandbox/google-business/api/mybusiness',
    });
  });

  it('reads accounts and locations; a location is `accounts/{a}/locations/{l}` with no followers', () => {
    expect(
      toBusinessAccountsPage({ accounts: [{ name: 'accounts/11', accountName: 'Ada' }], nextPageToken: 'n' }),
    ).toEqual({ accounts: ['accounts/11'], next: 'n' });
    expect(toBusinessAccountsPage({})).toEqual({ accounts: [], next: null });
    const page = toLocationAccountsPage('accounts/11', {
      locations: [
        { name: 'locations/22', title: 'Maple Bakery', storefrontAddress: { locality: 'Springfield' } },
        { name: 'locations/23' },
      ],
    });
    expect(page.accounts).toEqual([
      {
        externalId: 'accounts/11/locations/22',
        username: 'maple-bakery-springfield',
        displayName: 'Maple Bakery',
        avatarUrl: null,
        followers: null,
      },
      {
        externalId: 'accounts/11/locations/23',
        username: 'unnamed-location',
        displayName: 'Unnamed location',
        avatarUrl: null,
        followers: null,
      },
    ]);
    expect(() => toLocationAccountsPage('accounts/11', { locations: [{ name: 'nope' }] })).toThrow(
      SocialPlatformError,
    );
    expect(locationPathOf('accounts/11/locations/22')).toBe('accounts/11/locations/22');
    expect(() => locationPathOf('accounts/11/../x')).toThrow(SocialPlatformError);
  });

  it('makes a What’s new post with one photo and a button', () => {
    const payload = toLocalPostPayload(
      input({
        media: [{ kind: 'image', url: 'https://app.example/m/1.jpg' } as PublishInput['media'][number]],
        options: { googleBusiness: { action: 'BOOK', actionUrl: 'https://example.com/book' } },
      }),
    );
    expect(payload).toEqual({
      languageCode: 'en',
      summary: 'Fresh bread from 7 am.',
      topicType: 'STANDARD',
      media: [{ mediaFormat: 'PHOTO', sourceUrl: 'https://app.example/m/1.jpg' }],
      callToAction: { actionType: 'BOOK', url: 'https://example.com/book' },
    });
    expect(
      toLocalPostPayload(
        input({ options: { googleBusiness: { action: 'CALL', actionUrl: 'https://x.example' } } }),
      ).callToAction,
    ).toEqual({ actionType: 'CALL' });
  });

  it('makes an Event and an Offer with the schedule in the location’s wall-clock time', () => {
    const event = toLocalPostPayload(
      input({
        options: {
          googleBusiness: {
            topic: 'EVENT',
            eventTitle: 'Tasting night',
            startsAt: '2026-12-05T18:30',
            endsAt: '2026-12-05T21:00+01:00',
            couponCode: 'IGNORED',
          },
        },
      }),
    );
    expect(event.event).toEqual({
      title: 'Tasting night',
      schedule: {
        startDate: { year: 2026, month: 12, day: 5 },
        startTime: { hours: 18, minutes: 30, seconds: 0, nanos: 0 },
        endDate: { year: 2026, month: 12, day: 5 },
        endTime: { hours: 21, minutes: 0, seconds: 0, nanos: 0 },
      },
    });
    expect(event.offer).toBeUndefined();
    const offer = toLocalPostPayload(
      input({
        options: {
          googleBusiness: {
            topic: 'OFFER',
            eventTitle: '20% off',
            startsAt: '2026-12-01T00:00',
            endsAt: '2026-12-24T23:59',
            couponCode: 'XMAS20',
            redeemUrl: 'https://example.com/shop',
            terms: 'One per customer.',
            action: 'SHOP',
            actionUrl: 'https://example.com',
          },
        },
      }),
    );
    expect(offer.topicType).toBe('OFFER');
    expect(offer.offer).toEqual({
      couponCode: 'XMAS20',
      redeemOnlineUrl: 'https://example.com/shop',
      termsConditions: 'One per customer.',
    });
    expect(offer.callToAction).toBeUndefined();
    expect(() => toLocalPostPayload(input({ options: { googleBusiness: { topic: 'EVENT' } } }))).toThrow(
      InvalidContentError,
    );
    expect(() =>
      toLocalPostPayload(
        input({ media: [{ kind: 'video', url: 'https://x/v.mp4' } as PublishInput['media'][number]] }),
      ),
    ).toThrow(/not a video/);
  });

  it('maps Google’s errors to our kinds', () => {
    const error = (code: number, status: string, message: string, details: unknown[] = []) => ({
      error: { code, status, message, details },
    });
    expect(
      refused(401, error(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.')),
    ).toBeInstanceOf(TokenExpiredError);
    const limited = refused(
      429,
      error(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded', [
        { '@type': 'x', reason: 'RATE_LIMIT_EXCEEDED', metadata: { quota_limit_value: '300' } },
      ]),
    );
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).resetAt?.toISOString()).toBe('2026-11-28T12:01:00.000Z');
    const unapproved = refused(
      429,
      error(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded', [
        { reason: 'RATE_LIMIT_EXCEEDED', metadata: { quota_limit_value: '0' } },
      ]),
    );
    expect(unapproved).not.toBeInstanceOf(RateLimitedError);
    expect(unapproved.message).toMatch(/not approved this Cloud project/);
    const invalid = refused(
      400,
      error(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', [
        {
          '@type': 'type.googleapis.com/google.mybusiness.v4.ValidationError',
          errorDetails: [{ code: 2, field: 'summary', message: 'Summary is too long' }],
        },
      ]),
    );
    expect(invalid).toBeInstanceOf(InvalidContentError);
    expect(invalid.message).toContain('summary: Summary is too long');
    expect(
      refused(403, error(403, 'PERMISSION_DENIED', 'x', [{ reason: 'SERVICE_DISABLED' }])).message,
    ).toMatch(/not enabled/);
    expect(refused(503, error(503, 'UNAVAILABLE', 'down'))).toBeInstanceOf(TransientPlatformError);
    expect(refused(500, error(500, 'INTERNAL', 'oops'))).toBeInstanceOf(UnknownOutcomeError);
    expect(refused(500, error(500, 'INTERNAL', 'oops'), 'read')).toBeInstanceOf(TransientPlatformError);
  });

  it('recognises the post an attempt sent among the location’s posts', () => {
    const { posts } = toLocalPostsPage({
      localPosts: [
        {
          name: 'accounts/1/locations/2/localPosts/3',
          summary: 'Fresh  bread\nfrom 7 am.',
          createTime: '2026-11-28T12:00:30Z',
          state: 'LIVE',
        },
      ],
    });
    const [post] = posts;
    expect(post && isSameLocalPost(post, 'Fresh bread from 7 am.', now)).toBe(true);
    expect(post && isSameLocalPost(post, 'Fresh bread from 7 am.', new Date('2026-11-28T13:00:00Z'))).toBe(
      false,
    );
    expect(post && isSameLocalPost(post, 'Other', now)).toBe(false);
  });
});

describe('Google Business Profile post rules', () => {
  it('finds phone numbers, not dates, times or figures', () => {
    expect(findPhoneNumber('Call us on +44 20 7946 0958 today')).toBe('+44 20 7946 0958');
    expect(findPhoneNumber('Ring (555) 123-4567')).toBe('(555) 123-4567');
    expect(findPhoneNumber('Open 2026-12-05, 9.00-17.30, 1,500,000 loaves sold')).toBeNull();
    expect(findPhoneNumber('Only 12 left at 3.50')).toBeNull();
  });

  it('asks an Event or Offer for its title and dates, and a button for its link', () => {
    expect(checkGoogleBusinessPost('Hello', { topic: 'EVENT' })).toEqual([
      'An Event needs a title.',
      'An Event needs a start and an end date.',
    ]);
    expect(checkGoogleBusinessPost('Hello', { action: 'ORDER' })).toEqual([
      'Add the link the Order online button opens.',
    ]);
    expect(checkGoogleBusinessPost('Hello', { action: 'CALL' })).toEqual([]);
    expect(checkGoogleBusinessPost('Call 555 123 4567', undefined)[0]).toMatch(/phone number/);
    expect(checkGoogleBusinessPost('Hello', undefined)).toEqual([]);
  });

  it('refuses contradictions when the options are sent: an end before the start, a date that is none', () => {
    expect(
      googleBusinessOptions.safeParse({ startsAt: '2026-12-05T18:00', endsAt: '2026-12-05T17:00' }).success,
    ).toBe(false);
    expect(googleBusinessOptions.safeParse({ startsAt: '2026-02-30T18:00' }).success).toBe(false);
    expect(googleBusinessOptions.safeParse({ eventTitle: 'x'.repeat(59) }).success).toBe(false);
    expect(googleBusinessOptions.safeParse({ topic: 'EVENT' }).success).toBe(true);
    expect(googleBusinessOptions.safeParse({ topic: 'ALERT' }).success).toBe(false);
  });
});
