import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleResponse } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from './post-keys';

/**
 * POST /api/posts/{id}/queue: the post takes its account's next free queue slot (scheduled, or
 * waiting for approval, or held while the queue is paused). Refused as scheduling is: 400 for a
 * platform's rules, 402 for the plan, 409 when the queue has no free slot.
 */
export function addToQueue(id: string) {
  return apiRequest('POST', `/api/posts/${encodeURIComponent(id)}/queue`, scheduleResponse);
}

export function useAddToQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToQueue,
    // The calendar, the upcoming list and every queue (their keys start with postKeys.all).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
