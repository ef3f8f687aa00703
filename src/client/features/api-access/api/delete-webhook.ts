import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** DELETE /api/webhooks/{id}: no more deliveries; its log goes with it. */
export function deleteWebhook(id: string) {
  return apiSend('DELETE', `/api/webhooks/${encodeURIComponent(id)}`);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
