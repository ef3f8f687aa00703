import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSessionList } from '../../../../contracts/settings';
import { apiRequest } from '../../../lib/api-client';

export const userSessionsQueryKey = ['user-sessions'] as const;

/** GET /api/user/sessions: where the user is signed in, and whether they have a password. */
export const userSessionsQueryOptions = () =>
  queryOptions({
    queryKey: userSessionsQueryKey,
    queryFn: () => apiRequest('GET', '/api/user/sessions', userSessionList),
  });

export function useUserSessions() {
  return useQuery(userSessionsQueryOptions());
}
