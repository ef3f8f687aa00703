import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminSubscription, adminRefundResponse } from '../../../../contracts/billing';
import { apiRequest } from '../../../lib/api-client';
import { adminSubscriptionsQueryKey } from './get-admin-subscriptions';

/**
 * POST /api/admin/subscriptions/:workspaceId/refund: the 14-day money-back guarantee. Refunds the
 * latest payment and cancels the subscription at once; answers the row as it is now.
 */
export function refundSubscription(workspaceId: string) {
  return apiRequest(
    'POST',
    `/api/admin/subscriptions/${encodeURIComponent(workspaceId)}/refund`,
    adminRefundResponse,
  );
}

/** The list with `row` in place of the row of the same workspace. */
export function replaceSubscriptionRow(
  list: { subscriptions: AdminSubscription[] },
  row: AdminSubscription,
): { subscriptions: AdminSubscription[] } {
  return {
    subscriptions: list.subscriptions.map((item) => (item.workspaceId === row.workspaceId ? row : item)),
  };
}

export function useRefundSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundSubscription,
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData(
        adminSubscriptionsQueryKey,
        (list: { subscriptions: AdminSubscription[] } | undefined) =>
          list ? replaceSubscriptionRow(list, subscription) : list,
      );
    },
    // The server's list is the truth (the order, the other rows): read it again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSubscriptionsQueryKey }),
  });
}
