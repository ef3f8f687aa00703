import type { Post } from '../../../contracts/posts';
import type { PostRow } from './posts.repository';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A stored post as the API shows it. */
export function toPost(row: PostRow): Post {
  return {
    id: row.id,
    platform: row.platform,
    content: row.content,
    tone: row.tone,
    contentType: row.contentType,
    hashtags: row.hashtags,
    suggestedImagePrompt: row.suggestedImagePrompt,
    bestTimeToPost: row.bestTimeToPost,
    estimatedReach: row.estimatedReach,
    status: row.status,
    scheduledAt: iso(row.scheduledAt),
    socialAccountId: row.socialAccountId,
    mediaIds: row.mediaIds,
    brandFindings: row.brandFindings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
    externalUrl: row.externalUrl,
    failureReason: row.failureReason,
  };
}
