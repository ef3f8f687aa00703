import { useMutation, useQueryClient } from '@tanstack/react-query';
import { passkeySummary } from '../../../../contracts/account-security';
import { apiRequest } from '../../../lib/api-client';
import { accountSecurityQueryKey } from './get-account-security';

/** PATCH /api/user/passkeys/:id {name}. */
export function renamePasskey({ id, name }: { id: string; name: string }) {
  return apiRequest('PATCH', `/api/user/passkeys/${encodeURIComponent(id)}`, passkeySummary, { name });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityQueryKey }),
  });
}
