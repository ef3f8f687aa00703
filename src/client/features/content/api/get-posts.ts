import { queryOptions } from '@tanstack/react-query';
import { postListResponse } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';

/** Every cached list of posts starts with this key; changing a post invalidates them all. */
export const postsQueryKey = ['posts'] as const;

/** GET /api/user/posts: the workspace's posts (drafts included). */
export const postsQueryOptions = () =>
  queryOptions({
    queryKey: postsQueryKey,
    queryFn: () => apiRequest('GET', '/api/user/posts', postListResponse),
  });
