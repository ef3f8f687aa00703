import { queryOptions, useQuery } from '@tanstack/react-query';
import { team } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';

export const teamQueryKey = ['team'] as const;

/** GET /api/team: the active workspace, its members and pending invitations. */
export const teamQueryOptions = () =>
  queryOptions({
    queryKey: teamQueryKey,
    queryFn: () => apiRequest('GET', '/api/team', team),
    // Others change the team too (an invitation accepted, a role changed): read again on each visit.
    staleTime: 0,
  });

export function useTeam() {
  return useQuery(teamQueryOptions());
}
