import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type CreateSubscriptionResponse,
  createSubscriptionResponse,
  type PaidPlanId,
} from '../../../../contracts/billing';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/create-subscription {plan}: creates (or reuses) the billing customer and an
 * incomplete subscription, and answers the client secret that pays its first invoice.
 * 409 when the workspace already pays for a plan; 502 when the payment provider failed.
 */
export function createSubscription(plan: PaidPlanId): Promise<CreateSubscriptionResponse> {
  return apiRequest('POST', '/api/create-subscription', createSubscriptionResponse, { plan });
}

export const subscriptionSetupQueryKey = ['subscribe', 'setup'] as const;

/**
 * The setup is a POST, read through a query on purpose: the query dedupes the call (React's
 * strict mode mounts twice; a second subscription would be prepared for nothing), keeps one
 * answer per plan while the page is open, and `refetch` is the page's "Try again". It is
 * forgotten as soon as the page closes (gcTime 0): a client secret is only good once.
 */
export const subscriptionSetupQueryOptions = (plan: PaidPlanId) =>
  queryOptions({
    queryKey: [...subscriptionSetupQueryKey, plan],
    queryFn: () => createSubscription(plan),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

/** The prepared subscription for `plan`; nothing is prepared while `plan` is null. */
export function useSubscriptionSetup(plan: PaidPlanId | null) {
  return useQuery({
    // The key and function for a null plan are never used: the query is disabled.
    ...subscriptionSetupQueryOptions(plan ?? 'starter'),
    enabled: plan !== null,
  });
}
