import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ComposePostBody, composeResponse } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

/**
 * POST /api/posts/compose: one text for several accounts becomes one post per account, grouped.
 * Without scheduledAt they are drafts. A 400 names the problem (e.g. too long for X).
 */
export function composePost(body: ComposePostBody) {
  return apiRequest('POST', '/api/posts/compose', composeResponse, body);
}

export function useComposePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: composePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
