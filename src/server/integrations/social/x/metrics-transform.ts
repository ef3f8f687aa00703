import { z } from 'zod';
import { notReportedMetrics } from '../../../../contracts/analytics';
import { answerReader } from '../http/parse-answer';
import type { PostMetricsReading } from '../social-provider';

/*
 * X's post and follower counts to our metric names (contracts/analytics.ts). Pure, tested alone
 * (metrics-transform.test.ts). Honesty rule: a count X did not send is null, never 0. X reports
 * no reach at all, and its link clicks are non-public metrics Kitepost does not read.
 */

const parse = answerReader('twitter', 'X');

/** A count X sent; anything else (absent, negative, not a number) reads as not reported. */
const maybeCount = z.number().int().nonnegative().optional().catch(undefined);

const postsResponse = z.object({
  data: z
    .array(
      z.object({
        id: z.string(),
        public_metrics: z
          .object({
            impression_count: maybeCount,
            like_count: maybeCount,
            reply_count: maybeCount,
            retweet_count: maybeCount,
            quote_count: maybeCount,
          })
          .loose()
          .optional(),
      }),
    )
    .optional(),
  errors: z
    .array(z.object({ resource_id: z.string().optional(), value: z.string().optional() }).loose())
    .optional(),
});

/** Reposts and quotes both spread the post: shares. null only when X sent neither. */
function sharesOf(reposts: number | undefined, quotes: number | undefined): number | null {
  if (reposts === undefined && quotes === undefined) return null;
  return (reposts ?? 0) + (quotes ?? 0);
}

/**
 * `GET /2/tweets?ids=…&tweet.fields=public_metrics` (a 200 with partial `errors[]`): a reading per
 * post X answered, and the requested ids X named in `errors` (deleted, or no longer visible).
 * A requested id X left out of both reads as reported-nothing.
 */
export function toXPostReadings(
  body: unknown,
  requestedIds: readonly string[],
): { metrics: PostMetricsReading[]; missing: string[] } {
  const answer = parse(postsResponse, body, 'posts answer');
  const requested = new Set(requestedIds);
  const found = new Map<string, PostMetricsReading>();
  for (const post of answer.data ?? []) {
    if (!requested.has(post.id)) continue;
    const counts = post.public_metrics;
    found.set(post.id, {
      externalId: post.id,
      impressions: counts?.impression_count ?? null,
      reach: null,
      likes: counts?.like_count ?? null,
      comments: counts?.reply_count ?? null,
      shares: sharesOf(counts?.retweet_count, counts?.quote_count),
      clicks: null,
      views: null,
    });
  }
  const missing = new Set<string>();
  for (const error of answer.errors ?? []) {
    const id = error.resource_id ?? error.value;
    if (id && requested.has(id) && !found.has(id)) missing.add(id);
  }
  const metrics = requestedIds.flatMap((id): PostMetricsReading[] => {
    if (missing.has(id)) return [];
    return [found.get(id) ?? { externalId: id, ...notReportedMetrics }];
  });
  return { metrics, missing: [...missing] };
}

const followersResponse = z.object({
  data: z.object({
    public_metrics: z.object({ followers_count: maybeCount }).loose().optional(),
  }),
});

/** `GET /2/users/me?user.fields=public_metrics` → followers_count, null when X sent none. */
export function toXFollowers(body: unknown): number | null {
  const answer = parse(followersResponse, body, 'user');
  return answer.data.public_metrics?.followers_count ?? null;
}
