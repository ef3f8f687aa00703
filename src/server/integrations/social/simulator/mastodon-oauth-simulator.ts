import type { FastifyInstance } from 'fastify';
import { type ConsentRequest, registerConsentPage, stateOf, tokenAnswer } from './consent-flow';
import {
  apiError,
  appOfClientId,
  isHost,
  isNotMastodon,
  MASTODON_BASE_PATH,
  MASTODON_CODE_SECONDS,
  MASTODON_LABEL,
  MASTODON_LOGO,
  MASTODON_SCOPES,
  MASTODON_USERNAME,
  MASTODON_USERNAME_RULE,
  mastodonApiFaults,
  NOT_FOUND,
  newAppCredentials,
  oauthError,
  secretMatches,
} from './mastodon-shapes';
import { simulatedApi } from './sandbox-faults';
import {
  allowedRedirect,
  isValidChallenge,
  redirectWith,
  storedChallenge,
  verifierMatches,
} from './sandbox-oauth';
import {
  consumeGrant,
  findLiveGrant,
  insertGrant,
  newOpaqueToken,
  newSnowflakeId,
  revokeConnection,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Mastodon's apps and OAuth (docs.joinmastodon.org/methods/apps, …/methods/oauth):
 * registering an app on a server, the consent page (one page for every server: the client id
 * names the server), the code grant with PKCE S256 (Mastodon ≥ 4.3; `code_challenge_methods_supported`
 * is ["S256"] in its /.well-known/oauth-authorization-server), tokens that never expire, revoke.
 */

interface AuthorizeRequest extends ConsentRequest {
  challenge: string | null;
}

/** Doorkeeper's refusals of a code exchange (mastodon/mastodon uses Doorkeeper). */
const INVALID_GRANT = oauthError(
  400,
  'invalid_grant',
  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
);
const INVALID_CLIENT = oauthError(
  401,
  'invalid_client',
  'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
);

function readAuthorizeRequest(
  fields: Fields,
  appUrl: string,
): AuthorizeRequest | { errorPage: string } | { errorRedirect: string } {
  const app = appOfClientId(fields.client_id);
  if (!app || !fields.client_id) {
    return {
      errorPage:
        'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
    };
  }
  const redirect = allowedRedirect(fields.redirect_uri, appUrl);
  // Doorkeeper compares the redirect URI with the registered one exactly.
  if (!redirect || fields.redirect_uri !== app.redirectUri) {
    return { errorPage: 'The redirect uri included is not valid.' };
  }
  const back = (error: string, description: string) => ({
    errorRedirect: redirectWith(redirect, {
      error,
      error_description: description,
      ...stateOf(fields as { state: string | undefined }),
    }),
  });
  if (fields.response_type !== 'code') {
    return back('unsupported_response_type', 'The authorization server does not support this response type.');
  }
  const scopes = (fields.scope ?? 'read').split(/[ +]/).filter(Boolean);
  // A request may ask only for scopes the app registered (Doorkeeper's invalid_scope).
  if (scopes.some((scope) => !(scope in MASTODON_SCOPES) || !app.scopes.includes(scope))) {
    return back('invalid_scope', 'The requested scope is invalid, unknown, or malformed.');
  }
  let challenge: string | null = null;
  if (fields.code_challenge !== undefined) {
    if (fields.code_challenge_method !== 'S256' || !isValidChallenge(fields.code_challenge)) {
      return back('invalid_request', 'The code_challenge_method must be S256 with a valid code_challenge.');
    }
    challenge = fields.code_challenge;
  }
  return { clientId: fields.client_id, redirect, scopes, state: fields.state, challenge };
}

export function registerMastodonOAuthSimulator(app: FastifyInstance, options: SimulatorContext) {
  const { db } = options;
  const route = { faults: options.faults, answers: mastodonApiFaults };

  registerConsentPage(app, options, {
    platform: 'mastodon',
    label: MASTODON_LABEL,
    logo: MASTODON_LOGO,
    basePath: MASTODON_BASE_PATH,
    path: `${MASTODON_BASE_PATH}/oauth/authorize`,
    codeSeconds: MASTODON_CODE_SECONDS,
    read: readAuthorizeRequest,
    scopeSeparator: ' ',
    moreHidden: (auth): Record<string, string> =>
      auth.challenge ? { code_challenge: auth.challenge, code_challenge_method: 'S256' } : {},
    scopeTexts: MASTODON_SCOPES,
    handle: {
      rule: `A new account's username: ${MASTODON_USERNAME_RULE}`,
      pattern: MASTODON_USERNAME,
      refused: `That username cannot be used: ${MASTODON_USERNAME_RULE}`,
      // `@name@server` typed in full keeps its name.
      normalize: (typed) => typed.trim().replace(/^@/, '').replace(/@.*$/, ''),
    },
    newExternalId: newSnowflakeId,
    codeChallenge: (auth) => (auth.challenge ? storedChallenge(auth.challenge, 'S256') : ''),
    declined: (auth) =>
      redirectWith(auth.redirect, {
        error: 'access_denied',
        error_description: 'The resource owner or authorization server denied the request.',
        ...stateOf(auth),
      }),
    approved: (auth, code) => redirectWith(auth.redirect, { code, ...stateOf(auth) }),
  });

  /** `POST /api/v1/apps`: `client_name` and `redirect_uris` required, `scopes` default `read`. */
  app.post(
    `${MASTODON_BASE_PATH}/:host/api/v1/apps`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(route, async (request) => {
      const { host } = request.params as { host: string };
      if (!isHost(host) || isNotMastodon(host)) return NOT_FOUND;
      const fields = (request.body ?? {}) as Fields;
      const missing = [
        ...(fields.client_name?.trim() ? [] : ["Name can't be blank"]),
        ...(fields.redirect_uris?.trim() ? [] : ["Redirect URI can't be blank"]),
      ];
      if (missing.length > 0) return apiError(422, `Validation failed: ${missing.join(', ')}`);
      const redirectUri = fields.redirect_uris?.trim() ?? '';
      if (!/^https?:\/\/\S+$/.test(redirectUri) && redirectUri !== 'urn:ietf:wg:oauth:2.0:oob') {
        return apiError(422, 'Validation failed: Redirect URI must be an absolute URI.');
      }
      const scopes = (fields.scopes ?? 'read').split(/\s+/).filter(Boolean);
      if (scopes.some((scope) => !(scope in MASTODON_SCOPES))) {
        return apiError(422, 'Validation failed: Scopes has an invalid value');
      }
      const credentials = newAppCredentials({ host, redirectUri, scopes });
      return {
        status: 200,
        body: {
          id: newSnowflakeId(),
          name: fields.client_name,
          website: fields.website ?? null,
          scopes,
          redirect_uri: redirectUri,
          redirect_uris: [redirectUri],
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          client_secret_expires_at: 0,
        },
      };
    }),
  );

  /** `POST /oauth/token`: the app's own client id and secret in the form, the code, the PKCE verifier. */
  app.post(
    `${MASTODON_BASE_PATH}/:host/oauth/token`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(route, async (request) => {
      const { host } = request.params as { host: string };
      const fields = (request.body ?? {}) as Fields;
      const client = appOfClientId(fields.client_id);
      if (
        !client ||
        client.host !== host ||
        !fields.client_id ||
        !secretMatches(fields.client_id, fields.client_secret)
      ) {
        return INVALID_CLIENT;
      }
      if (fields.grant_type !== 'authorization_code') {
        return oauthError(
          400,
          'unsupported_grant_type',
          'The authorization grant type is not supported by the authorization server.',
        );
      }
      const found = fields.code ? await findLiveGrant(db, 'mastodon', 'code', fields.code) : undefined;
      if (
        !found ||
        found.grant.clientId !== fields.client_id ||
        found.grant.redirectUri !== fields.redirect_uri
      ) {
        return INVALID_GRANT;
      }
      const challenge = found.grant.codeChallenge || null;
      if (!verifierMatches(challenge, fields.code_verifier)) return INVALID_GRANT;
      if (!(await consumeGrant(db, found.grant.id))) return INVALID_GRANT;
      // Mastodon's tokens do not expire: no expires_in, no refresh token (Token entity).
      const access = await insertGrant(db, {
        platform: 'mastodon',
        kind: 'access',
        value: newOpaqueToken(),
        accountId: found.account.id,
        clientId: fields.client_id,
        scopes: found.grant.scopes,
        expiresAt: null,
      });
      return tokenAnswer({
        access_token: access.value,
        token_type: 'Bearer',
        scope: found.grant.scopes.join(' '),
        created_at: Math.floor(Date.now() / 1000),
      });
    }),
  );

  /** `POST /oauth/revoke`: 200 `{}`, also for a token already gone (RFC 7009 §2.2). */
  app.post(
    `${MASTODON_BASE_PATH}/:host/oauth/revoke`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(route, async (request) => {
      const fields = (request.body ?? {}) as Fields;
      if (
        !fields.client_id ||
        !appOfClientId(fields.client_id) ||
        !secretMatches(fields.client_id, fields.client_secret)
      ) {
        return oauthError(403, 'unauthorized_client', 'You are not authorized to revoke this token');
      }
      if (fields.token) await revokeConnection(db, 'mastodon', fields.token);
      return { status: 200, body: {} };
    }),
  );
}
