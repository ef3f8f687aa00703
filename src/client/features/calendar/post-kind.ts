import { postTypeLabels } from '../../../contracts/post-types';
import type { Post } from '../../../contracts/posts';

/**
 * The short label of a post's type on cards and rows (issue 24): 'Reel', 'Story', 'Carousel · 3',
 * 'Thread · 4' (posts in the thread, the first included); null for an ordinary post.
 */
export function postKindLabel(
  post: Pick<Post, 'postType' | 'mediaIds'> & { thread: readonly unknown[] },
): string | null {
  switch (post.postType) {
    case 'post':
      return null;
    case 'carousel':
      return `${postTypeLabels.carousel} · ${post.mediaIds.length}`;
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
