import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSignInBody } from '../../../../contracts/account-security';
import { securityMessages } from '../../../../contracts/security-messages';
import { callLogin } from './login-call';

/** POST /api/auth/two-factor: the second step of a password sign-in (a code, or a backup code). */
export function useTwoFactorSignIn() {
  return useMutation({
    mutationFn: (body: TwoFactorSignInBody) =>
      callLogin('/api/auth/two-factor', body, securityMessages.twoFactorWrongCode),
    meta: { handlesUnauthorized: true },
  });
}
