import { describe, expect, it } from 'vitest';
import {
  InvalidContentError,
  RateLimitedError,
  SocialPlatformError,
  TransientPlatformError,
} from '../social-provider';
import {
  asPageError,
  shareStatisticsQuery,
  toFollowerCount,
  toPageAccounts,
  toPostableOrganizationIds,
  toShareStatisticsReadings,
} from './transform';

describe('LinkedIn Page transforms', () => {
  it('keeps the approved organizations the member may post as, each once', () => {
    const body = {
      elements: [
        { organization: 'urn:li:organization:101', role: 'ADMINISTRATOR', state: 'APPROVED' },
        { organization: 'urn:li:organization:102', role: 'ANALYST', state: 'APPROVED' },
        { organization: 'urn:li:organization:103', role: 'ADMINISTRATOR', state: 'REQUESTED' },
        {
          organization: 'urn:li:organization:104',
          role: 'DIRECT_SPONSORED_CONTENT_POSTER',
          state: 'APPROVED',
        },
        { organizationalTarget: 'urn:li:organization:105', role: 'CONTENT_ADMINISTRATOR', state: 'APPROVED' },
        { organization: 'urn:li:organization:101', role: 'CONTENT_ADMIN', state: 'APPROVED' },
        { organization: 'urn:li:organizationBrand:106', role: 'ADMINISTRATOR', state: 'APPROVED' },
      ],
    };
    expect(toPostableOrganizationIds(body)).toEqual(['101', '105']);
    expect(toPostableOrganizationIds({ elements: [] })).toEqual([]);
    expect(() => toPostableOrganizationIds({ nope: true })).toThrow(SocialPlatformError);
  });

  it('makes one account per Page asked, named as LinkedIn shows it, followers apart', () => {
    const body = {
      results: {
        '101': { id: 101, localizedName: 'Maple Bakery', vanityName: 'maple-bakery' },
        '105': { id: 105, name: { localized: { en_US: 'Cedar Studio' } } },
      },
    };
    const accounts = toPageAccounts(body, ['105', '101', '999'], new Map([['101', 1200]]));
    expect(accounts).toEqual([
      { externalId: '105', username: '105', displayName: 'Cedar Studio', avatarUrl: null, followers: null },
      {
        externalId: '101',
        username: 'maple-bakery',
        displayName: 'Maple Bakery',
        avatarUrl: null,
        followers: 1200,
      },
    ]);
  });

  it('reads the follower count from firstDegreeSize; none is null', () => {
    expect(toFollowerCount({ firstDegreeSize: 219145 })).toBe(219145);
    expect(toFollowerCount({})).toBeNull();
    expect(() => toFollowerCount({ firstDegreeSize: 'many' })).toThrow(SocialPlatformError);
  });

  it('maps share statistics to our names; a post without an element is not reported, never 0', () => {
    const body = {
      elements: [
        {
          organizationalEntity: 'urn:li:organization:101',
          share: 'urn:li:share:1',
          totalShareStatistics: {
            impressionCount: 500,
            uniqueImpressionsCount: 320,
            clickCount: 12,
            likeCount: 30,
            commentCount: 4,
            shareCount: 2,
            engagement: 0.096,
          },
        },
      ],
    };
    const [first, second] = toShareStatisticsReadings(body, ['urn:li:share:1', 'urn:li:ugcPost:2']);
    expect(first).toEqual({
      externalId: 'urn:li:share:1',
      impressions: 500,
      reach: 320,
      likes: 30,
      comments: 4,
      shares: 2,
      clicks: 12,
      views: null,
    });
    expect(second).toEqual({
      externalId: 'urn:li:ugcPost:2',
      impressions: null,
      reach: null,
      likes: null,
      comments: null,
      shares: null,
      clicks: null,
      views: null,
    });
  });

  it('asks shares and ugcPosts in their own Rest.li lists, URNs encoded', () => {
    expect(shareStatisticsQuery('101', ['urn:li:share:1', 'urn:li:ugcPost:2', 'urn:li:share:3'])).toBe(
      'q=organizationalEntity&organizationalEntity=urn%3Ali%3Aorganization%3A101' +
        '&shares=List(urn%3Ali%3Ashare%3A1,urn%3Ali%3Ashare%3A3)&ugcPosts=List(urn%3Ali%3AugcPost%3A2)',
    );
  });

  it("relabels the shared LinkedIn code's errors as the Page platform's, kind and details kept", () => {
    const limited = asPageError(new RateLimitedError('linkedin', 'slow down', null));
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).platform).toBe('linkedin_page');
    const transient = asPageError(new TransientPlatformError('linkedin', 'down', 'server_error'));
    expect((transient as TransientPlatformError).kind).toBe('server_error');
    const refused = asPageError(new InvalidContentError('linkedin', 'too long')) as InvalidContentError;
    expect(refused).toBeInstanceOf(InvalidContentError);
    expect(refused.message).toBe('too long');
    const other = new Error('boom');
    expect(asPageError(other)).toBe(other);
  });
});
