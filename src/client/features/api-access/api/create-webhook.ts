import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateWebhookBody, webhookWithSecret } from '../../../../contracts/integrations';
import { apiRequest } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** POST /api/webhooks: the answer carries the signing secret, the only time it is shown. */
export function createWebhook(body: CreateWebhookBody) {
  return apiRequest('POST', '/api/webhooks', webhookWithSecret, body);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
