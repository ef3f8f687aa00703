import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityList } from '../../../../contracts/analytics';
import { apiRequest } from '../../../lib/api-client';

export const activityQueryKeyPrefix = ['activity'] as const;
export const activityQueryKey = (limit: number) => [...activityQueryKeyPrefix, limit] as const;

/** GET /api/activity?limit=: the workspace's team feed, newest first. */
export function getActivity(limit: number) {
  return apiRequest('GET', `/api/activity?limit=${limit}`, activityList);
}

/** Like the dashboard stats: read again whenever the dashboard opens, cached entries shown meanwhile. */
export const activityQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: activityQueryKey(limit),
    queryFn: () => getActivity(limit),
    staleTime: 0,
  });

export function useActivity(limit: number) {
  return useQuery(activityQueryOptions(limit));
}
