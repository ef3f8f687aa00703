import { useMutation } from '@tanstack/react-query';
import { verificationResendResponse } from '../../../../contracts/account-security';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/verify-email/resend: a new confirmation link to the signed-in user's address. On
 * a server that sends no email the answer carries the link itself (`confirmUrl`).
 */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/verify-email/resend', verificationResendResponse),
  });
}
