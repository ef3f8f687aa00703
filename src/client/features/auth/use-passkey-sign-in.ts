import { useCallback, useEffect, useRef, useState } from 'react';
import { securityMessages } from '../../../contracts/security-messages';
import { toast } from '../../components/ui/use-toast';
import { failureMessage } from '../../lib/api-client';
import { useAuthMethods } from './api/get-auth-methods';
import { getPasskeySignInOptions, sendPasskeySignIn } from './api/passkey-sign-in';
import { useCompleteLogin } from './use-complete-login';
import {
  browserHasPasskeyAutofill,
  browserHasPasskeys,
  cancelPasskeyRequest,
  getPasskeyAssertion,
  passkeyRequestWasCancelled,
} from './webauthn';

/** How many times a sign-in form has been shown: each showing's requests know their own. */
let showings = 0;

/**
 * Passkey sign-in for the Sign In form: `start` runs the browser's passkey prompt (the button);
 * while the form is shown, where the browser supports it, a conditional request also waits for
 * the person to pick a passkey among the email field's autofill suggestions (its autocomplete
 * ends in `webauthn`). Either ends when the form goes away (the dialog closes, another step).
 */
export function usePasskeySignIn(onSignedIn: () => void) {
  const completeLogin = useCompleteLogin();
  const [pending, setPending] = useState(false);
  // The server says whether it can (not when APP_URL's host is an IP address: browsers refuse one
  // as the passkeys' relying party); until it has, nothing is offered.
  const serverOffers = useAuthMethods().data?.passkeys === true;
  const supported = serverOffers && browserHasPasskeys();
  // Which showing of the form this is (0: gone). React runs effects twice in development; a
  // request started by the first run stops at its next step.
  const shown = useRef(0);
  // The latest callbacks, for requests that outlive a render.
  const finish = useRef({ onSignedIn, completeLogin });
  finish.current = { onSignedIn, completeLogin };

  const signIn = useCallback(async (autofill: boolean, stillShown: () => boolean) => {
    const options = await getPasskeySignInOptions();
    if (!stillShown()) return;
    const response = await getPasskeyAssertion(options, { autofill });
    const outcome = await sendPasskeySignIn(response);
    if (outcome.ok) {
      finish.current.onSignedIn();
      finish.current.completeLogin(outcome.user, 'login');
    } else {
      toast({ title: 'Login Failed', description: outcome.message, variant: 'destructive' });
    }
    return outcome.ok;
  }, []);

  const listenForAutofill = useCallback(async () => {
    const showing = shown.current;
    const stillShown = () => shown.current === showing;
    try {
      if (!(await browserHasPasskeyAutofill()) || !stillShown()) return;
      await signIn(true, stillShown);
    } catch {
      // Replaced by the button's request, cancelled, or the server not reachable: the form and
      // the button still work, and the autofill is only a shortcut.
    }
  }, [signIn]);

  useEffect(() => {
    shown.current = ++showings;
    if (supported) void listenForAutofill();
    return () => {
      shown.current = 0;
      cancelPasskeyRequest();
    };
  }, [supported, listenForAutofill]);

  const start = async () => {
    if (pending) return;
    setPending(true);
    let signedIn = false;
    try {
      // Ends the autofill's request: the browser serves one at a time.
      const showing = shown.current;
      signedIn = (await signIn(false, () => shown.current === showing)) === true;
    } catch (error) {
      if (!passkeyRequestWasCancelled(error)) {
        // The server's words when it refused the options (429), else the contract's.
        const description = failureMessage(error, securityMessages.passkeyRefused);
        toast({ title: 'Login Failed', description, variant: 'destructive' });
      }
    } finally {
      if (shown.current !== 0) setPending(false);
    }
    // Still here (cancelled or refused): the autofill offers the passkeys again.
    if (!signedIn && shown.current !== 0) void listenForAutofill();
  };

  return { supported, pending, start };
}
