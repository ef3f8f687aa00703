import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsQuery } from '../../../../contracts/analytics';
import { clickAnalytics } from '../../../../contracts/links';
import { apiRequest } from '../../../lib/api-client';
import { apiSearchParams } from '../analytics-filters';
import { analyticsQueryKey } from './get-analytics-overview';

/**
 * GET /api/analytics/clicks (Starter and above, else 402): link clicks and bio page visits of the
 * range. A click knows its network, not the account, so the account filter is left out (and out
 * of the cache key). Under analyticsQueryKey, so Refresh reads it again too.
 */
export function useClickAnalytics(query: AnalyticsQuery) {
  const { accountId: _account, ...clicksQuery } = query;
  return useQuery({
    queryKey: [...analyticsQueryKey, 'clicks', clicksQuery],
    queryFn: () => apiRequest('GET', `/api/analytics/clicks?${apiSearchParams(clicksQuery)}`, clickAnalytics),
    placeholderData: keepPreviousData,
  });
}
