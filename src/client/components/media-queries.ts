import { queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { media, mediaLibraryPage } from '../../contracts/media';
import { apiRequest } from '../lib/api-client';

/*
 * The media reads more than one feature makes (the calendar's composer, the bio page editor, the
 * brand kit): each endpoint is called from this one file, so its answer has one parse and one
 * cache key.
 */

export const mediaQueryKey = ['media'] as const;

/** GET /api/media/{id}: an uploaded image (its public URL and the facts the checks need). */
export const mediaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...mediaQueryKey, id],
    queryFn: () => apiRequest('GET', `/api/media/${encodeURIComponent(id)}`, media),
  });

/** The library's images, page after page. Under ['media', 'library'], so uploads and deletes refresh it. */
export function useLibraryImagePages(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...mediaQueryKey, 'library', 'list', { type: 'image', picker: true }] as const,
    queryFn: ({ pageParam }) =>
      apiRequest(
        'GET',
        `/api/media/library?type=image${pageParam > 1 ? `&page=${pageParam}` : ''}`,
        mediaLibraryPage,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
    enabled,
    staleTime: 60 * 1000,
  });
}
