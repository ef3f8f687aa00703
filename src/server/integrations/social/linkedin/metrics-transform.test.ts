import { describe, expect, it } from 'vitest';
import { SocialPlatformError } from '../social-provider';
import { LINKEDIN_METRIC_TYPES, toLinkedInMetricCount, toLinkedInPostReading } from './metrics-transform';

describe('LinkedIn post analytics', () => {
  it('reads one metric total; no element means LinkedIn has no number: null, not 0', () => {
    expect(
      toLinkedInMetricCount({
        paging: { start: 0, count: 10, links: [] },
        elements: [{ count: 412, metricType: 'IMPRESSION', targetEntity: { share: 'urn:li:share:1' } }],
      }),
    ).toBe(412);
    expect(toLinkedInMetricCount({ elements: [{ count: 0, metricType: 'COMMENT' }] })).toBe(0);
    expect(toLinkedInMetricCount({ paging: { start: 0, count: 10 }, elements: [] })).toBeNull();
    expect(toLinkedInMetricCount({ elements: [{ metricType: 'RESHARE' }] })).toBeNull();
    expect(() => toLinkedInMetricCount({})).toThrow(SocialPlatformError);
  });

  it('names the five metrics and maps them (and video plays: views) to ours; LinkedIn reports no clicks', () => {
    expect(LINKEDIN_METRIC_TYPES).toEqual([
      'IMPRESSION',
      'MEMBERS_REACHED',
      'REACTION',
      'COMMENT',
      'RESHARE',
    ]);
    expect(
      toLinkedInPostReading('urn:li:share:1', {
        IMPRESSION: 10,
        MEMBERS_REACHED: 8,
        REACTION: 3,
        COMMENT: null,
        RESHARE: 1,
      }),
    ).toEqual({
      externalId: 'urn:li:share:1',
      impressions: 10,
      reach: 8,
      likes: 3,
      comments: null,
      shares: 1,
      clicks: null,
      views: null,
    });
    const counts = { IMPRESSION: 10, MEMBERS_REACHED: 8, REACTION: 3, COMMENT: 0, RESHARE: 1 };
    expect(toLinkedInPostReading('urn:li:share:2', counts, 4).views).toBe(4);
  });
});
