import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '../../../../contracts/notifications';
import { apiSend } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** POST /api/notifications/read: these ids, or all of the user's when `ids` is absent. 204. */
export function markNotificationsRead(ids?: string[]): Promise<void> {
  return apiSend('POST', '/api/notifications/read', ids ? { ids } : {});
}

/** Clears the badge at once; the list is read again afterwards either way. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | undefined) => markNotificationsRead(ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const before = queryClient.getQueryData<NotificationList>(notificationsQueryKey);
      if (before) queryClient.setQueryData(notificationsQueryKey, markedRead(before, ids, new Date()));
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(notificationsQueryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/** The list as it will be once the server has marked `ids` (or all) read. */
export function markedRead(list: NotificationList, ids: string[] | undefined, at: Date): NotificationList {
  const targets = ids ? new Set(ids) : null;
  let marked = 0;
  const notifications = list.notifications.map((item) => {
    if (item.readAt !== null || (targets && !targets.has(item.id))) return item;
    marked += 1;
    return { ...item, readAt: at.toISOString() };
  });
  return { notifications, unreadCount: targets ? Math.max(0, list.unreadCount - marked) : 0 };
}
