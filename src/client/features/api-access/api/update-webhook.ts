import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type UpdateWebhookBody,
  webhookEndpoint,
  webhookWithSecret,
} from '../../../../contracts/integrations';
import { apiRequest } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** PATCH /api/webhooks/{id}; the answer carries the new secret only when it rotates one. */
function patchWebhook<T extends z.ZodType>(id: string, body: UpdateWebhookBody, answer: T) {
  return apiRequest('PATCH', `/api/webhooks/${encodeURIComponent(id)}`, answer, body);
}

type Change = Omit<UpdateWebhookBody, 'rotateSecret'>;

/** Its URL, events, description, or enabled again / disabled. */
export function updateWebhook({ id, change }: { id: string; change: Change }) {
  return patchWebhook(id, change, webhookEndpoint);
}

/** A new secret, answered once; the old one keeps signing beside it for 24 hours. */
export function rotateWebhookSecret(id: string) {
  return patchWebhook(id, { rotateSecret: true }, webhookWithSecret);
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
