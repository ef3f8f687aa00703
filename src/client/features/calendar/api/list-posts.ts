import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_POSTS_PER_PAGE, type Post, type PostStatus } from '../../../../contracts/posts';
import { listPosts } from '../../content/api/list-posts';
import { postKeys } from '../../content/api/post-keys';

export interface PostRange {
  /** ISO instants; the server filters on the post's date (published, else scheduled, else created). */
  from: string;
  to: string;
  status?: PostStatus[];
}

/** GET /api/posts?from=&to=&status=&limit=: the workspace's posts in a date range. */
export function listPostsInRange(range: PostRange): Promise<Post[]> {
  return listPosts({ ...range, limit: MAX_POSTS_PER_PAGE });
}

/** Under the posts key, so every change to a post (here or in the generator) refreshes the calendar. */
export const postRangeQueryOptions = (range: PostRange) =>
  queryOptions({
    queryKey: postKeys.range(range.from, range.to, range.status),
    queryFn: () => listPostsInRange(range),
  });

/** Read again this often while a post is being published. */
export const PUBLISHING_REFRESH_MS = 2_000;
const MINUTE = 60_000;

/**
 * When to read a post again to see it go out, or false. The spec's fetch defaults hold (never
 * stale, no polling) except around a post's due time: a post due within the hour is read again a
 * minute before, then every 2 s until it is published or failed (for up to 10 minutes after).
 */
const open = (status: string | null) => status === 'pending' || status === 'sending';
/** Whether some follow-up of the post (a thread post, the first comment) has still to go out. */
const followUpsOpen = (post: Post) =>
  open(post.firstCommentStatus) ||
  (post.thread.some((item) => open(item.status)) && !post.thread.some((item) => item.status === 'failed'));

export function refreshDelay(post: Post, now = Date.now()): number | false {
  if (post.status === 'publishing') return PUBLISHING_REFRESH_MS;
  // A thread's next posts and the first comment go out just after the post: watch them come in.
  if (post.status === 'published' && post.publishedAt && followUpsOpen(post)) {
    return now - new Date(post.publishedAt).getTime() < 30 * MINUTE ? PUBLISHING_REFRESH_MS : false;
  }
  if (post.status !== 'scheduled' || !post.scheduledAt) return false;
  const untilDue = new Date(post.scheduledAt).getTime() - now;
  if (untilDue < -10 * MINUTE || untilDue > 60 * MINUTE) return false;
  return untilDue <= MINUTE ? PUBLISHING_REFRESH_MS : untilDue - MINUTE;
}

/** The soonest refresh any of these posts needs, or false. */
export function soonestRefresh(posts: Post[] | undefined, now = Date.now()): number | false {
  let soonest: number | false = false;
  for (const post of posts ?? []) {
    const delay = refreshDelay(post, now);
    if (delay !== false && (soonest === false || delay < soonest)) soonest = delay;
  }
  return soonest;
}

/** The calendar's posts; read again around a visible post's due time (refreshDelay). */
export function usePostRange(range: PostRange | null) {
  return useQuery({
    ...postRangeQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => soonestRefresh(query.state.data),
  });
}
