import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SchedulePostBody, scheduleResponse } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { postsQueryKey } from '../../content/api/get-posts';

export interface SchedulePostVariables extends SchedulePostBody {
  id: string;
}

/** POST /api/posts/{id}/schedule: a draft becomes scheduled; the answer carries warnings to show. */
export function schedulePostWithWarnings({ id, ...body }: SchedulePostVariables) {
  return apiRequest('POST', `/api/posts/${encodeURIComponent(id)}/schedule`, scheduleResponse, body);
}

export function useSchedulePostWithWarnings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: schedulePostWithWarnings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
