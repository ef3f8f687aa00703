import { useMutation } from '@tanstack/react-query';
import { type SandboxConfirmBody, sandboxConfirmResponse } from '../../../../contracts/billing';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/billing/sandbox/confirm: the sandbox card form's payment. On 200 the plan is already
 * applied (the same webhook-handling code as Stripe's ran on the server). 402 with the decline
 * message ('Your card was declined.'), 400 naming the malformed field.
 */
export function confirmSandboxPayment(body: SandboxConfirmBody) {
  return apiRequest('POST', '/api/billing/sandbox/confirm', sandboxConfirmResponse, body);
}

export function useConfirmSandboxPayment() {
  return useMutation({ mutationFn: confirmSandboxPayment });
}
