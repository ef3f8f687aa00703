import { useMutation } from '@tanstack/react-query';
import { type PlanAcceptBody, planAcceptResponse } from '../../../../contracts/ai-plan';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/ai/plan/:id/accept: the chosen (and edited) items become planned drafts. */
export const acceptPlan = ({ planId, body }: { planId: string; body: PlanAcceptBody }) =>
  apiRequest('POST', `/api/ai/plan/${planId}/accept`, planAcceptResponse, body);

export function useAcceptPlan() {
  return useMutation({ mutationFn: acceptPlan });
}
