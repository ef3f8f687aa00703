import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { socialAccountsQueryKey } from './get-social-accounts';

/** DELETE /api/user/social-accounts/{id}: 204, no body. */
export function disconnectSocialAccount(id: string): Promise<void> {
  return apiSend('DELETE', `/api/user/social-accounts/${encodeURIComponent(id)}`);
}

/** The server puts the account's scheduled posts back to draft, so cached post lists are stale too. */
export function useDisconnectSocialAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectSocialAccount,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: socialAccountsQueryKey }),
        // content/api/post-keys' postKeys.all, spelled out: social-accounts must not depend on the
        // content feature, which loads the AI studio that reads the accounts (a feature cycle).
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
      ]),
  });
}
