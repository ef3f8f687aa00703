import { queryOptions, useQuery } from '@tanstack/react-query';
import { socialAccountListResponse } from '../../../../contracts/social-accounts';
import { apiRequest } from '../../../lib/api-client';

export const socialAccountsQueryKey = ['social-accounts'] as const;

/** GET /api/user/social-accounts: the workspace's connected accounts. */
export const socialAccountsQueryOptions = () =>
  queryOptions({
    queryKey: socialAccountsQueryKey,
    queryFn: () => apiRequest('GET', '/api/user/social-accounts', socialAccountListResponse),
  });

export function useSocialAccounts() {
  return useQuery(socialAccountsQueryOptions());
}
