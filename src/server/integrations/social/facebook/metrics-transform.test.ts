import { describe, expect, it } from 'vitest';
import { notReportedMetrics } from '../../../../contracts/analytics';
import { SocialPlatformError } from '../social-provider';
import { toFacebookFollowers, toFacebookPostReading } from './metrics-transform';

const insight = (name: string, value: unknown) => ({
  name,
  period: 'lifetime',
  values: [{ value }],
  id: `101_1/insights/${name}/lifetime`,
});

describe('toFacebookPostReading', () => {
  it('maps views to impressions, viewers to reach, reactions by type to likes, and clicks', () => {
    const reading = toFacebookPostReading('101_9001', {
      data: [
        insight('post_total_media_view_unique', 720),
        insight('post_media_view', 1000),
        insight('post_reactions_by_type_total', { like: 7, love: 2, haha: 1 }),
        insight('post_clicks', 15),
      ],
    });
    expect(reading).toEqual({
      externalId: '101_9001',
      impressions: 1000,
      reach: 720,
      likes: 10,
      // Not post insights, and unconfirmed elsewhere: never guessed.
      comments: null,
      shares: null,
      clicks: 15,
    });
  });

  it('reads a metric missing from data as null, and an empty set as every metric null', () => {
    expect(toFacebookPostReading('1_2', { data: [insight('post_media_view', 40)] })).toEqual({
      externalId: '1_2',
      impressions: 40,
      reach: null,
      likes: null,
      comments: null,
      shares: null,
      clicks: null,
    });
    expect(toFacebookPostReading('1_3', { data: [] })).toEqual({ externalId: '1_3', ...notReportedMetrics });
  });

  it('counts reported-but-none reactions as 0, and ignores values that are not counts', () => {
    const reading = toFacebookPostReading('1_4', {
      data: [
        insight('post_reactions_by_type_total', {}),
        insight('post_clicks', null),
        { name: 'post_media_view', period: 'lifetime', values: [] },
      ],
    });
    expect(reading.likes).toBe(0);
    expect(reading.clicks).toBeNull();
    expect(reading.impressions).toBeNull();
    expect(() => toFacebookPostReading('1_5', { error: {} })).toThrow(SocialPlatformError);
  });
});

describe('toFacebookFollowers', () => {
  it('reads followers_count, null when Facebook sent none', () => {
    expect(toFacebookFollowers({ id: '101', followers_count: 2048 })).toBe(2048);
    expect(toFacebookFollowers({ id: '101', fan_count: 2000 })).toBeNull();
    expect(toFacebookFollowers({ id: '101', followers_count: 'lots' })).toBeNull();
  });
});
