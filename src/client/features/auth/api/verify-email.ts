import { queryOptions, useQuery } from '@tanstack/react-query';
import { securityNotice, type VerifyEmailBody } from '../../../../contracts/account-security';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/verify-email, as a query keyed by the link's token: the page calls it on load,
 * once (the cache answers a second render, React's strict double effects included, and a
 * remount), and never again by itself: a used link would only answer that it is not valid.
 */
const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => {
      const body: VerifyEmailBody = { token };
      return apiRequest('POST', '/api/auth/verify-email', securityNotice, body);
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}
