import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandKit, brandKitResponse } from '../../../../contracts/brand-kit';
import { apiRequest } from '../../../lib/api-client';
import { brandKitQueryKey } from './get-brand-kit';
import { voiceQueryKey } from './get-voice';

/** PUT /api/user/brand-kit: replaces the whole brand kit. */
export function updateBrandKit(body: BrandKit) {
  return apiRequest('PUT', '/api/user/brand-kit', brandKitResponse, body);
}

export function useUpdateBrandKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrandKit,
    onSuccess: (saved) => {
      queryClient.setQueryData(brandKitQueryKey, saved);
      // "Learn from my best posts" changes which posts the writer learns from.
      void queryClient.invalidateQueries({ queryKey: voiceQueryKey });
    },
  });
}
