import type { PublishingPlatform } from '../../../contracts/platforms';
import { isLinkedIn, type PostType, postTypeLabelOf, postTypeLabels } from '../../../contracts/post-types';
import type { Post } from '../../../contracts/posts';

/**
 * A post type's name in the composer's type picker: LinkedIn's document post says it takes a PDF
 * ('Document (PDF)'); elsewhere the name is postTypeLabelOf's ('Document' on cards and checks).
 */
export function postTypeChoiceLabel(platform: PublishingPlatform, type: PostType): string {
  const label = postTypeLabelOf(platform, type);
  return isLinkedIn(platform) && type === 'carousel' ? `${label} (PDF)` : label;
}

/** A short explanation under a post type whose name alone may not say enough; null for most. */
export function postTypeHintOf(platform: PublishingPlatform, type: PostType): string | null {
  if (isLinkedIn(platform) && type === 'carousel') return 'People swipe through the pages';
  return null;
}

/**
 * The short label of a post's type on cards and rows (issue 24): 'Reel', 'Story', 'Carousel · 3',
 * 'Thread · 4' (posts in the thread, the first included), 'Document' (a LinkedIn document post);
 * null for an ordinary post.
 */
export function postKindLabel(
  post: Pick<Post, 'platform' | 'postType' | 'mediaIds'> & { thread: readonly unknown[] },
): string | null {
  switch (post.postType) {
    case 'post':
      return null;
    case 'carousel':
      return isLinkedIn(post.platform)
        ? postTypeLabelOf(post.platform, post.postType)
        : `${postTypeLabels.carousel} · ${post.mediaIds.length}`;
    case 'thread':
      return `${postTypeLabels.thread} · ${post.thread.length + 1}`;
    default:
      return postTypeLabels[post.postType];
  }
}

/** "1:05" for 65 s: a video's length on its thumbnail. */
export function formatDuration(ms: number | null): string {
  const total = Math.max(0, Math.round((ms ?? 0) / 1000));
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}
