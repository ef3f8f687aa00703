import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../contracts/posts';
import { postKeys } from '../../content/api/post-keys';
import { updatePost } from '../../content/api/update-post';

export interface ReschedulePostVariables {
  id: string;
  /** The new instant, ISO in UTC. */
  scheduledAt: string;
}

/** PATCH /api/posts/{id} {scheduledAt}: moves a scheduled post (drag, or the Reschedule button). */
export function reschedulePost({ id, scheduledAt }: ReschedulePostVariables): Promise<Post> {
  return updatePost({ id, changes: { scheduledAt } });
}

export function useReschedulePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reschedulePost,
    // Refetch either way: after a refusal the calendar shows where the post really is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
