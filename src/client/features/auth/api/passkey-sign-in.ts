import { securityMessages } from '../../../../contracts/security-messages';
import { apiFetchJson } from '../../../lib/api-client';
import type { PasskeyRequestOptions } from '../webauthn';
import { callLogin, type LoginOutcome } from './login-call';

/**
 * POST /api/auth/passkey/options: the challenge a passkey signs (the server keeps it in a
 * cookie). Read without the zod contract: the options go to the browser as they are.
 */
export async function getPasskeySignInOptions(): Promise<PasskeyRequestOptions> {
  return (await apiFetchJson('POST', '/api/auth/passkey/options')) as PasskeyRequestOptions;
}

/** POST /api/auth/passkey: the browser's signed answer; signs in as a password would. */
export function sendPasskeySignIn(response: unknown): Promise<LoginOutcome> {
  return callLogin('/api/auth/passkey', { response }, securityMessages.passkeyRefused);
}
