import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { postKeys } from '../../content/api/post-keys';

/** PUT /api/posts/{id}/evergreen: marks or unmarks a post (402 on a plan without recycling). */
export function markEvergreen({ id, evergreen }: { id: string; evergreen: boolean }) {
  return apiRequest('PUT', `/api/posts/${encodeURIComponent(id)}/evergreen`, post, { evergreen });
}

export function useMarkEvergreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markEvergreen,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
      // The Queue page's recycling card counts the account's evergreen posts.
      await queryClient.invalidateQueries({ queryKey: ['queue', 'evergreen'] });
    },
  });
}
