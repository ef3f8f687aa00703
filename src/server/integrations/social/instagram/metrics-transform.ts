import { z } from 'zod';
import { answerReader } from '../http/parse-answer';
import { type PostMetricsReading, SocialPlatformError } from '../social-provider';

/*
 * Instagram media insights and followers to our metric names (contracts/analytics.ts). Pure,
 * tested alone (metrics-transform.test.ts). Honesty rule: a metric Instagram did not send is null,
 * never 0; Instagram answers an empty set while a post's data lags (up to 48 h), which reads as
 * every metric null. `views` replaced `impressions` (deprecated 2025-04-21) and stands in for it.
 */

const parse = answerReader('instagram', 'Instagram');

/** The media metrics Kitepost asks for (`impressions`, `plays`, `video_views` are deprecated). */
export const MEDIA_METRICS = [
  'views',
  'reach',
  'likes',
  'comments',
  'shares',
  'saved',
  'total_interactions',
] as const;

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

/** `GET /{media-id}/insights?metric=…`: each metric's lifetime value, null where none was sent. */
export function toInstagramPostReading(externalId: string, body: unknown): PostMetricsReading {
  const answer = parse(insightsResponse, body, 'insights answer');
  const count = (name: string): number | null => {
    const entry = answer.data.find((one) => one.name === name);
    const value = entry?.total_value?.value ?? entry?.values?.at(-1)?.value;
    return isCount(value) ? Math.floor(value) : null;
  };
  return {
    externalId,
    impressions: count('views'),
    reach: count('reach'),
    likes: count('likes'),
    comments: count('comments'),
    shares: count('shares'),
    // Instagram reports no clicks on a post (profile and link taps are account-level insights).
    clicks: null,
    views: null,
  };
}

const profileResponse = z.object({ followers_count: z.unknown().optional() }).loose();

/** `GET /me?fields=followers_count` → the account's followers, null when Instagram sent none. */
export function toInstagramFollowers(body: unknown): number | null {
  const result = profileResponse.safeParse(body);
  if (!result.success)
    throw new SocialPlatformError('instagram', 'Instagram answered with an unexpected profile');
  const value = result.data.followers_count;
  return isCount(value) ? Math.floor(value) : null;
}
