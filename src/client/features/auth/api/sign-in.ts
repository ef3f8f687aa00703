import { useMutation } from '@tanstack/react-query';
import { authMessages, type SignInBody } from '../../../../contracts/auth';
import { callLogin } from './login-call';

/** POST /api/auth/signin */
export function useSignIn() {
  return useMutation({
    mutationFn: (body: SignInBody) => callLogin('/api/auth/signin', body, authMessages.signInRefused),
    meta: { handlesUnauthorized: true },
  });
}
