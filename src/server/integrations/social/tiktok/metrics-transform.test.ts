import { describe, expect, it } from 'vitest';
import { isVideoId, toTikTokReadings } from './metrics-transform';

describe('TikTok metrics', () => {
  it('maps counts to our names, null where not reported, absent ids missing', () => {
    const read = toTikTokReadings(
      {
        data: {
          videos: [
            { id: '1', view_count: 10, like_count: 2 },
            { id: 3, view_count: 0, comment_count: 1, share_count: 4 },
          ],
        },
      },
      ['1', '2', '3'],
    );
    expect(read.missing).toEqual(['2']);
    expect(read.metrics).toEqual([
      {
        externalId: '1',
        impressions: null,
        reach: null,
        clicks: null,
        views: 10,
        likes: 2,
        comments: null,
        shares: null,
      },
      {
        externalId: '3',
        impressions: null,
        reach: null,
        clicks: null,
        views: 0,
        likes: null,
        comments: 1,
        shares: 4,
      },
    ]);
  });

  it('tells a video id from a publish id', () => {
    expect(isVideoId('7301234567890123456')).toBe(true);
    expect(isVideoId('v_pub_file~v2-1.123')).toBe(false);
  });
});
