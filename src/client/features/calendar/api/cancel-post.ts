import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

/** POST /api/posts/{id}/cancel: a post not yet publishing becomes 'cancelled' (409 once it is). */
export function cancelPost(id: string) {
  return apiRequest('POST', `/api/posts/${encodeURIComponent(id)}/cancel`, post);
}

export function useCancelPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
