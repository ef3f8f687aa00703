import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingSubscription } from '../../../../contracts/billing';
import { apiRequest } from '../../../lib/api-client';

/** Everything billing reads under this prefix; invalidate `['billing']` after a payment. */
export const billingQueryKeyPrefix = ['billing'] as const;
export const billingSubscriptionQueryKey = ['billing', 'subscription'] as const;

/**
 * How long a read stays fresh. The banner of every signed-in page and Settings › Subscription
 * share it: a page change within a minute asks nothing; after that the next screen reads it again
 * (a webhook may have changed the plan meanwhile). Billing notifications refresh it sooner
 * (use-billing-refresh.ts).
 */
export const BILLING_STALE_MS = 60_000;

/** GET /api/billing/subscription: the workspace's plan, status, dates, usage and billing mode. */
export function getBillingSubscription() {
  return apiRequest('GET', '/api/billing/subscription', billingSubscription);
}

export const billingSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: billingSubscriptionQueryKey,
    queryFn: getBillingSubscription,
    staleTime: BILLING_STALE_MS,
  });

export function useBillingSubscription({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...billingSubscriptionQueryOptions(), enabled });
}
