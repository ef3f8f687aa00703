import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostScope } from '../../../../contracts/recurring';
import { apiSend } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

/**
 * DELETE /api/posts/{id}: 204, no body. A recurring post's `scope` 'future' deletes it and every
 * later one, and ends its series.
 */
export function deletePost({ id, scope = 'this' }: { id: string; scope?: PostScope }): Promise<void> {
  return apiSend('DELETE', `/api/posts/${encodeURIComponent(id)}?scope=${scope}`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_data, { id }) => {
      queryClient.removeQueries({ queryKey: postKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
