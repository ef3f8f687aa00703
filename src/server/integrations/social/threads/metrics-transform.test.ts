import { describe, expect, it } from 'vitest';
import { toThreadsFollowers, toThreadsPostReading } from './metrics-transform';

const metric = (name: string, value: unknown) => ({ name, period: 'lifetime', values: [{ value }] });

describe('Threads insights in our names', () => {
  it('maps views to impressions, replies to comments, reposts and quotes to shares', () => {
    const body = {
      data: [
        metric('views', 120),
        metric('likes', 9),
        metric('replies', 3),
        metric('reposts', 2),
        metric('quotes', 1),
      ],
    };
    expect(toThreadsPostReading('7', body)).toEqual({
      externalId: '7',
      impressions: 120,
      reach: null,
      likes: 9,
      comments: 3,
      shares: 3,
      clicks: null,
      views: null,
    });
  });

  it('answers null, never 0, for what Threads did not send', () => {
    expect(toThreadsPostReading('7', { data: [] })).toMatchObject({
      impressions: null,
      likes: null,
      comments: null,
      shares: null,
    });
    expect(toThreadsPostReading('7', { data: [metric('reposts', 4)] }).shares).toBe(4);
    expect(toThreadsPostReading('7', { data: [metric('likes', 'many')] }).likes).toBeNull();
  });

  it('reads followers_count as a total value, null when absent', () => {
    expect(toThreadsFollowers({ data: [{ name: 'followers_count', total_value: { value: 321 } }] })).toBe(
      321,
    );
    expect(toThreadsFollowers({ data: [] })).toBeNull();
  });
});
