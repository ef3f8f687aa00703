import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ConsentRequest, insertAccessGrant, registerConsentPage, tokenAnswer } from './consent-flow';
import { type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import {
  allowedRedirect,
  isValidChallenge,
  parseBasicAuth,
  redirectWith,
  sameText,
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
  type SandboxAccount,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';
import {
  oauthError,
  X_ACCESS_TOKEN_SECONDS,
  X_BASE_PATH,
  X_CODE_SECONDS,
  X_LABEL,
  X_LOGO,
  X_SCOPES,
  X_USERNAME,
  X_USERNAME_RULE,
  xOAuthFaults,
} from './x-shapes';

/*
 * The pretend X's OAuth 2.0 (authorization code with PKCE, confidential client): the consent page,
 * the token endpoint (code and refresh grants, refresh tokens rotated) and revocation.
 */

export type XSimulatorOptions = SimulatorContext & {
  /** 24-hour caps on creating posts, per user and per app; defaults as on X (x-simulator.ts). */
  postsPerDay?: { user: number; app: number };
  /** How long the pretend transcoder takes with a finalized video (x-video-upload-simulator.ts). */
  videoProcessingMs?: number;
};

const AUTHORIZE_PATH = `${X_BASE_PATH}/i/oauth2/authorize`;

interface AuthorizeRequest extends ConsentRequest {
  state: string;
  challenge: string;
  challengeMethod: 'S256' | 'plain';
}

/** Checks an authorize request as X would; a refusal is an error page. */
function readAuthorizeRequest(fields: Fields, appUrl: string): AuthorizeRequest | { errorPage: string } {
  const refused = (errorPage: string) => ({ errorPage });
  if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId)
    return refused('This app is not registered with the sandbox.');
  const redirect = allowedRedirect(fields.redirect_uri, appUrl);
  if (!redirect) return refused("The redirect_uri is not one of this app's registered callback URLs.");
  if (fields.response_type !== 'code') return refused('response_type must be "code".');
  const scopes = (fields.scope ?? '').split(/[ +]/).filter(Boolean);
  if (scopes.length === 0) return refused('No scope was requested.');
  const unknown = scopes.find((scope) => !(scope in X_SCOPES));
  if (unknown) return refused(`Unknown scope "${unknown}".`);
  if (!fields.state) return refused('The state parameter is missing.');
  const method = fields.code_challenge_method ?? 'plain';
  if (method !== 'S256' && method !== 'plain') return refused('code_challenge_method must be S256 or plain.');
  if (!fields.code_challenge || !isValidChallenge(fields.code_challenge)) {
    return refused('A PKCE code_challenge of 43 to 128 characters is required.');
  }
  return {
    clientId: fields.client_id,
    redirect,
    scopes,
    state: fields.state,
    challenge: fields.code_challenge,
    challengeMethod: method,
  };
}

export function registerXOAuthSimulator(app: FastifyInstance, options: XSimulatorOptions) {
  const { db } = options;

  registerConsentPage(app, options, {
    platform: 'twitter',
    label: X_LABEL,
    logo: X_LOGO,
    basePath: X_BASE_PATH,
    path: AUTHORIZE_PATH,
    codeSeconds: X_CODE_SECONDS,
    read: readAuthorizeRequest,
    scopeSeparator: ' ',
    moreHidden: (auth) => ({ code_challenge: auth.challenge, code_challenge_method: auth.challengeMethod }),
    scopeTexts: X_SCOPES,
    handle: {
      rule: `A new account's username: ${X_USERNAME_RULE}`,
      pattern: X_USERNAME,
      refused: `That username cannot be used: ${X_USERNAME_RULE}`,
    },
    newExternalId: newSnowflakeId,
    codeChallenge: (auth) => storedChallenge(auth.challenge, auth.challengeMethod),
    declined: (auth) => redirectWith(auth.redirect, { error: 'access_denied', state: auth.state }),
    approved: (auth, code) => redirectWith(auth.redirect, { state: auth.state, code }),
  });

  const clientOf = (request: FastifyRequest) => {
    const credentials = parseBasicAuth(request.headers.authorization);
    const valid =
      credentials &&
      sameText(credentials.clientId, SIMULATOR_CREDENTIALS.clientId) &&
      sameText(credentials.clientSecret, SIMULATOR_CREDENTIALS.clientSecret);
    return valid ? credentials.clientId : null;
  };
  const unauthorizedClient = oauthError(401, 'unauthorized_client', 'Missing valid authorization header');

  async function issueTokens(
    account: SandboxAccount,
    clientId: string,
    scopes: string[],
  ): Promise<SimulatedAnswer> {
    const access = await insertAccessGrant(
      db,
      'twitter',
      { accountId: account.id, clientId, scopes },
      X_ACCESS_TOKEN_SECONDS,
    );
    // X hands out a refresh token only to apps that asked for offline.access.
    const refresh = scopes.includes('offline.access')
      ? await insertGrant(db, {
          platform: 'twitter',
          kind: 'refresh',
          value: newOpaqueToken(),
          accountId: account.id,
          clientId,
          scopes,
          expiresAt: null,
        })
      : null;
    return tokenAnswer({
      token_type: 'bearer',
      expires_in: X_ACCESS_TOKEN_SECONDS,
      access_token: access.value,
      scope: scopes.join(' '),
      ...(refresh ? { refresh_token: refresh.value } : {}),
    });
  }

  async function exchangeCode(fields: Fields, clientId: string): Promise<SimulatedAnswer> {
    const invalidCode = oauthError(
      400,
      'invalid_request',
      'Value passed for the authorization code was invalid.',
    );
    if (!fields.code) return oauthError(400, 'invalid_request', 'Missing required parameter [code].');
    const found = await findLiveGrant(db, 'twitter', 'code', fields.code);
    if (!found || found.grant.clientId !== clientId) return invalidCode;
    if (fields.redirect_uri !== found.grant.redirectUri) {
      return oauthError(
        400,
        'invalid_request',
        'Value passed for the redirect uri did not match the uri of the authorization code.',
      );
    }
    if (!verifierMatches(found.grant.codeChallenge, fields.code_verifier)) {
      return oauthError(
        400,
        'invalid_request',
        'Value passed for the code verifier did not match the code challenge.',
      );
    }
    if (!(await consumeGrant(db, found.grant.id))) return invalidCode;
    return issueTokens(found.account, clientId, found.grant.scopes);
  }

  async function refresh(fields: Fields, clientId: string): Promise<SimulatedAnswer> {
    const invalid = oauthError(400, 'invalid_request', 'Value passed for the token was invalid.');
    if (!fields.refresh_token)
      return oauthError(400, 'invalid_request', 'Missing required parameter [refresh_token].');
    const found = await findLiveGrant(db, 'twitter', 'refresh', fields.refresh_token);
    if (!found || found.grant.clientId !== clientId) return invalid;
    // Rotation: the refresh token works once; the answer carries its successor.
    if (!(await consumeGrant(db, found.grant.id))) return invalid;
    return issueTokens(found.account, clientId, found.grant.scopes);
  }

  const oauthRoute = { faults: options.faults, answers: xOAuthFaults };

  app.post(
    `${X_BASE_PATH}/api/2/oauth2/token`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(oauthRoute, async (request) => {
      const clientId = clientOf(request);
      if (!clientId) return unauthorizedClient;
      const fields = (request.body ?? {}) as Fields;
      switch (fields.grant_type) {
        case 'authorization_code':
          return exchangeCode(fields, clientId);
        case 'refresh_token':
          return refresh(fields, clientId);
        case undefined:
          return oauthError(400, 'invalid_request', 'Missing required parameter [grant_type].');
        default:
          return oauthError(
            400,
            'unsupported_grant_type',
            `Grant type ${fields.grant_type} is not supported.`,
          );
      }
    }),
  );

  app.post(
    `${X_BASE_PATH}/api/2/oauth2/revoke`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(oauthRoute, async (request) => {
      if (!clientOf(request)) return unauthorizedClient;
      const fields = (request.body ?? {}) as Fields;
      if (!fields.token) return oauthError(400, 'invalid_request', 'Missing required parameter [token].');
      // RFC 7009 §2.2: an unknown token is answered like a revoked one.
      await revokeConnection(db, 'twitter', fields.token);
      return { status: 200, body: { revoked: true } };
    }),
  );
}
