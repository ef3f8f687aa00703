import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FitMediaAnswer,
  type FitMediaBody,
  fitMediaAnswer,
  type Media,
  mediaFit,
} from '../../../../contracts/media';
import { apiRequest } from '../../../lib/api-client';
import { mediaQueryOptions } from './media';

/** A JPEG copy, an MP4 re-encode (videos), a centred crop to an aspect ratio, or both. */
export type FitMediaVariables = FitMediaBody & { id: string };

/**
 * POST /api/media/{id}/fit: a new media item made from this one to fit a network (issue 24); the
 * original stays in the library. An image answers the new item; a video answers its fit job
 * (decision 068), followed with useMediaFit until its new video is made.
 */
export function fitMedia({ id, ...body }: FitMediaVariables) {
  return apiRequest('POST', `/api/media/${encodeURIComponent(id)}/fit`, fitMediaAnswer, body);
}

/** Whether the fit answer is a new item (an image) rather than a video's fit job. */
export const isFittedMedia = (answer: FitMediaAnswer): answer is Media => !('status' in answer);

export function useFitMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fitMedia,
    onSuccess: (answer) => {
      if (isFittedMedia(answer)) queryClient.setQueryData(mediaQueryOptions(answer.id).queryKey, answer);
      else queryClient.setQueryData(mediaFitQueryOptions(answer.id).queryKey, answer);
    },
  });
}

/** GET /api/media/fits/{fitId}: a video fit's state, asked every second until it ends. */
export const mediaFitQueryOptions = (fitId: string) =>
  queryOptions({
    queryKey: ['media-fits', fitId],
    queryFn: () => apiRequest('GET', `/api/media/fits/${encodeURIComponent(fitId)}`, mediaFit),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1_000;
    },
  });

export function useMediaFit(fitId: string) {
  return useQuery(mediaFitQueryOptions(fitId));
}
