import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FitMediaBody, media } from '../../../../contracts/media';
import { apiRequest } from '../../../lib/api-client';
import { mediaQueryOptions } from './media';

/** A JPEG copy (Instagram takes JPEG only), a centred crop to an aspect ratio, or both. */
export type FitMediaVariables = FitMediaBody & { id: string };

/**
 * POST /api/media/{id}/fit: a new media item made from this one to fit a network (issue 24); the
 * original stays in the library. The composer puts the new item in the old one's place.
 */
export function fitMedia({ id, ...body }: FitMediaVariables) {
  return apiRequest('POST', `/api/media/${encodeURIComponent(id)}/fit`, media, body);
}

export function useFitMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fitMedia,
    onSuccess: (item) => queryClient.setQueryData(mediaQueryOptions(item.id).queryKey, item),
  });
}
