import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { refreshTeamViews } from './refresh-team-views';

/** DELETE /api/team/invitations/{id}: the link stops working. */
export function revokeInvitation(id: string) {
  return apiSend('DELETE', `/api/team/invitations/${encodeURIComponent(id)}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => refreshTeamViews(queryClient),
  });
}
