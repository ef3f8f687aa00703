import { useMutation } from '@tanstack/react-query';
import { securityNotice } from '../../../../contracts/account-security';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/verify-email/resend: a new confirmation link to the signed-in user's address. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/verify-email/resend', securityNotice),
  });
}
