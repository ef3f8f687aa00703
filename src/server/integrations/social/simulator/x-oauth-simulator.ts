import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEW_ACCOUNT_CHOICE, renderAuthorizePage, renderSandboxErrorPage } from './authorize-page';
import { type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import {
  allowedRedirect,
  CONSENT_ROUTE,
  consentingWorkspace,
  HANDLE_TAKEN,
  isValidChallenge,
  parseBasicAuth,
  redirectWith,
  sameText,
  storedChallenge,
  verifierMatches,
} from './sandbox-oauth';
import {
  consumeGrant,
  findAccountsByIds,
  findLiveGrant,
  findOrCreateAccount,
  insertGrant,
  newOpaqueToken,
  newSnowflakeId,
  revokeConnection,
  type SandboxAccount,
  suggestHandle,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';
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
};

type Fields = Record<string, string | undefined>;

const AUTHORIZE_PATH = `${X_BASE_PATH}/i/oauth2/authorize`;
/** Remembers which sandbox accounts this browser signed in as, to offer them again. */
const ACCOUNTS_COOKIE = 'kitepost_sandbox_twitter';
const REMEMBERED_ACCOUNTS = 5;
const PUBLIC = { access: 'public' } as const;
const HIDDEN = { hide: true } as const;

interface AuthorizeRequest {
  clientId: string;
  redirect: URL;
  scopes: string[];
  state: string;
  challenge: string;
  challengeMethod: 'S256' | 'plain';
}

/** Checks an authorize request as X would; a string says why it is refused. */
function readAuthorizeRequest(fields: Fields, appUrl: string): AuthorizeRequest | string {
  if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId)
    return 'This app is not registered with the sandbox.';
  const redirect = allowedRedirect(fields.redirect_uri, appUrl);
  if (!redirect) return "The redirect_uri is not one of this app's registered callback URLs.";
  if (fields.response_type !== 'code') return 'response_type must be "code".';
  const scopes = (fields.scope ?? '').split(/[ +]/).filter(Boolean);
  if (scopes.length === 0) return 'No scope was requested.';
  const unknown = scopes.find((scope) => !(scope in X_SCOPES));
  if (unknown) return `Unknown scope "${unknown}".`;
  if (!fields.state) return 'The state parameter is missing.';
  const method = fields.code_challenge_method ?? 'plain';
  if (method !== 'S256' && method !== 'plain') return 'code_challenge_method must be S256 or plain.';
  if (!fields.code_challenge || !isValidChallenge(fields.code_challenge)) {
    return 'A PKCE code_challenge of 43 to 128 characters is required.';
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

function rememberedAccountIds(request: FastifyRequest): string[] {
  const cookie = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${ACCOUNTS_COOKIE}=([^;]*)`).exec(cookie);
  return (match?.[1] ?? '').split('.').filter((id) => /^[0-9a-f-]{36}$/.test(id));
}

function displayNameFor(username: string): string {
  const words = username
    .replace(/\d+$/, '')
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length > 0 ? words.join(' ') : username;
}

export function registerXOAuthSimulator(app: FastifyInstance, options: XSimulatorOptions) {
  const { db, appUrl } = options;

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  /** A refusal as the platform's page: 400 by default, or a consent refusal's own status and heading. */
  const errorPage = (
    reply: FastifyReply,
    message: string,
    refusal: { status?: number; heading?: string } = {},
  ) =>
    html(
      reply,
      refusal.status ?? 400,
      renderSandboxErrorPage({ platformLabel: X_LABEL, logo: X_LOGO, message, heading: refusal.heading }),
    );

  async function showConsent(
    request: FastifyRequest,
    reply: FastifyReply,
    workspaceId: string,
    auth: AuthorizeRequest,
    form: { chosen: string; newHandle: string; error?: string },
  ) {
    const accounts = await findAccountsByIds(db, 'twitter', rememberedAccountIds(request), workspaceId);
    const page = renderAuthorizePage({
      platformLabel: X_LABEL,
      logo: X_LOGO,
      appName: 'Kitepost',
      action: AUTHORIZE_PATH,
      hidden: {
        response_type: 'code',
        client_id: auth.clientId,
        redirect_uri: auth.redirect.toString(),
        scope: auth.scopes.join(' '),
        state: auth.state,
        code_challenge: auth.challenge,
        code_challenge_method: auth.challengeMethod,
      },
      permissions: auth.scopes.map((scope) => X_SCOPES[scope] ?? scope),
      accounts,
      newHandle: form.newHandle,
      chosen: form.chosen,
      handleRule: `A new account's username: ${X_USERNAME_RULE}`,
      error: form.error,
      cancelUrl: redirectWith(auth.redirect, { error: 'access_denied', state: auth.state }),
    });
    return html(reply, form.error ? 400 : 200, page);
  }

  app.get(AUTHORIZE_PATH, { config: CONSENT_ROUTE, schema: HIDDEN }, async (request, reply) => {
    const owner = consentingWorkspace(request);
    if ('refused' in owner) return errorPage(reply, owner.refused, owner);
    const auth = readAuthorizeRequest(request.query as Fields, appUrl);
    if (typeof auth === 'string') return errorPage(reply, auth);
    return showConsent(request, reply, owner.workspaceId, auth, {
      chosen: NEW_ACCOUNT_CHOICE,
      newHandle: suggestHandle(),
    });
  });

  app.post(AUTHORIZE_PATH, { config: CONSENT_ROUTE, schema: HIDDEN }, async (request, reply) => {
    const owner = consentingWorkspace(request);
    if ('refused' in owner) return errorPage(reply, owner.refused, owner);
    const fields = (request.body ?? {}) as Fields;
    const auth = readAuthorizeRequest(fields, appUrl);
    if (typeof auth === 'string') return errorPage(reply, auth);
    if (fields.decision !== 'authorize') {
      return reply.redirect(redirectWith(auth.redirect, { error: 'access_denied', state: auth.state }), 302);
    }
    const chosen = fields.account ?? NEW_ACCOUNT_CHOICE;
    const username = (chosen === NEW_ACCOUNT_CHOICE ? (fields.username ?? '') : chosen)
      .trim()
      .replace(/^@/, '');
    if (!X_USERNAME.test(username)) {
      return showConsent(request, reply, owner.workspaceId, auth, {
        chosen: NEW_ACCOUNT_CHOICE,
        newHandle: fields.username ?? '',
        error: `That username cannot be used: ${X_USERNAME_RULE}`,
      });
    }
    const account = await findOrCreateAccount(db, 'twitter', owner.workspaceId, {
      username,
      displayName: displayNameFor(username),
      externalId: newSnowflakeId(),
    });
    if (!account) {
      return showConsent(request, reply, owner.workspaceId, auth, {
        chosen: NEW_ACCOUNT_CHOICE,
        newHandle: fields.username ?? '',
        error: HANDLE_TAKEN,
      });
    }
    const code = await insertGrant(db, {
      platform: 'twitter',
      kind: 'code',
      value: newOpaqueToken(),
      accountId: account.id,
      clientId: auth.clientId,
      redirectUri: auth.redirect.toString(),
      codeChallenge: storedChallenge(auth.challenge, auth.challengeMethod),
      scopes: auth.scopes,
      expiresAt: new Date(Date.now() + X_CODE_SECONDS * 1000),
    });
    const remembered = [account.id, ...rememberedAccountIds(request).filter((id) => id !== account.id)];
    reply.header(
      'set-cookie',
      `${ACCOUNTS_COOKIE}=${remembered.slice(0, REMEMBERED_ACCOUNTS).join('.')}; Path=${X_BASE_PATH}; Max-Age=31536000; HttpOnly; SameSite=Lax`,
    );
    return reply.redirect(redirectWith(auth.redirect, { state: auth.state, code: code.value }), 302);
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
    const access = await insertGrant(db, {
      platform: 'twitter',
      kind: 'access',
      value: newOpaqueToken(),
      accountId: account.id,
      clientId,
      scopes,
      expiresAt: new Date(Date.now() + X_ACCESS_TOKEN_SECONDS * 1000),
    });
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
    return {
      status: 200,
      headers: { 'cache-control': 'no-store' },
      body: {
        token_type: 'bearer',
        expires_in: X_ACCESS_TOKEN_SECONDS,
        access_token: access.value,
        scope: scopes.join(' '),
        ...(refresh ? { refresh_token: refresh.value } : {}),
      },
    };
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
