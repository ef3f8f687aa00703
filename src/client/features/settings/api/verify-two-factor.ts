import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorStatus, type VerifyTwoFactorBody } from '../../../../contracts/account-security';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterTwoFactorChange } from './refresh-after-two-factor';

/** POST /api/user/two-factor/verify: the first code from the app; two-factor is on from here. */
export function verifyTwoFactor(body: VerifyTwoFactorBody) {
  return apiRequest('POST', '/api/user/two-factor/verify', twoFactorStatus, body);
}

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: () => refreshAfterTwoFactorChange(queryClient),
  });
}
