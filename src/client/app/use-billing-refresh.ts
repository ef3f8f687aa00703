import type { QueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '../../contracts/notifications';
import { currentUserQueryKey } from '../features/auth/api/get-current-user';
import { billingQueryKeyPrefix } from '../features/billing/api/get-billing-subscription';
import { useRefreshOnNotice } from '../features/notifications/use-notice-refresh';
import { socialAccountsQueryKey } from '../features/social-accounts/api/get-social-accounts';

/** Notifications that mean the plan or its status just changed on the server. */
export const billingNotificationKinds: ReadonlySet<NotificationKind> = new Set([
  'trial_ending',
  'trial_ended',
  'payment_failed',
  'subscription_changed',
]);

function refreshBilling(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: billingQueryKeyPrefix });
  void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  // Which accounts are over the plan's limit changes with the plan.
  void queryClient.invalidateQueries({ queryKey: socialAccountsQueryKey });
}

/**
 * A webhook or the trial job changes the plan without the browser asking: on a new billing
 * notification, read the plan again (the billing queries and the session user behind the shell's badge).
 */
export function useBillingRefreshOnNotice(): void {
  useRefreshOnNotice(billingNotificationKinds, refreshBilling);
}
