import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { paths } from '../../app/paths';
import { clearSessionMirror } from '../../lib/session';
import { currentUserQueryKey } from './api/get-current-user';

/**
 * After signing out or deleting the account: forget everything the browser knew and go home (or
 * to `to`, a public page: the landing with its Sign In dialog after a password reset).
 * The user's removal and the move to '/' reach React in one batch, so the router swaps the
 * signed-in app for the public pages at once. Moving first would draw the guarded shell at '/'
 * with the user already gone from the cache (the guard reads it at once, the router only when
 * notified), and the guard would greet a deliberate sign-out with "Authentication Required".
 */
export function forgetSession(
  queryClient: QueryClient,
  navigate: (path: string) => void,
  to: string = paths.home,
): void {
  clearSessionMirror();
  notifyManager.batch(() => {
    queryClient.setQueryData(currentUserQueryKey, null);
    notifyManager.schedule(() => {
      navigate(to);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
    });
  });
}
