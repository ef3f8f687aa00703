import { queryOptions, useQuery } from '@tanstack/react-query';
import { postDetail } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';
import { refreshDelay } from './list-posts';

/** GET /api/posts/{id}: one post with its publishing attempts. */
export const postDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: () => apiRequest('GET', `/api/posts/${encodeURIComponent(id)}`, postDetail),
  });

/** The open post; read again around its due time to show how it went (refreshDelay). */
export function usePostDetail(id: string | null) {
  return useQuery({
    ...postDetailQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data ? refreshDelay(query.state.data) : false),
  });
}
