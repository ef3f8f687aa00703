import { useMutation } from '@tanstack/react-query';
import { acceptInvitationResponse } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';
import { useApplySessionUser } from '../../workspaces/use-apply-session-user';

/** POST /api/team/invitations/{token}/accept: joins; the workspace becomes the active one. */
export function acceptInvitation(token: string) {
  return apiRequest(
    'POST',
    `/api/team/invitations/${encodeURIComponent(token)}/accept`,
    acceptInvitationResponse,
  );
}

export function useAcceptInvitation() {
  const applySessionUser = useApplySessionUser();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: ({ user }) => applySessionUser(user),
  });
}
