import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../contracts/auth';
import { mirrorUser } from '../../lib/session';
import { currentUserQueryKey, currentUserQueryOptions } from '../auth/api/get-current-user';

/**
 * After the active workspace changed (switched, joined, left, deleted): the session user the
 * server now reports goes into the auth query and the mirror, and every other cached answer is
 * reset, because it belonged to the previous workspace. Pages on screen read theirs again.
 * Without a user given, it is asked for (leaving and deleting answer no user).
 */
export function useApplySessionUser() {
  const queryClient = useQueryClient();
  return async (user?: SessionUser): Promise<SessionUser | null> => {
    const next =
      user ?? (await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 })) ?? null;
    if (next) {
      mirrorUser(next);
      queryClient.setQueryData(currentUserQueryKey, next);
    }
    void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    return next;
  };
}
