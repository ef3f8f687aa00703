import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feed } from '../../../../contracts/feeds';
import { apiRequest } from '../../../lib/api-client';
import { feedsQueryKey } from './get-feeds';

/** POST /api/feeds/{id}/pause: not read until resumed. */
export function pauseFeed(id: string) {
  return apiRequest('POST', `/api/feeds/${encodeURIComponent(id)}/pause`, feed);
}

export function usePauseFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedsQueryKey }),
  });
}
