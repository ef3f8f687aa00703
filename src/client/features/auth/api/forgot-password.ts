import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, SecurityNotice } from '../../../../contracts/account-security';
import { apiFetchJson } from '../../../lib/api-client';

/**
 * POST /api/auth/forgot-password: the same answer whether or not the address has an account.
 * Read without the zod contract: the sign-in dialog stays small (only the message is shown).
 */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (body: ForgotPasswordBody) =>
      (await apiFetchJson('POST', '/api/auth/forgot-password', body)) as SecurityNotice,
  });
}
