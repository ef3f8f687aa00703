import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feed } from '../../../../contracts/feeds';
import { apiRequest } from '../../../lib/api-client';
import { feedsQueryKey } from './get-feeds';

/** POST /api/feeds/{id}/resume: failures forgotten, read again at once. */
export function resumeFeed(id: string) {
  return apiRequest('POST', `/api/feeds/${encodeURIComponent(id)}/resume`, feed);
}

export function useResumeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedsQueryKey }),
  });
}
