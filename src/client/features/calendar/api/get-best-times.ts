import { queryOptions, useQuery } from '@tanstack/react-query';
import { bestTimeList } from '../../../../contracts/analytics';
import { apiRequest } from '../../../lib/api-client';

export const bestTimesQueryKey = ['best-times'] as const;

/** GET /api/analytics/best-times?timeZone=: each connected account's best slots, in `zone`. */
export const bestTimesQueryOptions = (zone: string) =>
  queryOptions({
    queryKey: [...bestTimesQueryKey, zone],
    queryFn: () =>
      apiRequest('GET', `/api/analytics/best-times?${new URLSearchParams({ timeZone: zone })}`, bestTimeList),
  });

/** Read only while `enabled` (the composer asks once an account is chosen). */
export function useBestTimes(zone: string, enabled: boolean) {
  return useQuery({ ...bestTimesQueryOptions(zone), enabled });
}
