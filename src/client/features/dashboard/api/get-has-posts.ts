import { queryOptions, useQuery } from '@tanstack/react-query';
import { postListResponse } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { postsQueryKey } from '../../content/api/get-posts';

/** GET /api/posts?limit=1: whether the workspace has any post at all (drafts included). */
export async function getHasPosts(): Promise<boolean> {
  const posts = await apiRequest('GET', '/api/posts?limit=1', postListResponse);
  return posts.length > 0;
}

/** Under the posts key, so generating or composing a post (which invalidates it) answers again. */
export const hasPostsQueryOptions = () =>
  queryOptions({
    queryKey: [...postsQueryKey, 'any'],
    queryFn: getHasPosts,
  });

/**
 * Asked only when the dashboard numbers cannot tell (nothing published this month, nothing
 * scheduled, no active campaign): a post published last month, or a draft, still counts.
 */
export function useHasPosts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...hasPostsQueryOptions(), enabled });
}
