import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardStats } from '../../../../contracts/analytics';
import { apiRequest } from '../../../lib/api-client';

export const dashboardStatsQueryKey = ['dashboard', 'stats'] as const;

/** GET /api/user/dashboard/stats: the workspace's numbers (spec §3), never fallback ones. */
export function getDashboardStats() {
  return apiRequest('GET', '/api/user/dashboard/stats', dashboardStats);
}

/**
 * Read again each time the dashboard opens (the cached numbers show meanwhile, so no skeleton):
 * publishing, scheduling, generating and the metrics sync change them elsewhere, and a stale
 * "Scheduled Posts" next to a fresh Upcoming Posts list would contradict itself. No refetch on
 * focus and no polling, as everywhere in the app.
 */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardStatsQueryKey,
    queryFn: getDashboardStats,
    staleTime: 0,
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
