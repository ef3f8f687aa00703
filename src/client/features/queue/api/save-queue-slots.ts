import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type QueueSlotsBody, queueSchedule } from '../../../../contracts/queue';
import { apiRequest } from '../../../lib/api-client';
import { queueKeys } from './queue-keys';

export interface SaveQueueSlotsVariables extends QueueSlotsBody {
  accountId: string;
}

/** PUT /api/queue/slots?accountId=: the whole week of slots (and its zone). */
export function saveQueueSlots({ accountId, ...body }: SaveQueueSlotsVariables) {
  return apiRequest('PUT', `/api/queue/slots?${new URLSearchParams({ accountId })}`, queueSchedule, body);
}

export function useSaveQueueSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQueueSlots,
    onSuccess: (_saved, { accountId }) =>
      queryClient.invalidateQueries({ queryKey: queueKeys.slots(accountId) }),
  });
}
