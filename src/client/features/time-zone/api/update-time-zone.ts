import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../contracts/auth';
import { timezoneBody } from '../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';
import { mirrorUser } from '../../../lib/session';
import { currentUserQueryKey } from '../../auth/api/get-current-user';

/** PUT /api/user/timezone {timezone}: an IANA zone, or null for "the browser's zone". */
export function updateTimeZone(timezone: string | null) {
  return apiRequest('PUT', '/api/user/timezone', timezoneBody, { timezone });
}

/** Saves the user's zone and updates the signed-in user (and its mirror) in place. */
export function useUpdateTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeZone,
    onSuccess: ({ timezone }) => {
      const user = queryClient.getQueryData<SessionUser | null>(currentUserQueryKey);
      if (!user) return;
      const next = { ...user, timezone };
      queryClient.setQueryData(currentUserQueryKey, next);
      mirrorUser(next);
    },
  });
}
