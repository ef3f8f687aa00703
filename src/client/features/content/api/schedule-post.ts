import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post, type SchedulePostBody } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { postsQueryKey } from './get-posts';

export interface SchedulePostVariables extends SchedulePostBody {
  id: string;
}

/** POST /api/posts/{id}/schedule with an ISO time (offset or Z): the post becomes 'scheduled'. */
export function schedulePost({ id, ...body }: SchedulePostVariables) {
  return apiRequest('POST', `/api/posts/${encodeURIComponent(id)}/schedule`, post, body);
}

export function useSchedulePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: schedulePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
