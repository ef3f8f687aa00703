import { describe, expect, it } from 'vitest';
import { notReportedMetrics } from '../../../../contracts/analytics';
import { SocialPlatformError } from '../social-provider';
import { toXFollowers, toXPostReadings } from './metrics-transform';

describe('toXPostReadings', () => {
  it("reads a video post's views from its media (includes.media public_metrics.view_count); none for others", () => {
    const { metrics } = toXPostReadings(
      {
        data: [
          {
            id: '20',
            text: 'video',
            public_metrics: { like_count: 1 },
            attachments: { media_keys: ['7_99'] },
          },
          {
            id: '21',
            text: 'photo',
            public_metrics: { like_count: 1 },
            attachments: { media_keys: ['3_98'] },
          },
          { id: '22', text: 'video, no count', attachments: { media_keys: ['7_97'] } },
          { id: '23', text: 'text' },
        ],
        includes: {
          media: [
            { media_key: '7_99', type: 'video', public_metrics: { view_count: 1234 } },
            { media_key: '3_98', type: 'photo' },
            { media_key: '7_97', type: 'video' },
          ],
        },
      },
      ['20', '21', '22', '23'],
    );
    expect(metrics.map((reading) => reading.views)).toEqual([1234, null, null, null]);
  });

  it('maps public metrics to our names: shares are reposts and quotes; X reports no reach or clicks', () => {
    const result = toXPostReadings(
      {
        data: [
          {
            id: '10',
            text: 'a',
            public_metrics: {
              retweet_count: 2,
              reply_count: 1,
              like_count: 9,
              quote_count: 4,
              bookmark_count: 3,
              impression_count: 400,
            },
          },
        ],
      },
      ['10'],
    );
    expect(result).toEqual({
      metrics: [
        {
          externalId: '10',
          impressions: 400,
          reach: null,
          likes: 9,
          comments: 1,
          shares: 6,
          clicks: null,
          views: null,
        },
      ],
      missing: [],
    });
  });

  it('reads what X left out as null, never 0', () => {
    const { metrics } = toXPostReadings(
      {
        data: [
          { id: '11', text: 'no metrics at all' },
          { id: '12', text: 'some', public_metrics: { like_count: 0, quote_count: 2 } },
          { id: '13', text: 'odd', public_metrics: { like_count: -1, impression_count: 'many' } },
        ],
      },
      ['11', '12', '13'],
    );
    expect(metrics).toEqual([
      { externalId: '11', ...notReportedMetrics },
      {
        externalId: '12',
        impressions: null,
        reach: null,
        likes: 0,
        comments: null,
        shares: 2,
        clicks: null,
        views: null,
      },
      { externalId: '13', ...notReportedMetrics },
    ]);
  });

  it('lists ids X reports in errors (deleted) as missing, in a 200 with partial errors', () => {
    const result = toXPostReadings(
      {
        data: [{ id: '20', public_metrics: { like_count: 1 } }],
        errors: [
          {
            value: '21',
            detail: 'Could not find tweet with ids: [21].',
            title: 'Not Found Error',
            resource_type: 'tweet',
            parameter: 'ids',
            resource_id: '21',
            type: 'https://api.x.com/2/problems/resource-not-found',
          },
          // An error about an id that was not asked for says nothing about ours.
          { value: '99', resource_id: '99', title: 'Not Found Error' },
        ],
      },
      ['20', '21'],
    );
    expect(result.missing).toEqual(['21']);
    expect(result.metrics.map((reading) => reading.externalId)).toEqual(['20']);
    expect(toXPostReadings({ errors: [{ resource_id: '5' }] }, ['5'])).toEqual({
      metrics: [],
      missing: ['5'],
    });
  });

  it('reads an id X answered nothing about as reported-nothing, in the order asked', () => {
    const { metrics, missing } = toXPostReadings(
      { data: [{ id: '31', public_metrics: { like_count: 2 } }] },
      ['30', '31'],
    );
    expect(missing).toEqual([]);
    expect(metrics.map((reading) => [reading.externalId, reading.likes])).toEqual([
      ['30', null],
      ['31', 2],
    ]);
  });

  it('refuses an answer that is not X posts', () => {
    expect(() => toXPostReadings({ data: 'nope' }, ['1'])).toThrow(SocialPlatformError);
  });
});

describe('toXFollowers', () => {
  it('reads followers_count, null when X sent none', () => {
    expect(toXFollowers({ data: { id: '1', public_metrics: { followers_count: 1234 } } })).toBe(1234);
    expect(toXFollowers({ data: { id: '1', public_metrics: { followers_count: 0 } } })).toBe(0);
    expect(toXFollowers({ data: { id: '1' } })).toBeNull();
    expect(toXFollowers({ data: { id: '1', public_metrics: {} } })).toBeNull();
    expect(() => toXFollowers({ errors: [] })).toThrow(SocialPlatformError);
  });
});
