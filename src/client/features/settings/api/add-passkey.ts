import { useMutation, useQueryClient } from '@tanstack/react-query';
import { passkeySummary, webAuthnOptions } from '../../../../contracts/account-security';
import { apiRequest } from '../../../lib/api-client';
import { accountSecurityQueryKey } from './get-account-security';

/**
 * Adds a passkey: the server's creation options (POST /api/user/passkeys/options, which also sets
 * the challenge cookie), the browser's prompt, then the browser's answer with its name
 * (POST /api/user/passkeys). @simplewebauthn/browser is loaded only here, when someone adds one.
 * A prompt the person closes rejects with a NotAllowedError (see isPasskeyPromptClosed).
 */
export async function addPasskey(name: string) {
  const optionsJSON = await apiRequest('POST', '/api/user/passkeys/options', webAuthnOptions);
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({
    // The contract passes the JSON through; its shape is @simplewebauthn's to check.
    optionsJSON: optionsJSON as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return apiRequest('POST', '/api/user/passkeys', passkeySummary, { response, name });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityQueryKey }),
  });
}

/**
 * The person closed or timed out the browser's passkey prompt (or it refused): WebAuthn says
 * NotAllowedError for both, and @simplewebauthn keeps that name. Nothing to report then.
 */
export function isPasskeyPromptClosed(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
