import type { PublishingPlatform } from '../../../contracts/platforms';
import { OAUTH_ERROR, OAUTH_SUCCESS, type OAuthPopupMessage } from '../../../contracts/social-accounts';

/** Spec §9: the sign-in popup is 600 by 700, and its closing is checked every 1000 ms. */
export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 700;
export const POPUP_CLOSED_CHECK_MS = 1000;
/** Every connection uses the same window name, so a second Connect reuses the open popup. */
export const POPUP_NAME = 'oauth';

/** How long a page keeps listening for a popup it lost sight of: the server's state lifetime. */
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;

/**
 * Spec §7: the browser opens this server route; it redirects to the platform's sign-in. `flow`
 * names the attempt, so its result finds this page even without `window.opener` (decision 040).
 */
export function authorizePath(platform: PublishingPlatform, flow?: string, server?: string): string {
  const path = `/api/auth/social/${encodeURIComponent(platform)}`;
  const query = new URLSearchParams({ ...(flow ? { flow } : {}), ...(server ? { server } : {}) }).toString();
  return query ? `${path}?${query}` : path;
}

/** A fresh attempt id: 16 random bytes, base64url (CONNECT_FLOW_PATTERN). */
export function newFlowId(bytes: Uint8Array = crypto.getRandomValues(new Uint8Array(16))): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
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
  return readResult(event.data);
}

/**
 * The popup's answer broadcast on OAUTH_CHANNEL (only pages of this origin speak there), or null
 * when it is for another attempt (another tab's, an older one) or not an answer at all.
 */
export function readBroadcast(data: unknown, flow: string): OAuthPopupMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  return (data as Record<string, unknown>).flow === flow ? readResult(data) : null;
}

function readResult(value: unknown): OAuthPopupMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const data = value as Record<string, unknown>;
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
