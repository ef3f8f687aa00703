import { useMutation, useQueryClient } from '@tanstack/react-query';
import { issuedAccessCode } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminAuditQueryKey } from './get-admin-audit';
import { adminUsersQueryKey } from './get-admin-users';

/** POST /api/admin/users/{id}/access-code: a new code (the old one stops working), shown once. */
export function regenerateAccessCode(id: string) {
  return apiRequest('POST', `/api/admin/users/${encodeURIComponent(id)}/access-code`, issuedAccessCode);
}

export function useRegenerateAccessCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateAccessCode,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
      ]),
  });
}
