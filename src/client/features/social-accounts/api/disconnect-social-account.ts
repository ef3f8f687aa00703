import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { postsQueryKey } from '../../content/api/get-posts';
import { socialAccountsQueryKey } from './get-social-accounts';

/**
 * DELETE /api/user/social-accounts/{id}: answers 204 with no body, which `apiRequest` (JSON only)
 * cannot read, so the call is made here with the same credentials and the same ApiError.
 */
export async function disconnectSocialAccount(id: string): Promise<void> {
  const response = await fetch(`/api/user/social-accounts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
}

/** The server puts the account's scheduled posts back to draft, so cached post lists are stale too. */
export function useDisconnectSocialAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectSocialAccount,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: socialAccountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: postsQueryKey }),
      ]),
  });
}
