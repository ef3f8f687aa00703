import { z } from 'zod';
import { answerReader } from '../http/parse-answer';
import type { PostMetricsReading } from '../social-provider';

/*
 * Threads insights to our metric names (contracts/analytics.ts). Pure, tested alone
 * (metrics-transform.test.ts). Source: [TH-INS] developers.facebook.com/docs/threads/insights
 * (media metrics `views, likes, replies, reposts, quotes`, lifetime values under `values[0]`;
 * user metric `followers_count` as a `total_value`); Postiz threads.provider.ts reads the same
 * five. Honesty rule: a metric Threads did not send is null, never 0.
 */

const parse = answerReader('threads', 'Threads');

/** The media metrics Kitepost asks for [TH-INS]. */
export const THREADS_MEDIA_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes'] as const;

const insightsResponse = z.object({
  data: z.array(
    z
      .object({
        name: z.string(),
        values: z.array(z.object({ value: z.unknown() }).loose()).optional(),
        total_value: z.object({ value: z.unknown() }).loose().optional(),
      })
      .loose(),
  ),
});

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function countsOf(body: unknown): (name: string) => number | null {
  const answer = parse(insightsResponse, body, 'insights answer');
  return (name) => {
    const entry = answer.data.find((one) => one.name === name);
    const value = entry?.total_value?.value ?? entry?.values?.at(-1)?.value;
    return isCount(value) ? Math.floor(value) : null;
  };
}

/**
 * `GET /{media-id}/insights?metric=views,likes,replies,reposts,quotes`: `views` ("the number of
 * times the post was viewed") is its impressions; replies are its comments; reposts and quotes
 * both spread it, so they are its shares (as X's reposts and quotes are, x/metrics-transform.ts).
 * Threads reports no reach, no clicks and no separate video plays: null.
 */
export function toThreadsPostReading(externalId: string, body: unknown): PostMetricsReading {
  const count = countsOf(body);
  const reposts = count('reposts');
  const quotes = count('quotes');
  return {
    externalId,
    impressions: count('views'),
    reach: null,
    likes: count('likes'),
    comments: count('replies'),
    shares: reposts === null && quotes === null ? null : (reposts ?? 0) + (quotes ?? 0),
    clicks: null,
    views: null,
  };
}

/** `GET /{user-id}/threads_insights?metric=followers_count` → the followers, null when none sent. */
export function toThreadsFollowers(body: unknown): number | null {
  return countsOf(body)('followers_count');
}
