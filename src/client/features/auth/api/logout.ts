import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { logoutResponse } from '../../../../contracts/auth';
import { apiRequest } from '../../../lib/api-client';
import { forgetSession } from '../forget-session';

/** POST /api/auth/logout, then forget everything the browser knew and go home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout', logoutResponse),
    meta: { handlesUnauthorized: true },
    onSettled: () => forgetSession(queryClient, navigate),
  });
}
