import { z } from 'zod';
import { notReportedMetrics } from '../../../../contracts/analytics';
import type { PostMetricsReading } from '../social-provider';
import { parseBluesky } from './transform';

/*
 * Bluesky's post counts to our metric names (contracts/analytics.ts). app.bsky.feed.getPosts
 * answers `posts[]` of app.bsky.feed.defs#postView: likeCount, repostCount, replyCount, quoteCount
 * (all optional in the lexicon). Bluesky reports no impressions, reach, clicks or views: null.
 * A requested post it leaves out is deleted or hidden ("the posts that could not be found are
 * omitted", getPosts lexicon): missing.
 */

/** app.bsky.feed.getPosts: `uris` maxLength 25. */
export const MAX_URIS_PER_READ = 25;

const maybeCount = z.number().int().nonnegative().optional().catch(undefined);

const postsAnswer = z.object({
  posts: z.array(
    z
      .object({
        uri: z.string(),
        likeCount: maybeCount,
        repostCount: maybeCount,
        replyCount: maybeCount,
        quoteCount: maybeCount,
      })
      .loose(),
  ),
});

/** Reposts and quotes both spread the post: shares. null only when Bluesky sent neither. */
function sharesOf(reposts: number | undefined, quotes: number | undefined): number | null {
  if (reposts === undefined && quotes === undefined) return null;
  return (reposts ?? 0) + (quotes ?? 0);
}

export function toPostReadings(
  body: unknown,
  requested: readonly string[],
): { metrics: PostMetricsReading[]; missing: string[] } {
  const answer = parseBluesky(postsAnswer, body, 'posts answer');
  const found = new Map(answer.posts.map((post) => [post.uri, post] as const));
  const metrics: PostMetricsReading[] = [];
  const missing: string[] = [];
  for (const uri of requested) {
    const post = found.get(uri);
    if (!post) {
      missing.push(uri);
      continue;
    }
    metrics.push({
      ...notReportedMetrics,
      externalId: uri,
      likes: post.likeCount ?? null,
      comments: post.replyCount ?? null,
      shares: sharesOf(post.repostCount, post.quoteCount),
    });
  }
  return { metrics, missing };
}
