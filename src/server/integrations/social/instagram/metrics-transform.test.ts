import { describe, expect, it } from 'vitest';
import { notReportedMetrics } from '../../../../contracts/analytics';
import { SocialPlatformError } from '../social-provider';
import { toInstagramFollowers, toInstagramPostReading } from './metrics-transform';

describe('toInstagramPostReading', () => {
  it('maps views to impressions, and reach, likes, comments, shares; Instagram reports no clicks', () => {
    const reading = toInstagramPostReading('9', {
      data: [
        { name: 'views', period: 'lifetime', values: [{ value: 812 }], id: '9/insights/views/lifetime' },
        { name: 'reach', total_value: { value: 600 } },
        { name: 'likes', period: 'lifetime', values: [{ value: 40 }] },
        { name: 'comments', period: 'lifetime', values: [{ value: 0 }] },
        { name: 'shares', period: 'lifetime', values: [{ value: 3 }] },
        { name: 'saved', period: 'lifetime', values: [{ value: 8 }] },
        { name: 'impressions', values: [{ value: 1 }] },
      ],
    });
    expect(reading).toEqual({
      externalId: '9',
      impressions: 812,
      reach: 600,
      likes: 40,
      comments: 0,
      shares: 3,
      clicks: null,
      views: null,
    });
  });

  it('reads views as video views (plays) of a Reel only', () => {
    const body = { data: [{ name: 'views', values: [{ value: 90 }] }] };
    expect(toInstagramPostReading('9', body, { reel: true })).toMatchObject({ impressions: 90, views: 90 });
    expect(toInstagramPostReading('9', body)).toMatchObject({ impressions: 90, views: null });
  });

  it('reads the empty set Instagram answers while its data lags as every metric null, not 0', () => {
    expect(toInstagramPostReading('10', { data: [] })).toEqual({ externalId: '10', ...notReportedMetrics });
  });

  it('reads a metric left out, or sent without a count, as null', () => {
    const reading = toInstagramPostReading('11', {
      data: [
        { name: 'views', values: [{ value: 5 }] },
        { name: 'likes', values: [] },
        { name: 'reach', values: [{ value: -2 }] },
      ],
    });
    expect(reading).toMatchObject({ impressions: 5, likes: null, reach: null, comments: null, shares: null });
    expect(() => toInstagramPostReading('12', { nope: true })).toThrow(SocialPlatformError);
  });
});

describe('toInstagramFollowers', () => {
  it('reads followers_count, null when Instagram sent none', () => {
    expect(toInstagramFollowers({ user_id: '1784', followers_count: 77, id: '99' })).toBe(77);
    expect(toInstagramFollowers({ user_id: '1784', id: '99' })).toBeNull();
  });
});
