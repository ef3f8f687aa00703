import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RetryFollowUpsBody, retryFollowUpsResponse } from '../../../../contracts/publishing';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

export interface RetryFollowUpsVariables extends RetryFollowUpsBody {
  id: string;
}

/**
 * POST /api/posts/{id}/follow-ups/retry: the failed thread posts (from the first on) and a failed
 * first comment are sent again; `confirmation_required` when one may be out already.
 */
export function retryFollowUps({ id, ...body }: RetryFollowUpsVariables) {
  return apiRequest(
    'POST',
    `/api/posts/${encodeURIComponent(id)}/follow-ups/retry`,
    retryFollowUpsResponse,
    body,
  );
}

export function useRetryFollowUps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFollowUps,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
