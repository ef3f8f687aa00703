import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEW_ACCOUNT_CHOICE, renderAuthorizePage, renderSandboxErrorPage } from './authorize-page';
import {
  graphError,
  IG_AUTHORIZE_PATH,
  IG_BASE_PATH,
  IG_CODE_SECONDS,
  IG_GRAPH_HOST_PATH,
  IG_LABEL,
  IG_LOGO,
  IG_LONG_LIVED_SECONDS,
  IG_OAUTH_HOST_PATH,
  IG_REFRESH_MIN_AGE_MS,
  IG_SCOPES,
  IG_SHORT_LIVED_SECONDS,
  IG_USERNAME,
  IG_USERNAME_RULE,
  igGraphFaults,
  igOAuthFaults,
  invalidParameter,
  invalidToken,
  newInstagramId,
  oauthError,
} from './instagram-shapes';
import { type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import {
  allowedRedirect,
  CONSENT_ROUTE,
  consentingWorkspace,
  HANDLE_TAKEN,
  redirectWith,
  sameText,
} from './sandbox-oauth';
import {
  consumeGrant,
  findAccountsByIds,
  findLiveGrant,
  findOrCreateAccount,
  insertGrant,
  newOpaqueToken,
  type SandboxAccount,
  type SandboxGrant,
  suggestHandle,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';

/*
 * The pretend Instagram's Business Login: the consent page (no PKCE), the code exchange at
 * "api.instagram.com" (a short-lived token), the long-lived exchange and the refresh on
 * "graph.instagram.com". No revocation endpoint, as on Instagram.
 */

export type InstagramSimulatorOptions = SimulatorContext;

type Fields = Record<string, string | undefined>;

/** Remembers which sandbox accounts this browser signed in as, to offer them again. */
const ACCOUNTS_COOKIE = 'kitepost_sandbox_instagram';
const REMEMBERED_ACCOUNTS = 5;
const PUBLIC = { access: 'public' } as const;
const HIDDEN = { hide: true } as const;

interface AuthorizeRequest {
  clientId: string;
  redirect: URL;
  scopes: string[];
  state: string | undefined;
}

/** Checks an authorize request as Instagram would; a string says why it is refused. */
function readAuthorizeRequest(fields: Fields, appUrl: string): AuthorizeRequest | string {
  if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId) return 'Invalid platform app.';
  const redirect = allowedRedirect(fields.redirect_uri, appUrl);
  if (!redirect) return "The redirect_uri is not one of this app's valid OAuth redirect URIs.";
  if (fields.response_type !== 'code') return 'response_type must be "code".';
  const scopes = (fields.scope ?? '').split(/[,\s]+/).filter(Boolean);
  if (scopes.length === 0) return 'No scope was requested.';
  const unknown = scopes.find((scope) => !(scope in IG_SCOPES));
  if (unknown) return `Invalid scope: ${unknown}.`;
  return { clientId: fields.client_id, redirect, scopes, state: fields.state || undefined };
}

function rememberedAccountIds(request: FastifyRequest): string[] {
  const cookie = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${ACCOUNTS_COOKIE}=([^;]*)`).exec(cookie);
  return (match?.[1] ?? '').split('.').filter((id) => /^[0-9a-f-]{36}$/.test(id));
}

function displayNameFor(username: string): string {
  const words = username
    .replace(/\d+$/, '')
    .split(/[_.]/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length > 0 ? words.join(' ') : username;
}

/** Instagram appends `#_` to the redirect; browsers drop the fragment before the request. */
const instagramRedirect = (redirect: URL, params: Record<string, string>) =>
  `${redirectWith(redirect, params)}#_`;

const lifetimeMs = (grant: SandboxGrant) =>
  grant.expiresAt ? grant.expiresAt.getTime() - grant.createdAt.getTime() : Number.POSITIVE_INFINITY;
const isShortLived = (grant: SandboxGrant) => lifetimeMs(grant) <= 2 * IG_SHORT_LIVED_SECONDS * 1000;

export function registerInstagramOAuthSimulator(app: FastifyInstance, options: InstagramSimulatorOptions) {
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
      renderSandboxErrorPage({ platformLabel: IG_LABEL, logo: IG_LOGO, message, heading: refusal.heading }),
    );

  async function showConsent(
    request: FastifyRequest,
    reply: FastifyReply,
    workspaceId: string,
    auth: AuthorizeRequest,
    form: { chosen: string; newHandle: string; error?: string },
  ) {
    const accounts = await findAccountsByIds(db, 'instagram', rememberedAccountIds(request), workspaceId);
    const page = renderAuthorizePage({
      platformLabel: IG_LABEL,
      logo: IG_LOGO,
      appName: 'Kitepost',
      action: IG_AUTHORIZE_PATH,
      hidden: {
        client_id: auth.clientId,
        redirect_uri: auth.redirect.toString(),
        response_type: 'code',
        scope: auth.scopes.join(','),
        ...(auth.state ? { state: auth.state } : {}),
      },
      permissions: auth.scopes.map((scope) => IG_SCOPES[scope] ?? scope),
      accounts,
      newHandle: form.newHandle,
      chosen: form.chosen,
      handleRule: `A new professional account's username: ${IG_USERNAME_RULE}`,
      error: form.error,
      cancelUrl: instagramRedirect(auth.redirect, {
        error: 'access_denied',
        error_reason: 'user_denied',
        error_description: 'The user denied your request.',
        ...(auth.state ? { state: auth.state } : {}),
      }),
    });
    return html(reply, form.error ? 400 : 200, page);
  }

  app.get(IG_AUTHORIZE_PATH, { config: CONSENT_ROUTE, schema: HIDDEN }, async (request, reply) => {
    const owner = consentingWorkspace(request);
    if ('refused' in owner) return errorPage(reply, owner.refused, owner);
    const auth = readAuthorizeRequest(request.query as Fields, appUrl);
    if (typeof auth === 'string') return errorPage(reply, auth);
    return showConsent(request, reply, owner.workspaceId, auth, {
      chosen: NEW_ACCOUNT_CHOICE,
      newHandle: suggestHandle(),
    });
  });

  app.post(IG_AUTHORIZE_PATH, { config: CONSENT_ROUTE, schema: HIDDEN }, async (request, reply) => {
    const owner = consentingWorkspace(request);
    if ('refused' in owner) return errorPage(reply, owner.refused, owner);
    const fields = (request.body ?? {}) as Fields;
    const auth = readAuthorizeRequest(fields, appUrl);
    if (typeof auth === 'string') return errorPage(reply, auth);
    const state: Record<string, string> = auth.state ? { state: auth.state } : {};
    if (fields.decision !== 'authorize') {
      return reply.redirect(
        instagramRedirect(auth.redirect, {
          error: 'access_denied',
          error_reason: 'user_denied',
          error_description: 'The user denied your request.',
          ...state,
        }),
        302,
      );
    }
    const chosen = fields.account ?? NEW_ACCOUNT_CHOICE;
    const username = (chosen === NEW_ACCOUNT_CHOICE ? (fields.username ?? '') : chosen)
      .trim()
      .replace(/^@/, '')
      .toLowerCase();
    if (!IG_USERNAME.test(username)) {
      return showConsent(request, reply, owner.workspaceId, auth, {
        chosen: NEW_ACCOUNT_CHOICE,
        newHandle: fields.username ?? '',
        error: `That username cannot be used: ${IG_USERNAME_RULE}`,
      });
    }
    const account = await findOrCreateAccount(db, 'instagram', owner.workspaceId, {
      username,
      displayName: displayNameFor(username),
      externalId: newInstagramId('178414'),
    });
    if (!account) {
      return showConsent(request, reply, owner.workspaceId, auth, {
        chosen: NEW_ACCOUNT_CHOICE,
        newHandle: fields.username ?? '',
        error: HANDLE_TAKEN,
      });
    }
    const code = await insertGrant(db, {
      platform: 'instagram',
      kind: 'code',
      value: newOpaqueToken(),
      accountId: account.id,
      clientId: auth.clientId,
      redirectUri: auth.redirect.toString(),
      codeChallenge: null,
      scopes: auth.scopes,
      expiresAt: new Date(Date.now() + IG_CODE_SECONDS * 1000),
    });
    const remembered = [account.id, ...rememberedAccountIds(request).filter((id) => id !== account.id)];
    reply.header(
      'set-cookie',
      `${ACCOUNTS_COOKIE}=${remembered.slice(0, REMEMBERED_ACCOUNTS).join('.')}; Path=${IG_BASE_PATH}; Max-Age=31536000; HttpOnly; SameSite=Lax`,
    );
    return reply.redirect(instagramRedirect(auth.redirect, { code: code.value, ...state }), 302);
  });

  const secretMatches = (secret: string | undefined) =>
    Boolean(secret) && sameText(secret as string, SIMULATOR_CREDENTIALS.clientSecret);

  function accessGrant(account: SandboxAccount, clientId: string, scopes: string[], seconds: number) {
    return insertGrant(db, {
      platform: 'instagram',
      kind: 'access',
      value: newOpaqueToken(),
      accountId: account.id,
      clientId,
      scopes,
      expiresAt: new Date(Date.now() + seconds * 1000),
    });
  }

  // "api.instagram.com/oauth/access_token": the code for a short-lived (1 h) token.
  app.post(
    `${IG_OAUTH_HOST_PATH}/oauth/access_token`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi({ faults: options.faults, answers: igOAuthFaults }, async (request) => {
      const fields = (request.body ?? {}) as Fields;
      if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId || !secretMatches(fields.client_secret)) {
        return oauthError('Invalid platform app');
      }
      if (fields.grant_type !== 'authorization_code') {
        return oauthError('Invalid grant_type: only authorization_code is supported');
      }
      if (!fields.code) return oauthError('Missing required field code');
      const found = await findLiveGrant(db, 'instagram', 'code', fields.code.replace(/#_$/, ''));
      if (!found || found.grant.clientId !== fields.client_id) {
        return oauthError('Matching code was not found or was already used.');
      }
      if (fields.redirect_uri !== found.grant.redirectUri) {
        return oauthError(
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        );
      }
      if (!(await consumeGrant(db, found.grant.id))) {
        return oauthError('Matching code was not found or was already used.');
      }
      const access = await accessGrant(
        found.account,
        found.grant.clientId,
        found.grant.scopes,
        IG_SHORT_LIVED_SECONDS,
      );
      return {
        status: 200,
        headers: { 'cache-control': 'no-store' },
        body: {
          access_token: access.value,
          user_id: found.account.externalId,
          permissions: found.grant.scopes,
        },
      } satisfies SimulatedAnswer;
    }),
  );

  const graphRoute = { faults: options.faults, answers: igGraphFaults };
  const longLived = (value: string) => ({
    status: 200,
    headers: { 'cache-control': 'no-store' },
    body: { access_token: value, token_type: 'bearer', expires_in: IG_LONG_LIVED_SECONDS },
  });

  // "graph.instagram.com/access_token": a short-lived token for a long-lived (60 days) one.
  app.get(
    `${IG_GRAPH_HOST_PATH}/access_token`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(graphRoute, async (request) => {
      const query = request.query as Fields;
      if (query.grant_type !== 'ig_exchange_token') {
        return invalidParameter('grant_type must be ig_exchange_token');
      }
      if (!secretMatches(query.client_secret)) {
        return graphError(400, { message: 'Error validating client secret.', code: 1 });
      }
      const found = query.access_token
        ? await findLiveGrant(db, 'instagram', 'access', query.access_token)
        : undefined;
      if (!found) return invalidToken();
      // UNCONFIRMED what Instagram answers for a token that is already long-lived; refused here.
      if (!isShortLived(found.grant)) return invalidParameter('Only a short-lived token can be exchanged.');
      const access = await accessGrant(
        found.account,
        found.grant.clientId,
        found.grant.scopes,
        IG_LONG_LIVED_SECONDS,
      );
      return longLived(access.value);
    }),
  );

  // "graph.instagram.com/refresh_access_token": a long-lived token, at least a day old, for 60 more days.
  app.get(
    `${IG_GRAPH_HOST_PATH}/refresh_access_token`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(graphRoute, async (request) => {
      const query = request.query as Fields;
      if (query.grant_type !== 'ig_refresh_token') {
        return invalidParameter('grant_type must be ig_refresh_token');
      }
      const found = query.access_token
        ? await findLiveGrant(db, 'instagram', 'access', query.access_token)
        : undefined;
      if (!found) {
        return graphError(400, {
          message: 'Error validating access token: Session has expired.',
          code: 190,
          subcode: 463,
        });
      }
      if (isShortLived(found.grant)) return invalidParameter('A short-lived token cannot be refreshed.');
      if (Date.now() - found.grant.createdAt.getTime() < IG_REFRESH_MIN_AGE_MS) {
        return invalidParameter('The access token must be at least 24 hours old to be refreshed.');
      }
      // The token refreshed keeps working until its own expiry (nothing says Instagram revokes it).
      const access = await accessGrant(
        found.account,
        found.grant.clientId,
        found.grant.scopes,
        IG_LONG_LIVED_SECONDS,
      );
      return longLived(access.value);
    }),
  );
}
