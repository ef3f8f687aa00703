import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPosts } from '../../content/api/list-posts';
import { postKeys } from '../../content/api/post-keys';

/** GET /api/posts?limit=1: whether the workspace has any post at all (drafts included). */
export async function getHasPosts(): Promise<boolean> {
  const posts = await listPosts({ limit: 1 });
  return posts.length > 0;
}

/** Under the posts key, so generating or composing a post (which invalidates it) answers again. */
export const hasPostsQueryOptions = () =>
  queryOptions({
    queryKey: postKeys.any(),
    queryFn: getHasPosts,
  });

/**
 * Asked only when the dashboard numbers cannot tell (nothing published this month, nothing
 * scheduled, no active campaign): a post published last month, or a draft, still counts.
 */
export function useHasPosts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...hasPostsQueryOptions(), enabled });
}
