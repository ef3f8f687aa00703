import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSubscriptionList } from '../../../../contracts/billing';
import { apiRequest } from '../../../lib/api-client';

export const adminSubscriptionsQueryKey = ['admin', 'subscriptions'] as const;

/** GET /api/admin/subscriptions: every workspace with a subscription, newest payment first. */
export function getAdminSubscriptions() {
  return apiRequest('GET', '/api/admin/subscriptions', adminSubscriptionList);
}

export const adminSubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: adminSubscriptionsQueryKey, queryFn: getAdminSubscriptions });

export function useAdminSubscriptions() {
  return useQuery(adminSubscriptionsQueryOptions());
}
