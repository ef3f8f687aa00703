import { useMutation } from '@tanstack/react-query';
import { switchWorkspaceResponse } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';
import { useApplySessionUser } from '../../workspaces/use-apply-session-user';

/**
 * DELETE /api/team: the owner deletes the active workspace, typing its name to confirm. Answers
 * the session user, now in their next workspace.
 */
export function deleteWorkspace(confirmName: string) {
  return apiRequest('DELETE', '/api/team', switchWorkspaceResponse, { confirmName });
}

export function useDeleteWorkspace() {
  const applySessionUser = useApplySessionUser();
  return useMutation({
    mutationFn: deleteWorkspace,
    onSuccess: ({ user }) => applySessionUser(user),
  });
}
