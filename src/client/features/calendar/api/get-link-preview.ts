import { queryOptions, useQuery } from '@tanstack/react-query';
import { linkPreview } from '../../../../contracts/link-previews';
import { apiRequest } from '../../../lib/api-client';

export const linkPreviewQueryKey = ['link-preview'] as const;

/** GET /api/link-preview?url=: the card of a link's page (nulls when it has none or cannot be read). */
export const linkPreviewQueryOptions = (url: string) =>
  queryOptions({
    queryKey: [...linkPreviewQueryKey, url],
    queryFn: () => apiRequest('GET', `/api/link-preview?${new URLSearchParams({ url })}`, linkPreview),
    // The server keeps a page's card for an hour; asking again while the composer is open gains nothing.
    staleTime: 30 * 60 * 1000,
    // A preview is a nicety: a refusal (rate limit, network) is not worth asking again for.
    retry: false,
  });

/** Read only for a link (null: nothing is asked). */
export function useLinkPreviewQuery(url: string | null) {
  return useQuery({ ...linkPreviewQueryOptions(url ?? ''), enabled: url !== null });
}
