import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAdminUserResponse } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminAuditQueryKey } from './get-admin-audit';
import { adminStatsQueryKey } from './get-admin-stats';
import { adminUsersQueryKey } from './get-admin-users';

/** DELETE /api/admin/users/{id}: the user and their workspace data, for good. */
export function deleteAdminUser(id: string) {
  return apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(id)}`, deleteAdminUserResponse);
}

/** Spec §7: after a delete, both the users and the stats are read again. */
export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
      ]),
  });
}
