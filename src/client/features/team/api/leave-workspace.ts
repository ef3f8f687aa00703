import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { useApplySessionUser } from '../../workspaces/use-apply-session-user';

/** POST /api/team/leave: the caller leaves the active workspace (the owner transfers ownership first). */
export function leaveWorkspace() {
  return apiSend('POST', '/api/team/leave');
}

/** Afterwards the session moves to another workspace: the new session user is read and applied. */
export function useLeaveWorkspace() {
  const applySessionUser = useApplySessionUser();
  return useMutation({
    mutationFn: leaveWorkspace,
    onSuccess: () => applySessionUser(),
  });
}
