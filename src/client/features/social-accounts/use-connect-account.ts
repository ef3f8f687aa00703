import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type PublishingPlatform, platformLabels, publishingPlatforms } from '../../../contracts/platforms';
import {
  OAUTH_CHANNEL,
  OAUTH_RECEIVED,
  OAUTH_SUCCESS,
  type OAuthPopupMessage,
  type SocialAccount,
  socialAccountMessages,
} from '../../../contracts/social-accounts';
import { toast } from '../../components/ui/use-toast';
import { billingQueryKeyPrefix } from '../billing/api/get-billing-subscription';
import { isAccountLimitMessage } from '../billing/plan-limit';
import { socialAccountsQueryKey } from './api/get-social-accounts';
import {
  authorizePath,
  FLOW_LIFETIME_MS,
  newFlowId,
  POPUP_CLOSED_CHECK_MS,
  POPUP_NAME,
  popupFeatures,
  readBroadcast,
  readOAuthMessage,
} from './oauth-popup';

export const POPUP_BLOCKED_HINT = 'If nothing opened, allow pop-ups for this site and try again.';

interface Attempt {
  platform: PublishingPlatform;
  popup: Window;
  /** Stops watching the popup (its messages, its closing); a broadcast answer is still heard. */
  release: () => void;
  /** Stops everything, the broadcast channel too. */
  stop: () => void;
}

function labelOf(platform: string, fallback: PublishingPlatform): string {
  const known = (publishingPlatforms as readonly string[]).includes(platform);
  return platformLabels[known ? (platform as PublishingPlatform) : fallback];
}

/**
 * The popup flow of spec §4 and §7: opens GET /api/auth/social/{platform} in a 600×700 popup,
 * listens for the popup's answer from the app's own origin only (architecture §6), and stops
 * waiting when the popup closes (checked every 1000 ms; closing it is not an error).
 *
 * A platform page whose Cross-Origin-Opener-Policy severs the popup from this page makes the popup
 * look closed here while the user is still signing in, and leaves the result page without
 * `window.opener` (decision 040). So the result also comes over a BroadcastChannel, keyed by this
 * attempt's flow id, heard for as long as the server's sign-in state lives.
 */
export function useConnectAccount() {
  const queryClient = useQueryClient();
  const attemptRef = useRef<Attempt | null>(null);
  /** Every attempt still listening, the released ones too: all stop when the screen goes. */
  const listeningRef = useRef(new Set<Attempt>());
  const [connecting, setConnecting] = useState<PublishingPlatform | null>(null);
  /** The plan's account limit refused the last connection: the page offers an upgrade. */
  const [limitReached, setLimitReached] = useState<string | null>(null);

  const release = useCallback((attempt: Attempt) => {
    attempt.release();
    if (attemptRef.current === attempt) {
      attemptRef.current = null;
      setConnecting(null);
    }
  }, []);

  const finish = useCallback(
    (attempt: Attempt) => {
      attempt.stop();
      release(attempt);
    },
    [release],
  );

  const answer = useCallback(
    async (attempt: Attempt, message: OAuthPopupMessage) => {
      const label = labelOf(message.platform, attempt.platform);
      if (message.type !== OAUTH_SUCCESS) {
        if (message.message && isAccountLimitMessage(message.message)) setLimitReached(message.message);
        toast({
          title: 'Connection Failed',
          description: message.message || `Failed to connect ${label} account.`,
          variant: 'destructive',
        });
        return;
      }
      setLimitReached(null);
      // The plan's usage counts accounts too.
      void queryClient.invalidateQueries({ queryKey: billingQueryKeyPrefix });
      // The new account is on the server now; show it, and name it in the toast when it is there.
      await queryClient.refetchQueries({ queryKey: socialAccountsQueryKey }).catch(() => undefined);
      const accounts = queryClient.getQueryData<SocialAccount[]>(socialAccountsQueryKey) ?? [];
      const account = accounts.find((item) => item.id === message.accountId);
      toast({
        title: 'Account Connected',
        description: account
          ? `${label} account @${account.username} connected.`
          : `${label} account connected.`,
      });
    },
    [queryClient],
  );

  const connect = useCallback(
    (platform: PublishingPlatform, server?: string) => {
      const current = attemptRef.current;
      if (current && current.platform === platform && !current.popup.closed) {
        current.popup.focus();
        return;
      }
      if (current) finish(current);

      // Opened in the click itself: a popup opened after an await is blocked by browsers.
      const flow = newFlowId();
      const popup = window.open(authorizePath(platform, flow, server), POPUP_NAME, popupFeatures(window));
      if (!popup) {
        toast({
          title: 'Connection Failed',
          description: `${socialAccountMessages.connectFailed} ${POPUP_BLOCKED_HINT}`,
          variant: 'destructive',
        });
        return;
      }
      popup.focus();

      const settle = (message: OAuthPopupMessage) => {
        finish(attempt);
        if (!popup.closed) popup.close();
        void answer(attempt, message);
      };
      const onMessage = (event: MessageEvent) => {
        const message = readOAuthMessage(event, { origin: window.location.origin, source: popup });
        if (message) settle(message);
      };
      const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(OAUTH_CHANNEL) : null;
      if (channel) {
        channel.onmessage = (event: MessageEvent) => {
          const message = readBroadcast(event.data, flow);
          if (!message) return;
          // The popup closes itself once a page says it has the answer.
          channel.postMessage({ type: OAUTH_RECEIVED, flow });
          settle(message);
        };
      }
      const timer = window.setInterval(() => {
        // The popup posts its answer and then closes: that message may still be queued behind
        // this check, so listen one more moment before giving up on it.
        if (popup.closed) window.setTimeout(() => release(attempt), 250);
      }, POPUP_CLOSED_CHECK_MS);
      const lifetime = window.setTimeout(() => finish(attempt), FLOW_LIFETIME_MS);
      const attempt: Attempt = {
        platform,
        popup,
        release: () => {
          window.removeEventListener('message', onMessage);
          window.clearInterval(timer);
        },
        stop: () => {
          channel?.close();
          window.clearTimeout(lifetime);
          listeningRef.current.delete(attempt);
        },
      };
      window.addEventListener('message', onMessage);
      listeningRef.current.add(attempt);
      attemptRef.current = attempt;
      setConnecting(platform);
    },
    [answer, finish, release],
  );

  // Leaving the screen stops listening; the popup, if still open, is the user's to close.
  useEffect(() => {
    const listening = listeningRef.current;
    return () => {
      for (const attempt of [...listening]) {
        attempt.release();
        attempt.stop();
      }
      attemptRef.current = null;
    };
  }, []);

  const dismissLimitReached = useCallback(() => setLimitReached(null), []);
  return { connect, connecting, limitReached, dismissLimitReached };
}
