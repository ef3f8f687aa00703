import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandKitResponse } from '../../../../contracts/brand-kit';
import { apiRequest } from '../../../lib/api-client';

export const brandKitQueryKey = ['brand-kit'] as const;

/** GET /api/user/brand-kit: the workspace's brand (defaults when none was saved yet). */
export const brandKitQueryOptions = () =>
  queryOptions({
    queryKey: brandKitQueryKey,
    queryFn: () => apiRequest('GET', '/api/user/brand-kit', brandKitResponse),
  });

export function useBrandKit({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...brandKitQueryOptions(), enabled });
}
