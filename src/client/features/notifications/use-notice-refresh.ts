import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { NotificationKind, NotificationList } from '../../../contracts/notifications';
import { notificationsQueryOptions } from './api/get-notifications';

/** Id of the newest notification of these kinds; null when there is none, undefined before the list loads. */
export function newestNoticeId(
  list: NotificationList | undefined,
  kinds: ReadonlySet<NotificationKind>,
): string | null | undefined {
  if (!list) return undefined;
  let newest: { id: string; at: number } | null = null;
  for (const item of list.notifications) {
    if (!kinds.has(item.kind)) continue;
    const at = Date.parse(item.createdAt);
    if (!newest || at > newest.at) newest = { id: item.id, at };
  }
  return newest?.id ?? null;
}

/**
 * Things change on the server without this browser asking: a webhook moves the plan, a teammate
 * submits a post or changes your role. The bell polls the notifications anyway; when a new one of
 * these kinds arrives, `refresh` reads the affected views again. Reads the bell's cache, never
 * fetches, and does nothing for the notices already there when the page opened.
 */
export function useRefreshOnNotice(
  kinds: ReadonlySet<NotificationKind>,
  refresh: (queryClient: QueryClient) => void,
): void {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...notificationsQueryOptions(), enabled: false, refetchInterval: false });
  const latest = newestNoticeId(data, kinds);
  const seen = useRef<string | null | undefined>(undefined);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    if (latest === undefined) return;
    if (seen.current === undefined) {
      seen.current = latest;
      return;
    }
    if (latest === seen.current) return;
    seen.current = latest;
    refreshRef.current(queryClient);
  }, [latest, queryClient]);
}
