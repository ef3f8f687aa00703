import { queryOptions, useQuery } from '@tanstack/react-query';
import { feedList } from '../../../../contracts/feeds';
import { apiRequest } from '../../../lib/api-client';

export const feedsQueryKey = ['feeds'] as const;

/** GET /api/feeds: the feeds the workspace follows, each with its state, and the plan's limit. */
export const feedsQueryOptions = () =>
  queryOptions({
    queryKey: feedsQueryKey,
    queryFn: () => apiRequest('GET', '/api/feeds', feedList),
    // A job reads the feeds in the background: their state changes without anyone here acting.
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useFeeds() {
  return useQuery(feedsQueryOptions());
}
