import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post, type RetryPostBody } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

export interface RetryPostVariables extends RetryPostBody {
  id: string;
}

/** POST /api/posts/{id}/retry: a failed or missed post is published again, now or at `scheduledAt`. */
export function retryPost({ id, ...body }: RetryPostVariables) {
  return apiRequest('POST', `/api/posts/${encodeURIComponent(id)}/retry`, post, body);
}

export function useRetryPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
