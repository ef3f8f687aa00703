import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditsResponse } from '../../../../contracts/credits';
import { apiRequest } from '../../../lib/api-client';

export const creditsQueryKey = ['credits'] as const;

/** GET /api/user/credits: this month's AI credits of the workspace (architecture §10). */
export const creditsQueryOptions = () =>
  queryOptions({
    queryKey: creditsQueryKey,
    queryFn: () => apiRequest('GET', '/api/user/credits', creditsResponse),
  });

export function useCredits({ enabled }: { enabled: boolean }) {
  return useQuery({ ...creditsQueryOptions(), enabled });
}
