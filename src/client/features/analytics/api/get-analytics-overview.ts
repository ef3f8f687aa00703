import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AnalyticsQuery, analyticsOverview } from '../../../../contracts/analytics';
import { apiRequest } from '../../../lib/api-client';
import { apiSearchParams } from '../analytics-filters';

/** Everything the analytics screen reads lives under this key; a refresh invalidates it all. */
export const analyticsQueryKey = ['analytics'] as const;

/** GET /api/analytics/overview: totals, days, platforms, accounts and followers of the range (402 without the plan's analytics). */
export function getAnalyticsOverview(query: AnalyticsQuery) {
  return apiRequest('GET', `/api/analytics/overview?${apiSearchParams(query)}`, analyticsOverview);
}

export const analyticsOverviewQueryOptions = (query: AnalyticsQuery) =>
  queryOptions({
    queryKey: [...analyticsQueryKey, 'overview', query],
    queryFn: () => getAnalyticsOverview(query),
  });

/** Keeps the last range's numbers on screen while another range loads. */
export function useAnalyticsOverview(query: AnalyticsQuery) {
  return useQuery({ ...analyticsOverviewQueryOptions(query), placeholderData: keepPreviousData });
}
