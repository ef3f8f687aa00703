import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedCreated, calendarFeedStatus } from '../../../../contracts/calendar-export';
import { apiRequest, apiSend } from '../../../lib/api-client';

export const calendarFeedQueryKey = ['calendar-feed'] as const;

/** GET /api/calendar/feed: whether the member has a private subscription URL (never the URL). */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: calendarFeedQueryKey,
    queryFn: () => apiRequest('GET', '/api/calendar/feed', calendarFeedStatus),
  });

export function useCalendarFeed(enabled: boolean) {
  return useQuery({ ...calendarFeedQueryOptions(), enabled });
}

/** POST /api/calendar/feed: a new private URL; an earlier one stops working. 402 below Professional. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/calendar/feed', calendarFeedCreated),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryKey }),
  });
}

/** DELETE /api/calendar/feed: the private URL answers 404 from now on. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('DELETE', '/api/calendar/feed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryKey }),
  });
}
