import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSettings } from '../../../../contracts/settings';
import { apiRequest } from '../../../lib/api-client';

export const userSettingsQueryKey = ['user-settings'] as const;

/** GET /api/user/settings: the signed-in user's settings form (defaults when never saved). */
export const userSettingsQueryOptions = () =>
  queryOptions({
    queryKey: userSettingsQueryKey,
    queryFn: () => apiRequest('GET', '/api/user/settings', userSettings),
  });

export function useUserSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userSettingsQueryOptions(), enabled });
}
