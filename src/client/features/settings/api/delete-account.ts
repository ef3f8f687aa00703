import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiSend } from '../../../lib/api-client';
import { forgetSession } from '../../auth/forget-session';

/** DELETE /api/user/account {confirmEmail}: 204 when deleted, 409 when support must do it. */
export function deleteAccount(confirmEmail: string) {
  return apiSend('DELETE', '/api/user/account', { confirmEmail });
}

/** Deletes the account, then forgets the session in this browser and goes home (forgetSession). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => forgetSession(queryClient, navigate),
  });
}
