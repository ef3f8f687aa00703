import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookList } from '../../../../contracts/integrations';
import { apiRequest } from '../../../lib/api-client';

export const webhooksQueryKey = ['webhooks'] as const;

/** GET /api/webhooks: the workspace's endpoints, each with its state and failures in a row. */
export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: () => apiRequest('GET', '/api/webhooks', webhookList),
    // Deliveries that keep failing disable an endpoint in the background.
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useWebhooks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...webhooksQueryOptions(), enabled });
}
