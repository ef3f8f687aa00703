import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { logoutResponse } from '../../../../contracts/auth';
import { paths } from '../../../app/paths';
import { apiRequest } from '../../../lib/api-client';
import { clearSessionMirror } from '../../../lib/session';
import { currentUserQueryKey } from './get-current-user';

/** POST /api/auth/logout, then forget everything the browser knew and go home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout', logoutResponse),
    meta: { handlesUnauthorized: true },
    onSettled: () => {
      clearSessionMirror();
      navigate(paths.home);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, null);
    },
  });
}
