import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserWithCode, type CreateAdminUserBody } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminAuditQueryKey } from './get-admin-audit';
import { adminStatsQueryKey } from './get-admin-stats';
import { adminUsersQueryKey } from './get-admin-users';

/** POST /api/admin/users: 201 with the new user (and its access code, shown once, if asked); 409 on a taken email. */
export function createAdminUser(body: CreateAdminUserBody) {
  return apiRequest('POST', '/api/admin/users', adminUserWithCode, body);
}

/** Spec §7: after a create, both the users and the stats are read again. */
export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
      ]),
  });
}
