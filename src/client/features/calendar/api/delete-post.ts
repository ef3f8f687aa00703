import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { postsQueryKey } from '../../content/api/get-posts';

/** DELETE /api/posts/{id}: 204, no body. */
export function deletePost(id: string): Promise<void> {
  return apiSend('DELETE', `/api/posts/${encodeURIComponent(id)}`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: [...postsQueryKey, 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
}
