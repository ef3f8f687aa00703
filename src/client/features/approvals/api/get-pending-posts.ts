import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_POSTS_PER_PAGE } from '../../../../contracts/posts';
import { listPosts } from '../../content/api/list-posts';
import { postKeys } from '../../content/api/post-keys';
import { sortPendingPosts } from '../approval-display';

/**
 * GET /api/posts?status=pending_approval: every post waiting for approval, whatever its date (a
 * post whose planned time has passed still waits). Under the posts key, so any change to a post
 * (approving one, an editor submitting one) refreshes the queue.
 */
export const pendingPostsQueryOptions = () =>
  queryOptions({
    queryKey: postKeys.pendingApproval(),
    queryFn: async () =>
      sortPendingPosts(await listPosts({ status: ['pending_approval'], limit: MAX_POSTS_PER_PAGE })),
    // Others submit too: read again whenever the dashboard or the calendar opens (cached meanwhile),
    // and when the bell brings news of a submission (features/team/use-team-refresh.ts).
    staleTime: 0,
  });

export function usePendingPosts() {
  return useQuery(pendingPostsQueryOptions());
}
