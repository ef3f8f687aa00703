import { queryOptions, useQuery } from '@tanstack/react-query';
import { tiktokCreatorInfo } from '../../../../contracts/tiktok';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/user/social-accounts/{id}/tiktok-creator: what TikTok lets the creator post now. TikTok
 * asks for the latest creator info whenever the post page is shown (content sharing guidelines):
 * read on each open of the composer, kept a minute.
 */
export const tiktokCreatorQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ['tiktok-creator', accountId] as const,
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/user/social-accounts/${encodeURIComponent(accountId)}/tiktok-creator`,
        tiktokCreatorInfo,
      ),
    staleTime: 60 * 1000,
    retry: false,
  });

/** Read only for a connected account (null: nothing is asked). */
export function useTikTokCreatorQuery(accountId: string | null) {
  return useQuery({ ...tiktokCreatorQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
