import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AnalyticsQuery, analyticsPostList } from '../../../../contracts/analytics';
import { apiRequest } from '../../../lib/api-client';
import { type AnalyticsSort, apiSearchParams } from '../analytics-filters';
import { analyticsQueryKey } from './get-analytics-overview';

/** How many posts the Top posts table shows (the CSV export has all of them). */
export const TOP_POSTS_LIMIT = 10;

/** GET /api/analytics/posts: the range's published posts with their latest metrics, best first by `sort`. */
export function getAnalyticsPosts(query: AnalyticsQuery, sort: AnalyticsSort, limit = TOP_POSTS_LIMIT) {
  const params = apiSearchParams(query, { sort, limit: String(limit) });
  return apiRequest('GET', `/api/analytics/posts?${params}`, analyticsPostList);
}

export const analyticsPostsQueryOptions = (query: AnalyticsQuery, sort: AnalyticsSort) =>
  queryOptions({
    queryKey: [...analyticsQueryKey, 'posts', query, sort],
    queryFn: () => getAnalyticsPosts(query, sort),
  });

export function useAnalyticsPosts(query: AnalyticsQuery, sort: AnalyticsSort, { enabled = true } = {}) {
  return useQuery({ ...analyticsPostsQueryOptions(query, sort), enabled, placeholderData: keepPreviousData });
}
