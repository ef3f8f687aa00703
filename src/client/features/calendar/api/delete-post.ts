import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

/** DELETE /api/posts/{id}: 204, no body. */
export function deletePost(id: string): Promise<void> {
  return apiSend('DELETE', `/api/posts/${encodeURIComponent(id)}`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: postKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
