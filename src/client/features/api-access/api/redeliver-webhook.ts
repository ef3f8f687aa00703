import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { webhookDeliveriesQueryKey } from './get-webhook-deliveries';

interface Redelivery {
  webhookId: string;
  deliveryId: string;
}

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver: the same event and body, sent again. */
export function redeliverWebhook({ webhookId, deliveryId }: Redelivery) {
  return apiSend(
    'POST',
    `/api/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
  );
}

export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSuccess: (_, { webhookId }) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(webhookId) }),
  });
}
