import { queryOptions, useQuery } from '@tanstack/react-query';
import { bioPageResponse } from '../../../../contracts/links';
import { apiRequest } from '../../../lib/api-client';

export const bioPageQueryKey = ['bio-page'] as const;

/** GET /api/bio-page: the workspace's bio page, or null before its first save. */
export const bioPageQueryOptions = () =>
  queryOptions({
    queryKey: bioPageQueryKey,
    queryFn: () => apiRequest('GET', '/api/bio-page', bioPageResponse),
  });

export function useBioPage() {
  return useQuery(bioPageQueryOptions());
}
