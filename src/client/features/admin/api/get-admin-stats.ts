import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStats } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';

export const adminStatsQueryKey = ['admin', 'stats'] as const;

/** GET /api/admin/stats: totalUsers, activeSubscriptions, enterpriseUsers, monthlyRevenue. */
export function getAdminStats() {
  return apiRequest('GET', '/api/admin/stats', adminStats);
}

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: adminStatsQueryKey, queryFn: getAdminStats });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
