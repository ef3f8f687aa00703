import { useMutation } from '@tanstack/react-query';
import { type ResetPasswordBody, securityNotice } from '../../../../contracts/account-security';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/reset-password: ends every session of the account; it does not sign in. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiRequest('POST', '/api/auth/reset-password', securityNotice, body),
  });
}
