import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingSubscription, type SandboxPortalBody } from '../../../../contracts/billing';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth/api/get-current-user';
import { billingSubscriptionQueryKey } from './get-billing-subscription';

export type SandboxPortalAction = SandboxPortalBody['action'];

/**
 * POST /api/billing/sandbox/portal: the sandbox's stand-in for Stripe's portal cancels the
 * subscription at the end of its period, resumes it, or switches it to another paid plan.
 * Answers the subscription as it is now.
 */
export function sandboxPortalAction(request: SandboxPortalBody) {
  return apiRequest('POST', '/api/billing/sandbox/portal', billingSubscription, request);
}

export function useSandboxPortalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sandboxPortalAction,
    onSuccess: (subscription, request) => {
      queryClient.setQueryData(billingSubscriptionQueryKey, subscription);
      if (request.action === 'switch') {
        // A new plan's limits show in many places (the session user's plan, credits, accounts
        // over the limit, feature gates): everything cached is read again.
        void queryClient.invalidateQueries();
        return;
      }
      // The session user carries the plan and status too (the shell's badge).
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
