import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeOtherSessionsResponse } from '../../../../contracts/settings';
import { apiRequest } from '../../../lib/api-client';
import { userSessionsQueryKey } from './get-sessions';

/** POST /api/user/sessions/revoke-others: signs out everywhere but this browser. */
export function revokeOtherSessions() {
  return apiRequest('POST', '/api/user/sessions/revoke-others', revokeOtherSessionsResponse);
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryKey }),
  });
}
