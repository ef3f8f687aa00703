import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type MediaKind,
  type MediaLibraryItem,
  mediaLibraryItem,
  mediaLibraryPage,
  mediaStorageUsage,
  type UpdateMediaBody,
} from '../../../../contracts/media';
import { apiRequest, apiSend } from '../../../lib/api-client';
import { mediaQueryKey, uploadMedia } from '../../calendar/api/media';

/** What the screen asks for (contracts mediaLibraryQuery, as the address carries it). */
export interface LibraryFilters {
  q?: string | undefined;
  type?: MediaKind | undefined;
  tag?: string | undefined;
}

export const mediaLibraryKeys = {
  all: [...mediaQueryKey, 'library'] as const,
  list: (query: LibraryFilters) => [...mediaLibraryKeys.all, 'list', query] as const,
  usage: [...mediaQueryKey, 'usage'] as const,
};

function libraryUrl(query: LibraryFilters & { page: number }): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.type) params.set('type', query.type);
  if (query.tag) params.set('tag', query.tag);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/api/media/library?${search}` : '/api/media/library';
}

/** GET /api/media/library, page after page ("Load more"). */
export function useMediaLibrary(query: LibraryFilters) {
  return useInfiniteQuery({
    queryKey: mediaLibraryKeys.list(query),
    queryFn: ({ pageParam }) =>
      apiRequest('GET', libraryUrl({ ...query, page: pageParam }), mediaLibraryPage),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
    // Typing in the search box keeps the grid in view until the new answer arrives.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/media/usage: bytes stored against the plan's quota. */
export function useStorageUsage() {
  return useQuery({
    queryKey: mediaLibraryKeys.usage,
    queryFn: () => apiRequest('GET', '/api/media/usage', mediaStorageUsage),
  });
}

/** After an upload, a delete or a tag change: the grid, its tags and the storage bar again. */
function useRefreshLibrary() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mediaLibraryKeys.all }),
      queryClient.invalidateQueries({ queryKey: mediaLibraryKeys.usage }),
    ]);
}

export function useUpdateMediaTags() {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateMediaBody & { id: string }): Promise<MediaLibraryItem> =>
      apiRequest('PATCH', `/api/media/${encodeURIComponent(id)}`, mediaLibraryItem, body),
    onSuccess: refresh,
  });
}

export function useDeleteMedia() {
  const refresh = useRefreshLibrary();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/api/media/${encodeURIComponent(id)}`),
    onSettled: refresh,
  });
}

export function useUploadToLibrary() {
  const refresh = useRefreshLibrary();
  return useMutation({ mutationFn: uploadMedia, onSettled: refresh });
}
