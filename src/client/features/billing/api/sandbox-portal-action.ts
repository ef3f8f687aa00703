import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { billingSubscription, type sandboxPortalBody } from '../../../../contracts/billing';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth/api/get-current-user';
import { billingSubscriptionQueryKey } from './get-billing-subscription';

export type SandboxPortalAction = z.infer<typeof sandboxPortalBody>['action'];

/**
 * POST /api/billing/sandbox/portal: the sandbox's stand-in for Stripe's portal cancels the
 * subscription at the end of its period, or resumes it. Answers the subscription as it is now.
 */
export function sandboxPortalAction(action: SandboxPortalAction) {
  return apiRequest('POST', '/api/billing/sandbox/portal', billingSubscription, { action });
}

export function useSandboxPortalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sandboxPortalAction,
    onSuccess: (subscription) => {
      queryClient.setQueryData(billingSubscriptionQueryKey, subscription);
      // The session user carries the plan and status too (the shell's badge).
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
