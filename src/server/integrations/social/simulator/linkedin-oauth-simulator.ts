import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEW_ACCOUNT_CHOICE, renderAuthorizePage, renderSandboxErrorPage } from './authorize-page';
import {
  LINKEDIN_ACCESS_TOKEN_SECONDS,
  LINKEDIN_BASE_PATH,
  LINKEDIN_CODE_SECONDS,
  LINKEDIN_HANDLE,
  LINKEDIN_HANDLE_RULE,
  LINKEDIN_LABEL,
  LINKEDIN_LOGO,
  LINKEDIN_SCOPES,
  linkedInOAuthFaults,
  oauthError,
  SANDBOX_APP_SCOPES,
} from './linkedin-shapes';
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
  suggestHandle,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';

/*
 * The pretend LinkedIn's OAuth 2.0 (authorization code, confidential client, no PKCE): the
 * consent page and the token endpoint. Like most LinkedIn apps, the sandbox app is no approved
 * partner: it gets 60-day access tokens and no refresh token (platforms.md L1), so the member
 * reconnects to renew. LinkedIn documents no revocation endpoint for this flow; neither has this.
 */

export type LinkedInSimulatorOptions = SimulatorContext;

type Fields = Record<string, string | undefined>;

export const LINKEDIN_AUTHORIZE_PATH = `${LINKEDIN_BASE_PATH}/oauth/v2/authorization`;
export const LINKEDIN_TOKEN_PATH = `${LINKEDIN_BASE_PATH}/oauth/v2/accessToken`;
/** Remembers which sandbox accounts this browser signed in as, to offer them again. */
const ACCOUNTS_COOKIE = 'kitepost_sandbox_linkedin';
const REMEMBERED_ACCOUNTS = 5;
const PUBLIC = { access: 'public' } as const;
const HIDDEN = { hide: true } as const;

interface AuthorizeRequest {
  clientId: string;
  redirect: URL;
  scopes: string[];
  /** LinkedIn recommends a state but does not require one; it comes back as it went. */
  state: string | undefined;
}

type Checked = AuthorizeRequest | { errorPage: string } | { errorRedirect: string };

/**
 * Checks an authorize request as LinkedIn would. An unknown client or redirect URI gets an error
 * page (never a redirect); a request LinkedIn refuses after that goes back to the app with an error.
 */
function readAuthorizeRequest(fields: Fields, appUrl: string): Checked {
  if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId) {
    return { errorPage: 'This app is not registered with the sandbox.' };
  }
  const redirect = allowedRedirect(fields.redirect_uri, appUrl);
  if (!redirect) return { errorPage: 'The redirect_uri does not match the registered value.' };
  const back = (error: string, description: string) => ({
    errorRedirect: redirectWith(redirect, {
      error,
      error_description: description,
      ...(fields.state ? { state: fields.state } : {}),
    }),
  });
  if (fields.response_type !== 'code') return back('invalid_request', 'response_type must be "code".');
  const scopes = (fields.scope ?? '').split(/[ +,]/).filter(Boolean);
  if (scopes.length === 0) return back('invalid_scope_error', 'No scope was requested.');
  // One scope the app's products do not grant (an unknown one, or a Community Management scope
  // next to Sign In and Share) refuses the whole authorization, as LinkedIn does.
  const refused = scopes.find((scope) => !SANDBOX_APP_SCOPES.has(scope));
  if (refused) {
    return back('unauthorized_scope_error', `Scope "${refused}" is not authorized for your application`);
  }
  return { clientId: fields.client_id, redirect, scopes, state: fields.state || undefined };
}

