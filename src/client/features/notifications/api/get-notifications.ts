import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationList } from '../../../../contracts/notifications';
import { apiRequest } from '../../../lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

/** How often the bell asks for news while the tab is visible (and again whenever it regains focus). */
export const NOTIFICATIONS_POLL_MS = 60_000;

/**
 * GET /api/notifications: the user's newest notifications and the unread count. Unlike the app's
 * defaults (never stale, no polling), this one polls: a failed post must reach an open tab.
 */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: () => apiRequest('GET', '/api/notifications', notificationList),
    staleTime: 0,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
