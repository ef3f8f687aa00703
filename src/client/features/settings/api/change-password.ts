import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '../../../../contracts/settings';
import { apiSend } from '../../../lib/api-client';
import { userSessionsQueryKey } from './get-sessions';

/** POST /api/user/password: needs the current password; may end the user's other sessions. */
export function changePassword(body: ChangePasswordBody) {
  return apiSend('POST', '/api/user/password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The other sessions may have ended with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryKey }),
  });
}
