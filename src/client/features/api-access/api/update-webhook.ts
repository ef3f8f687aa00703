import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type UpdateWebhookBody,
  webhookEndpoint,
  webhookWithSecret,
} from '../../../../contracts/integrations';
import { apiRequest } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

type Change = Omit<UpdateWebhookBody, 'rotateSecret'>;

/** PATCH /api/webhooks/{id}: its URL, events, description, or enabled again / disabled. */
export function updateWebhook({ id, change }: { id: string; change: Change }) {
  return apiRequest('PATCH', `/api/webhooks/${encodeURIComponent(id)}`, webhookEndpoint, change);
}

/**
 * PATCH /api/webhooks/{id} with rotateSecret: a new secret, answered once; the old one keeps
 * signing beside it for 24 hours.
 */
export function rotateWebhookSecret(id: string) {
  return apiRequest('PATCH', `/api/webhooks/${encodeURIComponent(id)}`, webhookWithSecret, {
    rotateSecret: true,
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
