import type { BetterAuthPlugin } from 'better-auth';
import {
  authorizationCodeRequest,
  getOAuth2Tokens,
  type OAuth2Tokens,
  parseStringBoolean,
} from 'better-auth/oauth2';
import { describeError } from './describe-error';
import { fetchWithin, type ProviderEndpoints } from './provider-discovery';

/**
 * The calls better-auth's generic-oauth makes to the provider, with a time limit (issue 19).
 * In better-auth 1.7.25 (plugins/generic-oauth/index.mjs) the code exchange and the userinfo
 * call have none, and the discovery its init makes has none either: every better-auth call and
 * every session check awaits that init, so a provider that accepts connections but never
 * answers held the whole app, password sign-in included.
 */

/** How long better-auth's own discovery at start may hold its init (and so every sign-in). */
const STARTUP_DISCOVERY_BOUND_MS = 2000;

/**
 * The generic-oauth plugin, its init bounded: after STARTUP_DISCOVERY_BOUND_MS the provider is
 * left exactly as better-auth leaves one whose discovery failed at start, "pending" in
 * `genericOAuthPendingDiscovery`, which its before-hook builds on the first request naming the
 * provider (with its own 10 s limit). The late init's result is dropped.
 */
export function boundedStartupDiscovery<P extends BetterAuthPlugin>(
  plugin: P,
  configs: ReadonlyArray<{ providerId: string }>,
): P {
  const init = plugin.init;
  if (!init || configs.length === 0) return plugin;
  return {
    ...plugin,
    init: async (ctx) => {
      const full = Promise.resolve(init(ctx));
      // An init that loses the race may still fail later; that is not an unhandled rejection.
      full.catch(() => {});
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), STARTUP_DISCOVERY_BOUND_MS);
      });
      const result = await Promise.race([full, late]).finally(() => clearTimeout(timer));
      if (result !== 'late') return result;
      ctx.logger.warn(
        `The identity provider's discovery took over ${STARTUP_DISCOVERY_BOUND_MS / 1000} s at start; single sign-on waits for it in the background.`,
      );
      return {
        context: {
          genericOAuthPendingDiscovery: new Map(configs.map((config) => [config.providerId, config])),
        } as never,
      };
    },
  };
}

/** The authorization code exchanged for tokens at the token endpoint (RFC 6749 §4.1.3), within `timeoutMs`. */
export async function exchangeCodeWithin(
  provider: {
    clientId: string;
    clientSecret: string;
    timeoutMs: number;
    endpoints: ProviderEndpoints | undefined;
  },
  data: { code: string; redirectURI: string; codeVerifier?: string | undefined },
): Promise<OAuth2Tokens> {
  const tokenEndpoint = provider.endpoints?.tokenEndpoint;
  if (!tokenEndpoint) throw new Error("the identity provider's discovery document has not been read yet");
  // better-auth's own request (same body and client authentication as its validateAuthorizationCode).
  const { body, headers } = await authorizationCodeRequest({
    code: data.code,
    codeVerifier: data.codeVerifier,
    redirectURI: data.redirectURI,
    options: { clientId: provider.clientId, clientSecret: provider.clientSecret, redirectURI: '' },
    tokenEndpoint,
  });
  const response = await fetchWithin(
    tokenEndpoint,
    { method: 'POST', body, headers, redirect: 'manual' },
    provider.timeoutMs,
    'the token endpoint',
  );
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !answer) {
    // RFC 6749 §5.2: `error` is a code such as invalid_grant, never a secret.
    const code = typeof answer?.error === 'string' ? ` (${answer.error.slice(0, 100)})` : '';
    throw new Error(`the token endpoint answered HTTP ${response.status}${code}`);
  }
  return getOAuth2Tokens(answer);
}

function claimsOf(idToken: string): Record<string, unknown> | null {
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString());
    return payload && typeof payload === 'object' ? payload : null;
  } catch {
    return null;
  }
}

/**
 * The profile as better-auth's default reads it (fetchUserInfo in generic-oauth): the ID token's
 * claims when they name the subject and email (better-auth verified the token before this runs),
 * else the userinfo endpoint (OpenID Connect Core §5.3), within `timeoutMs`.
 */
export async function readUserInfoWithin(
  provider: {
    timeoutMs: number;
    endpoints: ProviderEndpoints | undefined;
    log: { warn(obj: object, msg: string): void };
  },
  tokens: { idToken?: string | undefined; accessToken?: string | undefined },
) {
  const claims = tokens.idToken ? claimsOf(tokens.idToken) : null;
  if (claims?.sub && claims.email) {
    return {
      ...claims,
      id: String(claims.sub),
      emailVerified: parseStringBoolean(claims.email_verified) ?? false,
      image: typeof claims.picture === 'string' ? claims.picture : undefined,
    };
  }
  const userinfoEndpoint = provider.endpoints?.userinfoEndpoint;
  if (!userinfoEndpoint || !tokens.accessToken) return null;
  // better-auth treats a null profile as unable_to_get_user_info; a throw here would be a 500.
  let info: Record<string, unknown> | null;
  try {
    const response = await fetchWithin(
      userinfoEndpoint,
      { headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' } },
      provider.timeoutMs,
      'the userinfo endpoint',
    );
    if (!response.ok) throw new Error(`the userinfo endpoint answered HTTP ${response.status}`);
    info = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  } catch (error) {
    provider.log.warn({ cause: describeError(error) }, 'single sign-on: the userinfo call failed');
    return null;
  }
  if (!info) return null;
  return {
    ...info,
    email: typeof info.email === 'string' ? info.email : undefined,
    emailVerified: parseStringBoolean(info.email_verified) ?? false,
    image: typeof info.picture === 'string' ? info.picture : undefined,
    name: typeof info.name === 'string' ? info.name : undefined,
  };
}
