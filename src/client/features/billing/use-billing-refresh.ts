import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { NotificationKind, NotificationList } from '../../../contracts/notifications';
import { currentUserQueryKey } from '../auth/api/get-current-user';
import { notificationsQueryOptions } from '../notifications/api/get-notifications';
import { socialAccountsQueryKey } from '../social-accounts/api/get-social-accounts';
import { billingQueryKeyPrefix } from './api/get-billing-subscription';

/** Notifications that mean the plan or its status just changed on the server. */
export const billingNotificationKinds: ReadonlySet<NotificationKind> = new Set([
  'trial_ending',
  'trial_ended',
  'payment_failed',
  'subscription_changed',
]);

/** Id of the newest billing notification; null when there is none, undefined before the list loads. */
export function latestBillingNoticeId(list: NotificationList | undefined): string | null | undefined {
  if (!list) return undefined;
  let newest: { id: string; at: number } | null = null;
  for (const item of list.notifications) {
    if (!billingNotificationKinds.has(item.kind)) continue;
    const at = Date.parse(item.createdAt);
    if (!newest || at > newest.at) newest = { id: item.id, at };
  }
  return newest?.id ?? null;
}

/**
 * A webhook or the trial job changes the plan without the browser asking. The bell polls the
 * notifications anyway: when a new billing notification arrives, read the plan again (the billing
 * queries and the session user behind the shell's badge). Reads the bell's cache, never fetches.
 */
export function useBillingRefreshOnNotice(): void {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...notificationsQueryOptions(), enabled: false, refetchInterval: false });
  const latest = latestBillingNoticeId(data);
  const seen = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (latest === undefined) return;
    if (seen.current === undefined) {
      seen.current = latest;
      return;
    }
    if (latest === seen.current) return;
    seen.current = latest;
    void queryClient.invalidateQueries({ queryKey: billingQueryKeyPrefix });
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    // Which accounts are over the plan's limit changes with the plan.
    void queryClient.invalidateQueries({ queryKey: socialAccountsQueryKey });
  }, [latest, queryClient]);
}
