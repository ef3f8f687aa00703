import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DisableTwoFactorBody, twoFactorStatus } from '../../../../contracts/account-security';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterTwoFactorChange } from './refresh-after-two-factor';

/** POST /api/user/two-factor/disable: the password and a current code (or a backup code). */
export function disableTwoFactor(body: DisableTwoFactorBody) {
  return apiRequest('POST', '/api/user/two-factor/disable', twoFactorStatus, body);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => refreshAfterTwoFactorChange(queryClient),
  });
}
