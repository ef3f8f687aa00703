import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../../contracts/auth';
import { apiFetchJson, isUnauthorized } from '../../../lib/api-client';
import {
  clearSessionMirror,
  loadSessionUserSchema,
  mirrorUser,
  readMirroredUser,
} from '../../../lib/session';

export const currentUserQueryKey = ['auth', 'user'] as const;

/** GET /api/auth/user: the signed-in user, or null when the server answers 401. */
async function getCurrentUser(): Promise<SessionUser | null> {
  let body: unknown;
  try {
    body = await apiFetchJson('GET', '/api/auth/user');
  } catch (error) {
    if (isUnauthorized(error)) {
      clearSessionMirror();
      return null;
    }
    throw error;
  }
  // Only a signed-in user needs the schema; the visitor on the landing page never loads it.
  const user = (await loadSessionUserSchema()).parse(body);
  mirrorUser(user);
  return user;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // The mirror only paints the first render; the server always confirms (no retry: spec §4).
    placeholderData: () => readMirroredUser() ?? undefined,
    retry: false,
    meta: { handlesUnauthorized: true },
  });

export interface AuthState {
  user: SessionUser | null;
  /** True until the server (or the mirror, for the first paint) has said who is signed in. */
  isLoading: boolean;
}

export function useAuth(): AuthState {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}
