import { useMutation, useQueryClient } from '@tanstack/react-query';
import { metricsRefreshResponse } from '../../../../contracts/analytics';
import { apiRequest } from '../../../lib/api-client';
import { dashboardStatsQueryKey } from '../../dashboard/api/get-dashboard-stats';
import { analyticsQueryKey } from './get-analytics-overview';

/** POST /api/analytics/refresh: reads the workspace's due metrics now (429 when asked again within a minute). */
export function refreshMetrics() {
  return apiRequest('POST', '/api/analytics/refresh', metricsRefreshResponse);
}

/** Refreshes the analytics screen and the dashboard's stats (they show reach too). */
export function useRefreshMetrics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshMetrics,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: analyticsQueryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey }),
      ]),
  });
}
