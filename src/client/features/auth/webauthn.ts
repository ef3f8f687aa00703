import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser side of passkeys, through @simplewebauthn/browser. The library is loaded with a
 * dynamic import when a passkey is first needed, never with the landing page: its first-load
 * JavaScript is at its budget (architecture §8), and most visitors never open the sign-in dialog.
 * Settings has its own registration helper (features/settings); this one only signs in.
 */

export type PasskeyRequestOptions = PublicKeyCredentialRequestOptionsJSON;

let library: Promise<typeof import('@simplewebauthn/browser')> | undefined;
const loadLibrary = () => {
  library ??= import('@simplewebauthn/browser');
  return library;
};

/** The library's own check, without loading it: whether this browser has WebAuthn at all. */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser offers passkeys among an input's autofill suggestions (conditional UI). */
export async function browserHasPasskeyAutofill(): Promise<boolean> {
  if (!browserHasPasskeys()) return false;
  const { browserSupportsWebAuthnAutofill } = await loadLibrary();
  return browserSupportsWebAuthnAutofill();
}

/**
 * Asks the browser for a passkey's signature over the server's challenge. A new request aborts
 * the one before (the library keeps one at a time), so the button's request ends the autofill's.
 */
export async function getPasskeyAssertion(
  optionsJSON: PasskeyRequestOptions,
  { autofill }: { autofill: boolean },
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await loadLibrary();
  return startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
}

/** Ends the passkey request under way, if any (the dialog closed). */
export function cancelPasskeyRequest(): void {
  // Not loaded yet: nothing can be under way (and a closing dialog need not load it).
  void library?.then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
}

/**
 * True when the request ended without an answer because the person cancelled it, another request
 * replaced it, or it was aborted: nothing to tell them. The library names the cases it knows.
 */
export function passkeyRequestWasCancelled(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return error.name === 'AbortError' || error.name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED';
}
