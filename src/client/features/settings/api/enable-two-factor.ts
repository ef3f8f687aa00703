import { useMutation } from '@tanstack/react-query';
import { enableTwoFactorResponse, type TwoFactorPasswordBody } from '../../../../contracts/account-security';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/user/two-factor/enable: the secret to scan and the backup codes. Two-factor is not on
 * until verify-two-factor confirms a first code, so nothing else needs refreshing here.
 */
export function enableTwoFactor(body: TwoFactorPasswordBody) {
  return apiRequest('POST', '/api/user/two-factor/enable', enableTwoFactorResponse, body);
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
