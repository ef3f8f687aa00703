import { z } from 'zod';
import { type PostMetricsReading, SocialPlatformError } from '../social-provider';

/*
 * Facebook post insights and Page followers to our metric names (contracts/analytics.ts). Pure,
 * tested alone (metrics-transform.test.ts). Honesty rule: a metric Facebook did not send is null,
 * never 0. Meta removed the impressions metrics in 2025: post_media_view ("views") stands in for
 * impressions and post_total_media_view_unique (people who saw it) for reach. Comment and share
 * counts are not post insights, and no source confirms where else to read them (platforms.md:
 * UNCONFIRMED), so they are null rather than a guess.
 */

/** The post insights Kitepost reads (`GET /{post-id}/insights?metric=…`). */
export const POST_INSIGHT_METRICS = [
  'post_media_view',
  'post_total_media_view_unique',
  'post_reactions_by_type_total',
  'post_clicks',
] as const;

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

/**
 * `GET /{post-id}/insights`: each metric's latest (lifetime) value. A metric absent from `data`,
 * or sent without a usable value, is null; reactions are the sum over post_reactions_by_type_total
 * (`{}`: reported, none yet: 0).
 */
export function toFacebookPostReading(externalId: string, body: unknown): PostMetricsReading {
  const result = insightsResponse.safeParse(body);
  if (!result.success) {
    throw new SocialPlatformError(
      'facebook',
      `Facebook answered with unexpected post insights: ${z.prettifyError(result.error)}`,
    );
  }
  const latest = (name: string): unknown =>
    result.data.data.find((entry) => entry.name === name)?.values.at(-1)?.value;
  const count = (name: string): number | null => {
    const value = latest(name);
    return isCount(value) ? Math.floor(value) : null;
  };
  return {
    externalId,
    impressions: count('post_media_view'),
    reach: count('post_total_media_view_unique'),
    likes: reactionsOf(latest('post_reactions_by_type_total')),
    comments: null,
    shares: null,
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
