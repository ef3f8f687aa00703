import { useMutation, useQueryClient } from '@tanstack/react-query';
import { team, type UpdateMemberBody } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth/api/get-current-user';
import { teamQueryKey } from './get-team';
import { refreshActivity } from './refresh-team-views';

export interface UpdateMemberInput extends UpdateMemberBody {
  userId: string;
}

/**
 * PATCH /api/team/members/{userId}: a new role; 'owner' transfers ownership (the owner becomes an
 * admin). Answers the team as it now is.
 */
export function updateMember({ userId, role }: UpdateMemberInput) {
  return apiRequest('PATCH', `/api/team/members/${encodeURIComponent(userId)}`, team, { role });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: (updated, { role }) => {
      queryClient.setQueryData(teamQueryKey, updated);
      void refreshActivity(queryClient);
      // Handing over ownership changes the caller's own role too: the session user says so.
      if (role === 'owner') return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
