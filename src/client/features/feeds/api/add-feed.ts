import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateFeedBody, feed } from '../../../../contracts/feeds';
import { apiRequest } from '../../../lib/api-client';
import { feedsQueryKey } from './get-feeds';

/** POST /api/feeds: the server reads the feed once before it follows it (its title comes back). */
export function addFeed(body: CreateFeedBody) {
  return apiRequest('POST', '/api/feeds', feed, body);
}

export function useAddFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedsQueryKey }),
  });
}
