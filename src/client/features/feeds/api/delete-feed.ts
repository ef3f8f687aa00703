import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { feedsQueryKey } from './get-feeds';

/** DELETE /api/feeds/{id}: no longer read; the posts it made stay. */
export function deleteFeed(id: string) {
  return apiSend('DELETE', `/api/feeds/${encodeURIComponent(id)}`);
}

export function useDeleteFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedsQueryKey }),
  });
}
