import { useQuery } from '@tanstack/react-query';
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
