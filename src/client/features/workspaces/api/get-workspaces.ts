import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceList } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';

export const workspacesQueryKey = ['workspaces'] as const;

/** GET /api/workspaces: every workspace the user belongs to, the active one marked. */
export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: workspacesQueryKey,
    queryFn: () => apiRequest('GET', '/api/workspaces', workspaceList),
    // Someone may have added the user to a workspace since: asked again whenever the list opens.
    staleTime: 0,
  });

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions());
}
