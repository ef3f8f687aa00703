import { useMutation } from '@tanstack/react-query';
import { switchWorkspaceResponse } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';
import { useApplySessionUser } from '../use-apply-session-user';

/** POST /api/workspaces/active: work in another workspace; answers the session user as it now is. */
export function switchWorkspace(workspaceId: string) {
  return apiRequest('POST', '/api/workspaces/active', switchWorkspaceResponse, { workspaceId });
}

export function useSwitchWorkspace() {
  const applySessionUser = useApplySessionUser();
  return useMutation({
    mutationFn: switchWorkspace,
    onSuccess: ({ user }) => applySessionUser(user),
  });
}
