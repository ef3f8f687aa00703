import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateApiKeyBody, createdApiKey } from '../../../../contracts/integrations';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** POST /api/api-keys: the answer carries the secret, the only time it is shown. */
export function createApiKey(body: CreateApiKeyBody) {
  return apiRequest('POST', '/api/api-keys', createdApiKey, body);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