function rememberedAccountIds(request: FastifyRequest): string[] {
  const cookie = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${ACCOUNTS_COOKIE}=([^;]*)`).exec(cookie);
  return (match?.[1] ?? '').split('.').filter((id) => /^[0-9a-f-]{36}$/.test(id));
}

/** `maple-bakery42` → `Maple Bakery`: a sandbox member's name from their handle. */
export function linkedInNameFor(handle: string): { given: string; family: string } {
  const words = handle
    .replace(/\d+$/, '')
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  if (words.length === 0) return { given: handle, family: '' };
  return { given: words[0] as string, family: words.slice(1).join(' ') };
}

/** An OpenID `sub` shaped like LinkedIn's: ten URL-safe characters. */
const newMemberId = () => randomBytes(8).toString('base64url').slice(0, 10);

export function registerLinkedInOAuthSimulator(app: FastifyInstance, options: LinkedInSimulatorOptions) {
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
      renderSandboxErrorPage({
        platformLabel: LINKEDIN_LABEL,
        logo: LINKEDIN_LOGO,
        message,
        heading: refusal.heading,
      }),
    );

  async function showConsent(
    request: FastifyRequest,
    reply: FastifyReply,
    workspaceId: string,
    auth: AuthorizeRequest,
    form: { chosen: string; newHandle: string; error?: string },
  ) {
    const accounts = await findAccountsByIds(db, 'linkedin', rememberedAccountIds(request), workspaceId);
    const page = renderAuthorizePage({
      platformLabel: LINKEDIN_LABEL,
      logo: LINKEDIN_LOGO,
      appName: 'Kitepost',
      action: LINKEDIN_AUTHORIZE_PATH,
      hidden: {
        response_type: 'code',
        client_id: auth.clientId,
        redirect_uri: auth.redirect.toString(),
        scope: auth.scopes.join(' '),
        ...(auth.state ? { state: auth.state } : {}),
      },
      permissions: auth.scopes.map((scope) => LINKEDIN_SCOPES[scope] ?? scope),
      accounts,
      newHandle: form.newHandle,
      chosen: form.chosen,
      handleRule: `A new member's profile handle: ${LINKEDIN_HANDLE_RULE}`,
      error: form.error,
      cancelUrl: cancelUrl(auth),
    });
    return html(reply, form.error ? 400 : 200, page);
  }

  /** Where LinkedIn sends a member who declines (its own error code, not `access_denied`). */
  const cancelUrl = (auth: AuthorizeRequest) =>
    redirectWith(auth.redirect, {
      error: 'user_cancelled_authorize',
      error_description: 'The user cancelled the authorization',
      ...(auth.state ? { state: auth.state } : {}),
    });

  app.get(LINKEDIN_AUTHORIZE_PATH, { config: CONSENT_ROUTE, schema: HIDDEN }, async (request, reply) => {
    const owner = consentingWorkspace(request);
    if ('refused' in owner) return errorPage(reply, owner.refused, owner);
    const auth = readAuthorizeRequest(request.query as Fields, appUrl);
    if ('errorPage' in auth) return errorPage(reply, auth.errorPage);
    if ('errorRedirect' in auth) return reply.redirect(auth.errorRedirect, 302);
    return showConsent(request, reply, owner.workspaceId, auth, {
      chosen: NEW_ACCOUNT_CHOICE,
      newHandle: suggestHandle().replace(/_/g, '-'),
    });
  });

  app.post(LINKEDIN_AUTHORIZE_PATH, { config: CONSENT_ROUTE, schema: HIDDEN }, async (request, reply) => {
    const owner = consentingWorkspace(request);
    if ('refused' in owner) return errorPage(reply, owner.refused, owner);
    const fields = (request.body ?? {}) as Fields;
    const auth = readAuthorizeRequest(fields, appUrl);
    if ('errorPage' in auth) return errorPage(reply, auth.errorPage);
    if ('errorRedirect' in auth) return reply.redirect(auth.errorRedirect, 302);
    if (fields.decision !== 'authorize') return reply.redirect(cancelUrl(auth), 302);
    const chosen = fields.account ?? NEW_ACCOUNT_CHOICE;
    // Profile handles are not case-sensitive on LinkedIn: one member per handle, in lower case.
    const handle = (chosen === NEW_ACCOUNT_CHOICE ? (fields.username ?? '') : chosen).trim().toLowerCase();
    if (!LINKEDIN_HANDLE.test(handle)) {
      return showConsent(request, reply, owner.workspaceId, auth, {
        chosen: NEW_ACCOUNT_CHOICE,
        newHandle: fields.username ?? '',
        error: `That handle cannot be used: ${LINKEDIN_HANDLE_RULE}`,
      });
    }
    const name = linkedInNameFor(handle);
    const account = await findOrCreateAccount(db, 'linkedin', owner.workspaceId, {
      username: handle,
      displayName: [name.given, name.family].filter(Boolean).join(' '),
      externalId: newMemberId(),
    });
    if (!account) {
      return showConsent(request, reply, owner.workspaceId, auth, {
        chosen: NEW_ACCOUNT_CHOICE,
        newHandle: fields.username ?? '',
        error: HANDLE_TAKEN,
      });
    }
    const code = await insertGrant(db, {
      platform: 'linkedin',
      kind: 'code',
      value: newOpaqueToken(),
      accountId: account.id,
      clientId: auth.clientId,
      redirectUri: auth.redirect.toString(),
      codeChallenge: null,
      scopes: auth.scopes,
      expiresAt: new Date(Date.now() + LINKEDIN_CODE_SECONDS * 1000),
    });
    const remembered = [account.id, ...rememberedAccountIds(request).filter((id) => id !== account.id)];
    reply.header(
      'set-cookie',
      `${ACCOUNTS_COOKIE}=${remembered.slice(0, REMEMBERED_ACCOUNTS).join('.')}; Path=${LINKEDIN_BASE_PATH}; Max-Age=31536000; HttpOnly; SameSite=Lax`,
    );
    return reply.redirect(
      redirectWith(auth.redirect, { code: code.value, ...(auth.state ? { state: auth.state } : {}) }),
      302,
    );
  });

  /** The client authenticates with client_id and client_secret in the form body (not Basic). */
  const clientOf = (fields: Fields) =>
    fields.client_id &&
    fields.client_secret &&
    sameText(fields.client_id, SIMULATOR_CREDENTIALS.clientId) &&
    sameText(fields.client_secret, SIMULATOR_CREDENTIALS.clientSecret)
      ? fields.client_id
      : null;

  async function exchangeCode(fields: Fields, clientId: string): Promise<SimulatedAnswer> {
    const invalidCode = oauthError(
      400,
      'invalid_request',
      'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
    );
    if (!fields.code) {
      return oauthError(400, 'invalid_request', 'A required parameter "code" is missing');
    }
    if (!fields.redirect_uri) {
      return oauthError(400, 'invalid_request', 'A required parameter "redirect_uri" is missing');
    }
    const found = await findLiveGrant(db, 'linkedin', 'code', fields.code);
    if (!found || found.grant.clientId !== clientId || fields.redirect_uri !== found.grant.redirectUri) {
      return invalidCode;
    }
    if (!(await consumeGrant(db, found.grant.id))) return invalidCode;
    const access = await insertGrant(db, {
      platform: 'linkedin',
      kind: 'access',
      value: newOpaqueToken(),
      accountId: found.account.id,
      clientId,
      scopes: found.grant.scopes,
      expiresAt: new Date(Date.now() + LINKEDIN_ACCESS_TOKEN_SECONDS * 1000),
    });
    return {
      status: 200,
      headers: { 'cache-control': 'no-store' },
      // No refresh_token: programmatic refresh is for approved partners only. (LinkedIn adds a
      // signed id_token for openid; Kitepost reads the member from userinfo, so none is made here.)
      body: {
        access_token: access.value,
        expires_in: LINKEDIN_ACCESS_TOKEN_SECONDS,
        scope: found.grant.scopes.join(','),
        token_type: 'Bearer',
      },
    };
  }

  app.post(
    LINKEDIN_TOKEN_PATH,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi({ faults: options.faults, answers: linkedInOAuthFaults }, async (request) => {
      const fields = (request.body ?? {}) as Fields;
      const clientId = clientOf(fields);
      if (!clientId) return oauthError(401, 'invalid_client', 'Client authentication failed');
      switch (fields.grant_type) {
        case 'authorization_code':
          return exchangeCode(fields, clientId);
        case 'refresh_token':
          // The sandbox app is no refresh-token partner: no refresh token it could present is valid.
          return oauthError(400, 'invalid_request', 'The provided refresh token is invalid or expired.');
        case undefined:
          return oauthError(400, 'invalid_request', 'A required parameter "grant_type" is missing');
        default:
          return oauthError(
            400,
            'unsupported_grant_type',
            `Grant type ${fields.grant_type} is not supported.`,
          );
      }
    }),
  );
}
