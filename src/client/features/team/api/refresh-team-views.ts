import type { QueryClient } from '@tanstack/react-query';
import { activityQueryKeyPrefix } from '../../dashboard/api/get-activity';
import { teamQueryKey } from './get-team';

/** After a team change: the feed gains a line for it (the team itself is refreshed by the caller). */
export function refreshActivity(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: activityQueryKeyPrefix });
}

/** After a change answered without the team: read the team again, and the feed. */
export function refreshTeamViews(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamQueryKey }),
    refreshActivity(queryClient),
  ]);
}
