import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserWithCode, type UpdateAdminUserBody } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminAuditQueryKey } from './get-admin-audit';
import { adminStatsQueryKey } from './get-admin-stats';
import { adminUsersQueryKey } from './get-admin-users';

export interface UpdateAdminUserInput {
  id: string;
  body: UpdateAdminUserBody;
}

/** PUT /api/admin/users/{id}: the whole edited user; answers it as stored (with a code it issued, once). */
export function updateAdminUser({ id, body }: UpdateAdminUserInput) {
  return apiRequest('PUT', `/api/admin/users/${encodeURIComponent(id)}`, adminUserWithCode, body);
}

/** Spec §7: after an update, both the users and the stats are read again. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
      ]),
  });
}
