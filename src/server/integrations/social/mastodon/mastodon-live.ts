import { checkFetchTarget, type Resolve, type SafeFetchPolicy, safeFetch } from '../../web/safe-fetch';
import { SocialPlatformError } from '../social-provider';

/*
 * A Mastodon server is an address the user typed: before Kitepost calls it, its host must resolve
 * to public addresses only, on https's own port (architecture §11, the outbound fetch's rules:
 * integrations/web/safe-fetch.ts). A checked host is trusted for a few minutes, so a publish does
 * not resolve it again for every call.
 */

export interface LiveServerGuard {
  /** Resolves when the origin may be called; throws SocialPlatformError in words otherwise. */
  check(origin: string): Promise<void>;
  /**
   * The server's instance document (`GET /api/v2/instance`) through the outbound fetch itself
   * (pinned to the checked address, redirects checked, size and time capped): its JSON, or null
   * when the server does not answer one.
   */
  readInstance(origin: string): Promise<unknown>;
}

const TRUSTED_MS = 5 * 60_000;
const INSTANCE_MAX_BYTES = 512 * 1024;
const CHECK_TIMEOUT_MS = 5_000;

export function liveServerGuard(
  policy: SafeFetchPolicy = { privateAllowList: [], extraPorts: [] },
  resolve?: Resolve,
): LiveServerGuard {
  const trusted = new Map<string, number>();
  return {
    async check(origin) {
      const until = trusted.get(origin);
      if (until && until > Date.now()) return;
      const checked = await checkFetchTarget(origin, policy, {
        timeoutMs: CHECK_TIMEOUT_MS,
        ...(resolve ? { resolve } : {}),
      });
      if (!checked.ok) {
        throw new SocialPlatformError(
          'mastodon',
          checked.reason === 'unresolvable'
            ? `${new URL(origin).host} could not be found: check the server's address.`
            : `Kitepost does not connect to ${new URL(origin).host}: it is not a public address (${checked.reason}).`,
        );
      }
      if (trusted.size > 1000) trusted.clear();
      trusted.set(origin, Date.now() + TRUSTED_MS);
    },
    async readInstance(origin) {
      const answer = await safeFetch(`${origin}/api/v2/instance`, policy, {
        accept: ['application/json'],
        maxBytes: INSTANCE_MAX_BYTES,
        timeoutMs: CHECK_TIMEOUT_MS * 2,
        ...(resolve ? { resolve } : {}),
      });
      if (!answer.ok) {
        if (
          answer.reason === 'blocked_address' ||
          answer.reason === 'blocked_port' ||
          answer.reason === 'blocked_scheme'
        ) {
          throw new SocialPlatformError(
            'mastodon',
            `Kitepost does not connect to ${new URL(origin).host}: it is not a public address (${answer.reason}).`,
          );
        }
        return null;
      }
      try {
        return JSON.parse(answer.body.toString('utf8'));
      } catch {
        return null;
      }
    },
  };
}
