import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { accountSecurityQueryKey } from './get-account-security';

/** DELETE /api/user/passkeys/:id: the passkey no longer signs in (the device may still list it). */
export function removePasskey(id: string) {
  return apiSend('DELETE', `/api/user/passkeys/${encodeURIComponent(id)}`);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityQueryKey }),
  });
}
