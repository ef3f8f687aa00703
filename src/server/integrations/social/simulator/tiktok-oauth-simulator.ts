import type { FastifyInstance } from 'fastify';
import {
  type ConsentRequest,
  insertAccessGrant,
  registerConsentPage,
  stateOf,
  tokenAnswer,
} from './consent-flow';
import { type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { allowedRedirect, redirectWith, sameText } from './sandbox-oauth';
import {
  consumeGrant,
  findLiveGrant,
  insertGrant,
  newOpaqueToken,
  revokeConnection,
  type SandboxAccount,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';
import {
  TT_ACCESS_SECONDS,
  TT_API_PATH,
  TT_AUTHORIZE_PATH,
  TT_BASE_PATH,
  TT_CODE_SECONDS,
  TT_LABEL,
  TT_LOGO,
  TT_REFRESH_SECONDS,
  TT_SCOPES,
  TT_USERNAME,
  TT_USERNAME_RULE,
  ttOAuthError,
  ttOAuthFaults,
} from './tiktok-shapes';

/*
 * The pretend TikTok's Login Kit v2 (web): the authorize page (client_key, comma-separated scope,
 * state), `POST /v2/oauth/token/` (form: client_key, client_secret, code or refresh_token; the
 * refresh token rotates) and `POST /v2/oauth/revoke/`. Sources: [TT-WEB] developers.tiktok.com/doc/login-kit-web,
 * [TT-TOKEN] …/doc/oauth-user-access-token-management. A web app is a confidential client: no PKCE.
 */

/** Checks an authorize request as TikTok does; TikTok names the app with `client_key` [TT-WEB]. */
function readAuthorizeRequest(fields: Fields, appUrl: string): ConsentRequest | { errorPage: string } {
  const refused = (errorPage: string) => ({ errorPage });
  // The consent form posts back the shared page's hidden `client_id`.
  const clientKey = fields.client_key ?? fields.client_id;
  if (clientKey !== SIMULATOR_CREDENTIALS.clientId)
    return refused('client_key: this app is not registered with the sandbox.');
  const redirect = allowedRedirect(fields.redirect_uri, appUrl);
  if (!redirect) return refused('redirect_uri: not one of this app’s registered redirect URIs.');
  if (fields.response_type !== 'code') return refused('response_type must be "code".');
  const scopes = (fields.scope ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  if (scopes.length === 0) return refused('scope: no scope was requested.');
  const unknown = scopes.find((scope) => !(scope in TT_SCOPES));
  if (unknown) return refused(`scope: "${unknown}" is not a TikTok scope.`);
  return { clientId: clientKey, redirect, scopes, state: fields.state };
}

export function registerTikTokOAuthSimulator(app: FastifyInstance, options: SimulatorContext) {
  const { db } = options;

  registerConsentPage(app, options, {
    platform: 'tiktok',
    label: TT_LABEL,
    logo: TT_LOGO,
    basePath: TT_BASE_PATH,
    path: TT_AUTHORIZE_PATH,
    codeSeconds: TT_CODE_SECONDS,
    read: readAuthorizeRequest,
    scopeSeparator: ',',
    scopeTexts: TT_SCOPES,
    handle: {
      rule: `A new account's username: ${TT_USERNAME_RULE}`,
      pattern: TT_USERNAME,
      refused: `That username cannot be used: ${TT_USERNAME_RULE}`,
    },
    // open_id: an opaque id per app and user [TT-WEB].
    newExternalId: () => `-000${newOpaqueToken().slice(0, 28)}`,
    declined: (auth) =>
      redirectWith(auth.redirect, {
        error: 'access_denied',
        error_description: 'The user denied the request.',
        ...stateOf(auth),
      }),
    approved: (auth, code) =>
      redirectWith(auth.redirect, { code, scopes: auth.scopes.join(','), ...stateOf(auth) }),
  });

  const validClient = (fields: Fields) =>
    fields.client_key !== undefined &&
    fields.client_secret !== undefined &&
    sameText(fields.client_key, SIMULATOR_CREDENTIALS.clientId) &&
    sameText(fields.client_secret, SIMULATOR_CREDENTIALS.clientSecret);

  async function issueTokens(
    account: SandboxAccount,
    clientId: string,
    scopes: string[],
  ): Promise<SimulatedAnswer> {
    const from = { accountId: account.id, clientId, scopes };
    const access = await insertAccessGrant(db, 'tiktok', from, TT_ACCESS_SECONDS);
    const refresh = await insertGrant(db, {
      platform: 'tiktok',
      kind: 'refresh',
      value: newOpaqueToken(),
      ...from,
      expiresAt: new Date(Date.now() + TT_REFRESH_SECONDS * 1000),
    });
    return tokenAnswer({
      access_token: access.value,
      expires_in: TT_ACCESS_SECONDS,
      open_id: account.externalId,
      refresh_expires_in: TT_REFRESH_SECONDS,
      refresh_token: refresh.value,
      scope: scopes.join(','),
      token_type: 'Bearer',
    });
  }

  const route = { faults: options.faults, answers: ttOAuthFaults };

  app.post(
    `${TT_API_PATH}/v2/oauth/token/`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(route, async (request) => {
      const fields = (request.body ?? {}) as Fields;
      if (!validClient(fields))
        return ttOAuthError(401, 'invalid_client', 'Client key or secret is incorrect.');
      const clientId = fields.client_key as string;
      if (fields.grant_type === 'authorization_code') {
        const found = fields.code ? await findLiveGrant(db, 'tiktok', 'code', fields.code) : undefined;
        if (!found || found.grant.clientId !== clientId) {
          return ttOAuthError(400, 'invalid_grant', 'Authorization code is expired.');
        }
        if (fields.redirect_uri !== found.grant.redirectUri) {
          return ttOAuthError(
            400,
            'invalid_request',
            'Redirect URI does not match the authorization request.',
          );
        }
        if (!(await consumeGrant(db, found.grant.id))) {
          return ttOAuthError(400, 'invalid_grant', 'Authorization code is expired.');
        }
        return issueTokens(found.account, clientId, found.grant.scopes);
      }
      if (fields.grant_type === 'refresh_token') {
        const found = fields.refresh_token
          ? await findLiveGrant(db, 'tiktok', 'refresh', fields.refresh_token)
          : undefined;
        if (!found || found.grant.clientId !== clientId || !(await consumeGrant(db, found.grant.id))) {
          return ttOAuthError(400, 'invalid_grant', 'Refresh token is invalid or expired.');
        }
        return issueTokens(found.account, clientId, found.grant.scopes);
      }
      return ttOAuthError(400, 'unsupported_grant_type', 'The grant type is not supported.');
    }),
  );

  app.post(
    `${TT_API_PATH}/v2/oauth/revoke/`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(route, async (request) => {
      const fields = (request.body ?? {}) as Fields;
      if (!validClient(fields))
        return ttOAuthError(401, 'invalid_client', 'Client key or secret is incorrect.');
      if (!fields.token) return ttOAuthError(400, 'invalid_request', 'Missing token.');
      await revokeConnection(db, 'tiktok', fields.token);
      return { status: 200, body: {} };
    }),
  );
}
