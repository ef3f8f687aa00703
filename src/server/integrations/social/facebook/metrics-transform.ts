import { z } from 'zod';
import { answerReader } from '../http/parse-answer';
import { type PostMetricsReading, SocialPlatformError } from '../social-provider';

/*
 * Facebook post insights, the post's own counts and Page followers to our metric names
 * (contracts/analytics.ts). Pure, tested alone (metrics-transform.test.ts). Honesty rule: a metric
 * Facebook did not send is null, never 0.
 *
 * One unknown metric makes Facebook refuse the whole insights call ("(#100) The value must be a
 * valid insights metric", code 100), so only metrics verified against Meta's current reference are
 * asked for (decision 043). Meta removed the impressions metrics (post_impressions*) in 2025 for all
 * versions (Pages API changelog, platforms.md F5):
 * - post_total_media_view_unique: people who saw the post (documented; Postiz
 *   facebook.provider.ts reads it as its replacement of post_impressions_unique) → reach.
 * - post_reactions_by_type_total, post_clicks: documented in the insights reference and read by
 *   Postiz (HEAD 2026-08) → likes, clicks.
 * - post_media_view ("views") is NOT asked for: the audit could not confirm it in Meta's reference
 *   and third-party reports show it refused; impressions are therefore not reported (null).
 * Comments and shares are not insights: they are the post's own fields, `comments.summary(true)`
 * (`summary.total_count`) and `shares` (`count`), read with `GET /{post-id}?fields=…` (Page Post
 * reference; Mixpost and Postiz read them the same way).
 */

const parse = answerReader('facebook', 'Facebook');

/** The post insights Kitepost reads (`GET /{post-id}/insights?metric=…`). */
export const POST_INSIGHT_METRICS = [
  'post_total_media_view_unique',
  'post_reactions_by_type_total',
  'post_clicks',
] as const;

/** The post's own fields with its comment and share counts (`GET /{post-id}?fields=…`). */
export const POST_COUNT_FIELDS = ['comments.limit(0).summary(true)', 'shares'] as const;

const insightsResponse = z.object({
  data: z.array(
    z
      .object({
        name: z.string(),
        values: z.array(z.object({ value: z.unknown() }).loose()).default([]),
      })
      .loose(),
  ),
});

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

const postCounts = z
  .object({
    comments: z
      .object({ summary: z.object({ total_count: z.unknown().optional() }).loose().optional() })
      .loose()
      .optional(),
    shares: z.object({ count: z.unknown().optional() }).loose().optional(),
  })
  .loose();

/**
 * `GET /{post-id}?fields=comments.limit(0).summary(true),shares` → comments and shares. Comments
 * without a summary count are not reported (null). Graph leaves `shares` out of a post nobody has
 * shared, so when the comment count came an absent `shares` is 0; without it, null.
 */
export function toFacebookPostCounts(body: unknown): { comments: number | null; shares: number | null } {
  const result = postCounts.safeParse(body);
  if (!result.success) throw new SocialPlatformError('facebook', 'Facebook answered with an unexpected post');
  const comments = result.data.comments?.summary?.total_count;
  // Without a comment summary Facebook reported no counts at all: shares unknown too.
  const shares =
    result.data.shares !== undefined ? result.data.shares.count : isCount(comments) ? 0 : undefined;
  return {
    comments: isCount(comments) ? Math.floor(comments) : null,
    shares: isCount(shares) ? Math.floor(shares) : null,
  };
}

/**
 * `GET /{post-id}/insights`: each metric's latest (lifetime) value, with the post's own counts
 * (toFacebookPostCounts). A metric absent from `data`, or sent without a usable value, is null;
 * reactions are the sum over post_reactions_by_type_total (`{}`: reported, none yet: 0).
 */
export function toFacebookPostReading(
  externalId: string,
  body: unknown,
  counts: { comments: number | null; shares: number | null } = { comments: null, shares: null },
): PostMetricsReading {
  const answer = parse(insightsResponse, body, 'post insights answer');
  const latest = (name: string): unknown =>
    answer.data.find((entry) => entry.name === name)?.values.at(-1)?.value;
  const count = (name: string): number | null => {
    const value = latest(name);
    return isCount(value) ? Math.floor(value) : null;
  };
  return {
    externalId,
    // Not asked for: no documented metric counts a post's views (see the top of this file).
    impressions: null,
    reach: count('post_total_media_view_unique'),
    // Video plays are read for video posts and Reels only (issue 24); none for a photo post.
    views: null,
    likes: reactionsOf(latest('post_reactions_by_type_total')),
    comments: counts.comments,
    shares: counts.shares,
    clicks: count('post_clicks'),
  };
}

/** `{like: 3, love: 1}` → 4; a plain number as it is; anything else: not reported. */
function reactionsOf(value: unknown): number | null {
  if (isCount(value)) return Math.floor(value);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  let total = 0;
  for (const byType of Object.values(value)) if (isCount(byType)) total += Math.floor(byType);
  return total;
}

const pageResponse = z.object({ followers_count: z.unknown().optional() }).loose();

/** `GET /{page-id}?fields=followers_count` → the Page's followers, null when Facebook sent none. */
export function toFacebookFollowers(body: unknown): number | null {
  const result = pageResponse.safeParse(body);
  if (!result.success) throw new SocialPlatformError('facebook', 'Facebook answered with an unexpected Page');
  const value = result.data.followers_count;
  return isCount(value) ? Math.floor(value) : null;
}
