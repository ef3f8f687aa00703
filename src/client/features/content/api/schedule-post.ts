import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SchedulePostBody, scheduleResponse } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from './post-keys';

export interface SchedulePostVariables extends SchedulePostBody {
  id: string;
}

/**
 * POST /api/posts/{id}/schedule with an ISO time (offset or Z): a draft becomes scheduled (or
 * waits for approval); the answer is the post and the warnings to show. The one client call of
 * this endpoint: the generator, the composer and the reschedule dialog all use it.
 */
export function schedulePost({ id, ...body }: SchedulePostVariables) {
  return apiRequest('POST', `/api/posts/${encodeURIComponent(id)}/schedule`, scheduleResponse, body);
}

export function useSchedulePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: schedulePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
