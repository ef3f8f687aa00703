import type { PublishingPlatform } from '../../../contracts/platforms';
import { OAUTH_ERROR, OAUTH_SUCCESS, type OAuthPopupMessage } from '../../../contracts/social-accounts';

/** Spec §9: the sign-in popup is 600 by 700, and its closing is checked every 1000 ms. */
export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 700;
export const POPUP_CLOSED_CHECK_MS = 1000;
/** Every connection uses the same window name, so a second Connect reuses the open popup. */
export const POPUP_NAME = 'oauth';

/** Spec §7: the browser opens this server route; it redirects to the platform's sign-in. */
export function authorizePath(platform: PublishingPlatform): string {
  return `/api/auth/social/${encodeURIComponent(platform)}`;
}

export interface WindowGeometry {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** `window.open` features: a 600×700 popup centred on the app's window (not on the screen). */
export function popupFeatures(opener: WindowGeometry): string {
  const left = Math.round(opener.screenX + (opener.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.round(opener.screenY + (opener.outerHeight - POPUP_HEIGHT) / 2);
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

export interface ReceivedMessage {
  origin: string;
  data: unknown;
  source: unknown;
}

export interface ExpectedSender {
  /** The app's own origin: the popup posts with it as targetOrigin (architecture §6). */
  origin: string;
  /** The popup this page opened; a message from any other window is not its answer. */
  source: unknown;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * The popup's answer, or null for anything else on the message channel: another origin, another
 * window, or data that is not one of the two message types (extensions and dev tools post too).
 */
export function readOAuthMessage(event: ReceivedMessage, expected: ExpectedSender): OAuthPopupMessage | null {
  if (event.origin !== expected.origin || event.source !== expected.source) return null;
  if (typeof event.data !== 'object' || event.data === null) return null;
  const data = event.data as Record<string, unknown>;
  const platform = text(data.platform) ?? '';
  if (data.type === OAUTH_SUCCESS) {
    const accountId = text(data.accountId);
    return accountId === null ? null : { type: OAUTH_SUCCESS, platform, accountId };
  }
  if (data.type === OAUTH_ERROR) {
    return { type: OAUTH_ERROR, platform, message: text(data.message)?.trim() ?? '' };
  }
  return null;
}
