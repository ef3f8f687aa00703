import { notifyManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { paths } from '../../../app/paths';
import { apiSend } from '../../../lib/api-client';
import { clearSessionMirror } from '../../../lib/session';
import { currentUserQueryKey } from '../../auth/api/get-current-user';

/** DELETE /api/user/account {confirmEmail}: 204 when deleted, 409 when support must do it. */
export function deleteAccount(confirmEmail: string) {
  return apiSend('DELETE', '/api/user/account', { confirmEmail });
}

/**
 * Deletes the account, then forgets the session in this browser and goes home. The user's
 * removal and the move to '/' reach React in one batch: the router then swaps the signed-in app
 * for the public pages at once. Moving first would draw the guarded shell at '/' with the user
 * already gone from the cache (the guard reads it at once, the router only when notified), and
 * the guard would greet a deliberate deletion with "Authentication Required".
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearSessionMirror();
      notifyManager.batch(() => {
        queryClient.setQueryData(currentUserQueryKey, null);
        notifyManager.schedule(() => {
          navigate(paths.home);
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
        });
      });
    },
  });
}
