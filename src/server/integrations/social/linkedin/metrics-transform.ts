import { z } from 'zod';
import { answerReader } from '../http/parse-answer';
import type { PostMetricsReading } from '../social-provider';

/*
 * LinkedIn member post analytics to our metric names (contracts/analytics.ts). Pure, tested alone
 * (metrics-transform.test.ts). memberCreatorPostAnalytics answers one metric per call (`q=entity`,
 * `queryType`, `aggregation=TOTAL`); a metric with no element is one LinkedIn has no number for:
 * null, never 0. LinkedIn reports no clicks on a member's post.
 */

const parse = answerReader('linkedin', 'LinkedIn');

/** The metrics memberCreatorPostAnalytics documents for one post (platforms.md L10). */
export const LINKEDIN_METRIC_TYPES = [
  'IMPRESSION',
  'MEMBERS_REACHED',
  'REACTION',
  'COMMENT',
  'RESHARE',
] as const;
export type LinkedInMetricType = (typeof LINKEDIN_METRIC_TYPES)[number];

const analyticsResponse = z.object({
  elements: z.array(z.object({ count: z.unknown().optional() }).loose()),
});

/** One metric's total from a `q=entity&queryType=…&aggregation=TOTAL` answer; null: no element. */
export function toLinkedInMetricCount(body: unknown): number | null {
  const answer = parse(analyticsResponse, body, 'post analytics answer');
  const value = answer.elements[0]?.count;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
}

/** The five totals of a post (null: LinkedIn had none), as a reading. */
export function toLinkedInPostReading(
  externalId: string,
  counts: Record<LinkedInMetricType, number | null>,
): PostMetricsReading {
  return {
    externalId,
    impressions: counts.IMPRESSION,
    reach: counts.MEMBERS_REACHED,
    likes: counts.REACTION,
    comments: counts.COMMENT,
    shares: counts.RESHARE,
    clicks: null,
    views: null,
  };
}
