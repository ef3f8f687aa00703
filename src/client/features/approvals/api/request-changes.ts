import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../../contracts/posts';
import type { RequestChangesBody } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

export interface RequestChangesVariables extends RequestChangesBody {
  id: string;
}

/**
 * POST /api/posts/{id}/request-changes: the post goes back to its author as a draft, with the
 * comment; a 409 when it changed since `expectedUpdatedAt`, the version the approver read.
 */
export function requestChanges({ id, ...body }: RequestChangesVariables) {
  return apiRequest('POST', `/api/posts/${encodeURIComponent(id)}/request-changes`, post, body);
}

export function useRequestChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestChanges,
    // Not awaited: the refetch moves the post out of pending_approval, which unmounts the panel
    // that called mutate(), and TanStack drops the caller's onSuccess (its toast) once it has.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
