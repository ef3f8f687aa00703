import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../../contracts/posts';
import type { ApprovePostBody } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

export interface ApprovePostVariables extends ApprovePostBody {
  id: string;
}

/**
 * POST /api/posts/{id}/approve: a post waiting for approval is scheduled (with a new time when the
 * planned one has passed); the optional note joins its comments. The UI always sends
 * `expectedUpdatedAt`, the version the approver was shown: a 409 when the post changed since.
 */
export function approvePost({ id, ...body }: ApprovePostVariables) {
  return apiRequest('POST', `/api/posts/${encodeURIComponent(id)}/approve`, post, body);
}

export function useApprovePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePost,
    // The calendar, the queues, the post and its thread all live under the posts key.
    // Not awaited: the refetch moves the post out of pending_approval, which unmounts the panel
    // that called mutate(), and TanStack drops the caller's onSuccess (its toast) once it has.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
