import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useUpcomingPosts } from '../calendar/api/get-upcoming-posts';
import { activityQueryKeyPrefix } from './api/get-activity';
import { dashboardStatsQueryKey } from './api/get-dashboard-stats';
import { DASHBOARD_UPCOMING_SHOWN } from './components/upcoming-posts-panel';

/**
 * The upcoming list reads itself again around a post's due time (refreshDelay); when a post
 * leaves it (published, cancelled), the numbers and the feed have moved too: read them again.
 * Cheap: it fires only when the list's posts change while the dashboard is open.
 */
export function useStatsFollowPublishing(): void {
  const queryClient = useQueryClient();
  const upcoming = useUpcomingPosts(DASHBOARD_UPCOMING_SHOWN);
  const ids = upcoming.data?.map((post) => post.id).join(',');
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (ids === undefined) return;
    if (previous.current !== undefined && previous.current !== ids) {
      void queryClient.invalidateQueries({ queryKey: dashboardStatsQueryKey });
      void queryClient.invalidateQueries({ queryKey: activityQueryKeyPrefix });
    }
    previous.current = ids;
  }, [ids, queryClient]);
}
