import { useQuery } from '@tanstack/react-query';
import { mediaLibraryPage } from '../../../../contracts/media';
import { youtubeQuotaResponse } from '../../../../contracts/youtube';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/social-accounts/{id}/quota: what YouTube's daily quota still allows today. */
export function useYouTubeQuota(accountId: string | null) {
  return useQuery({
    queryKey: ['youtube-quota', accountId ?? ''] as const,
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/user/social-accounts/${encodeURIComponent(accountId ?? '')}/quota`,
        youtubeQuotaResponse,
      ),
    enabled: accountId !== null,
    staleTime: 60 * 1000,
    retry: false,
  });
}

/** The workspace's images (the first page of the library), to choose a YouTube thumbnail from. */
export function useLibraryImages(enabled: boolean) {
  return useQuery({
    queryKey: ['media', 'library', 'list', { type: 'image', thumbnails: true }] as const,
    queryFn: () => apiRequest('GET', '/api/media/library?type=image', mediaLibraryPage),
    enabled,
    staleTime: 60 * 1000,
  });
}
