import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { refreshTeamViews } from './refresh-team-views';

/** DELETE /api/team/members/{userId}: they lose access to this workspace. */
export function removeMember(userId: string) {
  return apiSend('DELETE', `/api/team/members/${encodeURIComponent(userId)}`);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => refreshTeamViews(queryClient),
  });
}
