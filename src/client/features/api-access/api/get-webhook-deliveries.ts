import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookDeliveryList } from '../../../../contracts/integrations';
import { apiRequest } from '../../../lib/api-client';
import { hasPendingDelivery } from '../webhook-display';

export const webhookDeliveriesQueryKey = (webhookId: string) =>
  ['webhooks', webhookId, 'deliveries'] as const;

/** While a delivery waits for an attempt, the log is read again this often. */
const PENDING_POLL_MS = 5_000;

/** GET /api/webhooks/{id}/deliveries: the endpoint's latest deliveries, newest first. */
export const webhookDeliveriesQueryOptions = (webhookId: string) =>
  queryOptions({
    queryKey: webhookDeliveriesQueryKey(webhookId),
    queryFn: () =>
      apiRequest('GET', `/api/webhooks/${encodeURIComponent(webhookId)}/deliveries`, webhookDeliveryList),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && hasPendingDelivery(query.state.data.deliveries) ? PENDING_POLL_MS : false,
  });

export function useWebhookDeliveries(webhookId: string) {
  return useQuery(webhookDeliveriesQueryOptions(webhookId));
}
