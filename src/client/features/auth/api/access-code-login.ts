import { useMutation } from '@tanstack/react-query';
import { type AccessCodeBody, authMessages } from '../../../../contracts/auth';
import { callLogin } from './login-call';

/** POST /api/user/login: sign in with a four-character access code. */
export function useAccessCodeLogin() {
  return useMutation({
    mutationFn: (body: AccessCodeBody) => callLogin('/api/user/login', body, authMessages.accessCodeRefused),
    meta: { handlesUnauthorized: true },
  });
}
