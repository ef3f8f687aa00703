import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EvergreenSettings, evergreenSettingsResponse } from '../../../../contracts/evergreen';
import { apiRequest } from '../../../lib/api-client';

const evergreenUrl = (accountId: string) => `/api/queue/evergreen?${new URLSearchParams({ accountId })}`;

export const evergreenSettingsKey = (accountId: string) => ['queue', 'evergreen', accountId] as const;

/** GET /api/queue/evergreen?accountId=: the account's recycling setting and its evergreen posts. */
export const evergreenSettingsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: evergreenSettingsKey(accountId),
    queryFn: () => apiRequest('GET', evergreenUrl(accountId), evergreenSettingsResponse),
  });

export function useEvergreenSettings(accountId: string) {
  return useQuery(evergreenSettingsQueryOptions(accountId));
}

/** PUT /api/queue/evergreen?accountId=: 402 on a plan without recycling, 409 before the queue has slots. */
export function useSaveEvergreenSettings(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: EvergreenSettings) =>
      apiRequest('PUT', evergreenUrl(accountId), evergreenSettingsResponse, settings),
    onSuccess: (saved) => queryClient.setQueryData(evergreenSettingsKey(accountId), saved),
  });
}
