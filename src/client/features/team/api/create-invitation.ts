import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateInvitationBody, createInvitationResponse } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';
import { refreshTeamViews } from './refresh-team-views';

/** POST /api/team/invitations: emails the link too, and answers it so it can be copied. */
export function createInvitation(body: CreateInvitationBody) {
  return apiRequest('POST', '/api/team/invitations', createInvitationResponse, body);
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => refreshTeamViews(queryClient),
  });
}
