import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSecurity } from '../../../../contracts/account-security';
import { apiRequest } from '../../../lib/api-client';

export const accountSecurityQueryKey = ['account-security'] as const;

/** GET /api/user/security: the email's state, two-factor, the passkeys, and whether a password exists. */
export const accountSecurityQueryOptions = () =>
  queryOptions({
    queryKey: accountSecurityQueryKey,
    queryFn: () => apiRequest('GET', '/api/user/security', accountSecurity),
  });

/** `enabled: false` waits (the two-factor prompt asks only when the workspace requires it). */
export function useAccountSecurity({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accountSecurityQueryOptions(), enabled });
}
