import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyList } from '../../../../contracts/integrations';
import { apiRequest } from '../../../lib/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

/** GET /api/api-keys: every key of the workspace, revoked ones too, newest first. */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: () => apiRequest('GET', '/api/api-keys', apiKeyList),
  });

export function useApiKeys({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...apiKeysQueryOptions(), enabled });
}
