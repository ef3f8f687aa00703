import type { Config } from '../../config';
import {
  checkFetchTarget,
  type Resolve,
  type SafeFetchFailure,
  type SafeFetchPolicy,
} from '../../integrations/web/safe-fetch';

/*
 * Where a webhook may point (decision 078): https on a public address, on any port. With
 * WEBHOOKS_ALLOW_PRIVATE=true also http, and private, loopback and link-local addresses (a
 * receiver on this machine or an intranet). The same rules are applied when the endpoint is
 * registered (a clear 400) and before every delivery, through the SSRF-safe fetch, which connects
 * only to the address it checked: a name that resolved public at registration and private by now
 * (DNS rebinding) is refused at delivery.
 */

/** Resolving a webhook's host name at registration waits at most this. */
const REGISTRATION_DNS_TIMEOUT_MS = 5_000;

export function webhookFetchPolicy(config: Pick<Config, 'webhooks'>): SafeFetchPolicy {
  return {
    privateAllowList: config.webhooks.allowPrivate ? ['0.0.0.0/0', '::/0'] : [],
    extraPorts: 'any',
  };
}

export const webhookUrlMessages = {
  invalid: 'Enter a full URL, such as https://example.com/kitepost-webhook.',
  httpsOnly: 'Webhook URLs must start with https://.',
  credentials: 'Leave the user name and password out of the URL; check the signature instead.',
  blocked_address: 'That address is on a private or local network. Webhooks go to public addresses only.',
  unresolvable: 'The URL’s host name does not resolve.',
} as const;

/** Why the URL's scheme and form are refused; null when they are fine. */
export function webhookUrlFormProblem(raw: string, config: Pick<Config, 'webhooks'>): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return webhookUrlMessages.invalid;
  }
  const allowed = config.webhooks.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) {
    return url.protocol === 'http:' ? webhookUrlMessages.httpsOnly : webhookUrlMessages.invalid;
  }
  if (url.username || url.password) return webhookUrlMessages.credentials;
  return null;
}

/** The message of a refused address at delivery or registration, in words. */
export function webhookTargetMessage(reason: SafeFetchFailure, detail: string): string {
  switch (reason) {
    case 'blocked_address':
      return `${webhookUrlMessages.blocked_address} (${detail})`;
    case 'unresolvable':
      return `${webhookUrlMessages.unresolvable} (${detail})`;
    case 'timeout':
      return 'The URL’s host name did not resolve in time.';
    default:
      return webhookUrlMessages.invalid;
  }
}

/**
 * The registration check: form, scheme, and every address the host resolves to now. Answers the
 * URL as stored (normalised), or why it is refused.
 */
export async function checkWebhookUrl(
  raw: string,
  config: Pick<Config, 'webhooks'>,
  resolve?: Resolve,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const problem = webhookUrlFormProblem(raw, config);
  if (problem) return { ok: false, message: problem };
  const url = new URL(raw);
  url.hash = '';
  const target = await checkFetchTarget(url.href, webhookFetchPolicy(config), {
    timeoutMs: REGISTRATION_DNS_TIMEOUT_MS,
    ...(resolve ? { resolve } : {}),
  });
  if (!target.ok) return { ok: false, message: webhookTargetMessage(target.reason, target.detail) };
  return { ok: true, url: url.href };
}
