import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../contracts/auth';
import { type Team, team, type UpdateTeamSettingsBody } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../auth/api/get-current-user';
import { teamQueryKey } from './get-team';
import { refreshActivity } from './refresh-team-views';

/** PATCH /api/team/settings: approvals, and (the owner) required two-factor. Answers the team. */
export function updateTeamSettings(body: UpdateTeamSettingsBody) {
  return apiRequest('PATCH', '/api/team/settings', team, body);
}

/** Optimistic: the switch moves at once and moves back if the server refuses. */
export function useUpdateTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamSettings,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: teamQueryKey });
      const before = queryClient.getQueryData<Team>(teamQueryKey);
      if (before) {
        queryClient.setQueryData<Team>(teamQueryKey, {
          ...before,
          workspace: {
            ...before.workspace,
            requireApproval: change.requireApproval ?? before.workspace.requireApproval,
            requireTwoFactor: change.requireTwoFactor ?? before.workspace.requireTwoFactor,
          },
        });
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(teamQueryKey, context.before);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(teamQueryKey, updated);
      void refreshActivity(queryClient);
      // The session user carries the setting too (the composer reads it): keep it in step.
      const { requireApproval, requireTwoFactor } = updated.workspace;
      queryClient.setQueryData<SessionUser | null>(currentUserQueryKey, (user) =>
        user ? { ...user, workspace: { ...user.workspace, requireApproval, requireTwoFactor } } : user,
      );
    },
  });
}
