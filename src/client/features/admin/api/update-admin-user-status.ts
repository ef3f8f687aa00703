import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUser } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminAuditQueryKey } from './get-admin-audit';
import { adminUsersQueryKey } from './get-admin-users';

export interface UpdateAdminUserStatusInput {
  id: string;
  /** Spec §4: the toggle sends the opposite of the user's current isActive. */
  isActive: boolean;
}

/**
 * PUT /api/admin/users/{id}/status. Deactivating ends the user's sessions and pauses their
 * scheduled posts on the server.
 */
export function updateAdminUserStatus({ id, isActive }: UpdateAdminUserStatusInput) {
  return apiRequest('PUT', `/api/admin/users/${encodeURIComponent(id)}/status`, adminUser, { isActive });
}

/** Spec §7: after a status change only the users are read again (not the stats). */
export function useUpdateAdminUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUserStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
      ]),
  });
}
