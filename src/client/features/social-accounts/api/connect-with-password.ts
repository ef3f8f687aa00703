import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ConnectWithPasswordBody,
  type SocialAccount,
  socialAccount,
} from '../../../../contracts/social-accounts';
import { apiRequest } from '../../../lib/api-client';
import { socialAccountsQueryKey } from './get-social-accounts';

/** POST /api/user/social-accounts/password: signs in with an app password (Bluesky); the account. */
export function connectWithPassword(body: ConnectWithPasswordBody): Promise<SocialAccount> {
  return apiRequest('POST', '/api/user/social-accounts/password', socialAccount, body);
}

export function useConnectWithPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectWithPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: socialAccountsQueryKey }),
  });
}
