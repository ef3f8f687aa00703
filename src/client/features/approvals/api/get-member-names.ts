import { queryOptions, useQuery } from '@tanstack/react-query';
import { team } from '../../../../contracts/team';
import { apiRequest } from '../../../lib/api-client';
import type { MemberNames } from '../approval-display';

/**
 * GET /api/team, read for its members' names: who submitted a post waiting for approval. Under
 * the team key, so a change to the team (someone joins or leaves) refreshes it.
 */
export const memberNamesQueryOptions = () =>
  queryOptions({
    queryKey: ['team', 'member-names'],
    queryFn: async (): Promise<MemberNames> => {
      const answer = await apiRequest('GET', '/api/team', team);
      return new Map(
        answer.members.map((member) => [
          member.userId,
          `${member.firstName} ${member.lastName}`.trim() || member.email,
        ]),
      );
    },
  });

/** The names, or undefined while they load or when they cannot be read (the rows then omit them). */
export function useMemberNames(enabled = true) {
  return useQuery({ ...memberNamesQueryOptions(), enabled });
}
