import { describe, expect, it } from 'vitest';
import { notReportedMetrics } from '../../../../contracts/analytics';
import { SocialPlatformError } from '../social-provider';
import {
  POST_INSIGHT_METRICS,
  toFacebookFollowers,
  toFacebookPostCounts,
  toFacebookPostReading,
  toFacebookVideoReading,
} from './metrics-transform';

const insight = (name: string, value: unknown) => ({
  name,
  period: 'lifetime',
  values: [{ value }],
  id: `101_1/insights/${name}/lifetime`,
});

describe('toFacebookPostReading', () => {
  it('asks only for metrics verified in the current reference (decision 043)', () => {
    expect([...POST_INSIGHT_METRICS]).toEqual([
      'post_total_media_view_unique',
      'post_reactions_by_type_total',
      'post_clicks',
    ]);
  });

  it("maps viewers to reach, reactions by type to likes, clicks, and the post's own counts", () => {
    const reading = toFacebookPostReading(
      '101_9001',
      {
        data: [
          insight('post_total_media_view_unique', 720),
          insight('post_reactions_by_type_total', { like: 7, love: 2, haha: 1 }),
          insight('post_clicks', 15),
        ],
      },
      { comments: 4, shares: 2 },
    );
    expect(reading).toEqual({
      externalId: '101_9001',
      // No documented metric counts views: not reported.
      impressions: null,
      reach: 720,
      likes: 10,
      comments: 4,
      shares: 2,
      clicks: 15,
      // Posts: no documented views metric (videos read theirs from video insights).
      views: null,
    });
  });

  it('reads a metric missing from data as null, and an empty set as every metric null', () => {
    expect(toFacebookPostReading('1_2', { data: [insight('post_clicks', 40)] })).toEqual({
      externalId: '1_2',
      impressions: null,
      clicks: 40,
      reach: null,
      likes: null,
      comments: null,
      shares: null,
      views: null,
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

describe('toFacebookPostCounts', () => {
  it('reads the comment summary and the share count; a post never shared has no shares field', () => {
    expect(
      toFacebookPostCounts({
        id: '1_2',
        comments: { data: [], summary: { order: 'ranked', total_count: 12, can_comment: true } },
        shares: { count: 3 },
      }),
    ).toEqual({ comments: 12, shares: 3 });
    expect(toFacebookPostCounts({ id: '1_2', comments: { data: [], summary: { total_count: 0 } } })).toEqual({
      comments: 0,
      shares: 0,
    });
    expect(toFacebookPostCounts({ id: '1_2', comments: { data: [] }, shares: { count: 'x' } })).toEqual({
      comments: null,
      shares: null,
    });
    expect(toFacebookPostCounts({ id: '1_2' })).toEqual({ comments: null, shares: null });
  });
});

describe('toFacebookFollowers', () => {
  it('reads followers_count, null when Facebook sent none', () => {
    expect(toFacebookFollowers({ id: '101', followers_count: 2048 })).toBe(2048);
    expect(toFacebookFollowers({ id: '101', fan_count: 2000 })).toBeNull();
    expect(toFacebookFollowers({ id: '101', followers_count: 'lots' })).toBeNull();
  });

  it("reads a video's views (total_video_views) and a Reel's plays (blue_reels_play_count)", () => {
    expect(
      toFacebookVideoReading('7', {
        data: [insight('total_video_views', 89), insight('total_video_views_unique', 56)],
      }),
    ).toMatchObject({ externalId: '7', views: 89, reach: 56, impressions: null, likes: null });
    expect(
      toFacebookVideoReading('8', {
        data: [insight('blue_reels_play_count', 12), insight('post_impressions_unique', 9)],
      }),
    ).toMatchObject({ views: 12, reach: 9 });
    expect(toFacebookVideoReading('9', { data: [] })).toMatchObject({ views: null, reach: null });
  });
});
