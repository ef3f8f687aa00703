import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '../../auth/api/get-current-user';
import { accountSecurityQueryKey } from './get-account-security';
import { userSessionsQueryKey } from './get-sessions';

/**
 * After two-factor is turned on or off: the server set a new session cookie (better-auth rotates
 * the session), so the signed-in user, the security details and the sessions list are read again.
 */
export function refreshAfterTwoFactorChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    queryClient.invalidateQueries({ queryKey: accountSecurityQueryKey }),
    queryClient.invalidateQueries({ queryKey: userSessionsQueryKey }),
  ]);
}
