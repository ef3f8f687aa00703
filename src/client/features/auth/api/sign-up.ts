import { useMutation } from '@tanstack/react-query';
import { authMessages, type SignUpBody } from '../../../../contracts/auth';
import { callLogin } from './login-call';

/** POST /api/auth/signup */
export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpBody) => callLogin('/api/auth/signup', body, authMessages.signUpRefused),
    meta: { handlesUnauthorized: true },
  });
}
