import { queryOptions, useQuery } from '@tanstack/react-query';
import { media } from '../../../../contracts/media';
import { apiRequest } from '../../../lib/api-client';

export const mediaQueryKey = ['media'] as const;

/** GET /api/media/{id}: an uploaded image (its public URL and the facts the checks need). */
export const mediaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...mediaQueryKey, id],
    queryFn: () => apiRequest('GET', `/api/media/${encodeURIComponent(id)}`, media),
  });

export function useMedia(id: string | undefined) {
  return useQuery({ ...mediaQueryOptions(id ?? ''), enabled: Boolean(id) });
}
