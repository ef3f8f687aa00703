import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '../../../../contracts/posts';
import { postKeys } from '../../content/api/post-keys';
import { listPostsInRange, soonestRefresh } from './list-posts';

export const UPCOMING_POSTS_SHOWN = 4;
/** How far ahead the list looks. */
const UPCOMING_HORIZON_DAYS = 366;

/** The next scheduled posts, soonest first (spec §9: the list shows 4). */
export function nextScheduled(posts: Post[], now: Date, count = UPCOMING_POSTS_SHOWN): Post[] {
  return posts
    .filter((post) => post.status === 'scheduled' && post.scheduledAt && new Date(post.scheduledAt) > now)
    .sort((a, b) => (a.scheduledAt ?? '').localeCompare(b.scheduledAt ?? ''))
    .slice(0, count);
}

/** GET /api/posts?status=scheduled&from=now: the Upcoming Posts list (the dashboard shows 5). */
export const upcomingPostsQueryOptions = (count = UPCOMING_POSTS_SHOWN) =>
  queryOptions({
    queryKey: postKeys.upcoming(count),
    queryFn: async () => {
      const now = new Date();
      const to = new Date(now.getTime() + UPCOMING_HORIZON_DAYS * 86_400_000);
      const posts = await listPostsInRange({
        from: now.toISOString(),
        to: to.toISOString(),
        status: ['scheduled'],
      });
      return nextScheduled(posts, now, count);
    },
  });

/** Read again when the first of them goes out (refreshDelay). */
export function useUpcomingPosts(count = UPCOMING_POSTS_SHOWN) {
  return useQuery({
    ...upcomingPostsQueryOptions(count),
    refetchInterval: (query) => soonestRefresh(query.state.data),
  });
}
