import { useMutation } from '@tanstack/react-query';
import { backupCodesResponse, type TwoFactorPasswordBody } from '../../../../contracts/account-security';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/two-factor/backup-codes: 10 new codes; the old ones stop working. */
export function regenerateBackupCodes(body: TwoFactorPasswordBody) {
  return apiRequest('POST', '/api/user/two-factor/backup-codes', backupCodesResponse, body);
}

export function useRegenerateBackupCodes() {
  return useMutation({ mutationFn: regenerateBackupCodes });
}
