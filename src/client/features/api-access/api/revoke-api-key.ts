import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** DELETE /api/api-keys/{id}: the key stops working at once; it stays in the list as revoked. */
export function revokeApiKey(id: string) {
  return apiSend('DELETE', `/api/api-keys/${encodeURIComponent(id)}`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
