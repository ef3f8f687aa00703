import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { NEW_ACCOUNT_CHOICE, renderAuthorizePage, renderSandboxErrorPage } from './authorize-page';
import {
  FACEBOOK_BASE_PATH,
  FACEBOOK_CODE_SECONDS,
  FACEBOOK_DIALOG_PATH,
  FACEBOOK_GRAPH_PATH,
  FACEBOOK_HANDLE,
  FACEBOOK_HANDLE_RULE,
  FACEBOOK_LABEL,
  FACEBOOK_LOGO,
  FACEBOOK_LONG_TOKEN_SECONDS,
  FACEBOOK_MAX_PAGES,
  FACEBOOK_PERMISSIONS,
  FACEBOOK_SHORT_TOKEN_SECONDS,
  facebookFaults,
  graphError,
  invalidParameter,
  invalidToken,
  missingToken,
} from './facebook-shapes';
import { ensureBusinessPage, ensurePages, findGrant, revokeApp } from './facebook-store';
import { type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import {
  allowedRedirect,
  CONSENT_ROUTE,
  consentingWorkspace,
  HANDLE_TAKEN,
  redirectWith,
  sameText,
} from './sandbox-oauth';
import { html, raw } from './sandbox-page';
import {
  consumeGrant,
  findAccountsByIds,
  findLiveGrant,
  findOrCreateAccount,
  insertGrant,
  newOpaqueToken,
  newSnowflakeId,
  type SandboxAccount,
  type SandboxGrant,
  suggestHandle,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';

/*
 * The pretend Facebook Login: the OAuth dialog (sign in as a sandbox user, say how many Pages
 * they manage or name one), the token endpoint (code → short-lived user token; fb_exchange_token →
 * long-lived one), and the user's permissions (read, and revoke with DELETE).
 */

export type FacebookSimulatorOptions = SimulatorContext;

type Fields = Record<string, string | undefined>;
export type Caller = { account: SandboxAccount; grant: SandboxGrant };

const PUBLIC = { access: 'public' } as const;
const HIDDEN = { hide: true } as const;
/** Remembers which sandbox users this browser signed in as, to offer them again. */
const ACCOUNTS_COOKIE = 'kitepost_sandbox_facebook';
const REMEMBERED_ACCOUNTS = 5;
/** A user token with more than this left is a long-lived one. */
const SHORT_LIVED_LIMIT_MS = 2 * 24 * 3600 * 1000;

/** The access token of a Graph call: the `access_token` parameter (query or body) or the Authorization header. */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const query = request.query as Fields;
  const body = request.body && typeof request.body === 'object' ? (request.body as Fields) : {};
  const header = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const token = query.access_token ?? body.access_token ?? header;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/** The live token's grant and account (a user, or a Page for a Page token); else the Graph error to answer. */
export async function callerOf(db: Db, request: FastifyRequest): Promise<Caller | SimulatedAnswer> {
  const token = accessTokenOf(request);
  if (!token) return missingToken();
  const found = await findLiveGrant(db, 'facebook', 'access', token);
  return found ? { account: found.account, grant: found.grant } : invalidToken();
}

export const isLongLived = (grant: SandboxGrant, now = Date.now()) =>
  grant.expiresAt === null || grant.expiresAt.getTime() - now > SHORT_LIVED_LIMIT_MS;

interface DialogRequest {
  clientId: string;
  redirect: URL;
  scopes: string[];
  state: string | undefined;
}

/** Checks a dialog request as Facebook would; a string says why it is refused. */
function readDialogRequest(fields: Fields, appUrl: string): DialogRequest | string {
  if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId) {
    return 'Invalid App ID: this app is not registered with the sandbox.';
  }
  const redirect = allowedRedirect(fields.redirect_uri, appUrl);
  if (!redirect) {
    return "URL blocked: the redirect_uri is not one of this app's valid OAuth redirect URIs.";
  }
  if (fields.response_type !== undefined && fields.response_type !== 'code') {
    return 'response_type must be "code".';
  }
  const scopes = (fields.scope ?? '').split(/[\s,]+/).filter(Boolean);
  const unknown = scopes.find((scope) => !(scope in FACEBOOK_PERMISSIONS));
  if (unknown) return `Invalid Scopes: ${unknown}.`;
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

/** The dialog's own part of the form: how many Pages the sandbox user manages, or one to add by name. */
function pagesFieldset(pages: number, pageName: string, businessPage: boolean): string {
  const options = Array.from({ length: FACEBOOK_MAX_PAGES }, (_, index) => index + 1).map(
    (count) =>
      html`<option value="${count}"${raw(count === pages ? ' selected' : '')}>${count} ${count === 1 ? 'Page' : 'Pages'}</option>`,
  );
  return html`<fieldset>
<legend>Pages</legend>
<div class="choice"><label for="pages">Pages this account manages</label>
<select id="pages" name="pages">${options}</select></div>
<div class="choice"><label for="page_name">Also a Page named</label>
<input type="text" id="page_name" name="page_name" value="${pageName}" autocomplete="off" maxlength="60"></div>
<div class="choice"><input type="checkbox" id="business_page" name="business_page" value="on"${raw(businessPage ? ' checked' : '')}>
<label for="business_page">Also a Page owned through a Business portfolio (not in /me/accounts)</label></div>
<p class="muted">Kitepost gets every Page of the account; with several, you choose one in Kitepost.</p>
</fieldset>`.html;
}

export function registerFacebookOAuthSimulator(app: FastifyInstance, options: FacebookSimulatorOptions) {
  const { db, appUrl } = options;

  const page = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  /** A refusal as the platform's page: 400 by default, or a consent refusal's own status and heading. */
  const errorPage = (
    reply: FastifyReply,
    message: string,
    refusal: { status?: number; heading?: string } = {},
  ) =>
    page(
      reply,
      refusal.status ?? 400,
      renderSandboxErrorPage({
        platformLabel: FACEBOOK_LABEL,
        logo: FACEBOOK_LOGO,
        message,
        heading: refusal.heading,
      }),
    );
  const denied = (dialog: DialogRequest) =>
    redirectWith(dialog.redirect, {
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
      ...(dialog.state ? { state: dialog.state } : {}),
    });

  async function showDialog(
    request: FastifyRequest,
    reply: FastifyReply,
    workspaceId: string,
    dialog: DialogRequest,
    form: {
      chosen: string;
      newHandle: string;
      pages: number;
      pageName: string;
      businessPage?: boolean;
      error?: string;
    },
  ) {
    const accounts = await findAccountsByIds(db, 'facebook', rememberedAccountIds(request), workspaceId);
    const rendered = renderAuthorizePage({
      platformLabel: FACEBOOK_LABEL,
      logo: FACEBOOK_LOGO,
      appName: 'Kitepost',
      action: FACEBOOK_DIALOG_PATH,
      hidden: {
        client_id: dialog.clientId,
        redirect_uri: dialog.redirect.toString(),
        scope: dialog.scopes.join(','),
        response_type: 'code',
        ...(dialog.state ? { state: dialog.state } : {}),
      },
      permissions: dialog.scopes.map((scope) => FACEBOOK_PERMISSIONS[scope] ?? scope),
      accounts: accounts.filter((account) => account.ownerId === null),
      newHandle: form.newHandle,
      chosen: form.chosen,
      handleRule: `A new account's username: ${FACEBOOK_HANDLE_RULE}`,
      error: form.error,
      cancelUrl: denied(dialog),
    });
    // The shared page has one fieldset (the account); the Pages choice goes right after it.
    const withPages = rendered.replace(
      '</fieldset>',
      `</fieldset>\n${pagesFieldset(form.pages, form.pageName, form.businessPage ?? false)}`,
    );
    return page(reply, form.error ? 400 : 200, withPages);
  }

  app.get(FACEBOOK_DIALOG_PATH, { config: CONSENT_ROUTE, schema: HIDDEN }, async (request, reply) => {
    const owner = consentingWorkspace(request);
    if ('refused' in owner) return errorPage(reply, owner.refused, owner);
    const dialog = readDialogRequest(request.query as Fields, appUrl);
    if (typeof dialog === 'string') return errorPage(reply, dialog);
    return showDialog(request, reply, owner.workspaceId, dialog, {
      chosen: NEW_ACCOUNT_CHOICE,
      newHandle: suggestHandle(),
      pages: 1,
      pageName: '',
    });
  });

  app.post(FACEBOOK_DIALOG_PATH, { config: CONSENT_ROUTE, schema: HIDDEN }, async (request, reply) => {
    const owner = consentingWorkspace(request);
    if ('refused' in owner) return errorPage(reply, owner.refused, owner);
    const fields = (request.body ?? {}) as Fields;
    const dialog = readDialogRequest(fields, appUrl);
    if (typeof dialog === 'string') return errorPage(reply, dialog);
    if (fields.decision !== 'authorize') return reply.redirect(denied(dialog), 302);
    const asked = Number(fields.pages ?? 1);
    const pages = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), FACEBOOK_MAX_PAGES) : 1;
    const pageName = (fields.page_name ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const businessPage = fields.business_page === 'on';
    const chosen = fields.account ?? NEW_ACCOUNT_CHOICE;
    const username = (chosen === NEW_ACCOUNT_CHOICE ? (fields.username ?? '') : chosen)
      .trim()
      .replace(/^@/, '');
    if (!FACEBOOK_HANDLE.test(username)) {
      return showDialog(request, reply, owner.workspaceId, dialog, {
        chosen: NEW_ACCOUNT_CHOICE,
        newHandle: fields.username ?? '',
        pages,
        pageName,
        businessPage,
        error: `That username cannot be used: ${FACEBOOK_HANDLE_RULE}`,
      });
    }
    const user = await findOrCreateAccount(db, 'facebook', owner.workspaceId, {
      username,
      displayName: displayNameFor(username),
      externalId: newSnowflakeId(),
    });
    if (!user) {
      return showDialog(request, reply, owner.workspaceId, dialog, {
        chosen: NEW_ACCOUNT_CHOICE,
        newHandle: fields.username ?? '',
        pages,
        pageName,
        businessPage,
        error: HANDLE_TAKEN,
      });
    }
    if (user.ownerId !== null) {
      return showDialog(request, reply, owner.workspaceId, dialog, {
        chosen: NEW_ACCOUNT_CHOICE,
        newHandle: fields.username ?? '',
        pages,
        pageName,
        businessPage,
        error: 'That name belongs to a Page; sign in as a person.',
      });
    }
    await ensurePages(db, user, { count: pages, ...(pageName ? { name: pageName } : {}) });
    if (businessPage) await ensureBusinessPage(db, user);
    const code = await insertGrant(db, {
      platform: 'facebook',
      kind: 'code',
      value: newOpaqueToken(),
      accountId: user.id,
      clientId: dialog.clientId,
      redirectUri: dialog.redirect.toString(),
      codeChallenge: null,
      scopes: dialog.scopes,
      expiresAt: new Date(Date.now() + FACEBOOK_CODE_SECONDS * 1000),
    });
    const remembered = [user.id, ...rememberedAccountIds(request).filter((id) => id !== user.id)];
    reply.header(
      'set-cookie',
      `${ACCOUNTS_COOKIE}=${remembered.slice(0, REMEMBERED_ACCOUNTS).join('.')}; Path=${FACEBOOK_BASE_PATH}; Max-Age=31536000; HttpOnly; SameSite=Lax`,
    );
    const back = redirectWith(dialog.redirect, {
      code: code.value,
      ...(dialog.state ? { state: dialog.state } : {}),
    });
    // Facebook appends an empty fragment to its redirect (a long-standing quirk); browsers keep it client-side.
    return reply.redirect(`${back}#_=_`, 302);
  });

  /** The app's credentials as the token endpoint reads them (parameters, not Basic auth). */
  function appError(fields: Fields): SimulatedAnswer | null {
    if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId) {
      return graphError(400, 101, 'Error validating application. Invalid application ID.');
    }
    if (!fields.client_secret || !sameText(fields.client_secret, SIMULATOR_CREDENTIALS.clientSecret)) {
      return graphError(400, 1, 'Error validating client secret.');
    }
    return null;
  }

  async function issueUserToken(grant: SandboxGrant, seconds: number): Promise<SimulatedAnswer> {
    const access = await insertGrant(db, {
      platform: 'facebook',
      kind: 'access',
      value: newOpaqueToken(),
      accountId: grant.accountId,
      clientId: grant.clientId,
      scopes: grant.scopes,
      expiresAt: new Date(Date.now() + seconds * 1000),
    });
    return {
      status: 200,
      headers: { 'cache-control': 'no-store' },
      body: { access_token: access.value, token_type: 'bearer', expires_in: seconds },
    };
  }

  async function exchangeCode(fields: Fields): Promise<SimulatedAnswer> {
    if (!fields.code) return invalidParameter('Missing authorization code');
    if (!fields.redirect_uri) return invalidParameter('Missing redirect_uri parameter.');
    const found = await findGrant(db, 'code', fields.code);
    if (!found || found.grant.clientId !== fields.client_id) {
      return invalidParameter('Invalid verification code format.');
    }
    if (found.grant.revokedAt) return invalidParameter('This authorization code has been used.', 36009);
    if (found.grant.expiresAt && found.grant.expiresAt.getTime() <= Date.now()) {
      return invalidParameter('This authorization code has expired.', 36007);
    }
    if (fields.redirect_uri !== found.grant.redirectUri) {
      return invalidParameter(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        36008,
      );
    }
    if (!(await consumeGrant(db, found.grant.id))) {
      return invalidParameter('This authorization code has been used.', 36009);
    }
    return issueUserToken(found.grant, FACEBOOK_SHORT_TOKEN_SECONDS);
  }

  async function exchangeToken(fields: Fields): Promise<SimulatedAnswer> {
    if (!fields.fb_exchange_token) return invalidParameter('Missing fb_exchange_token parameter.');
    const found = await findLiveGrant(db, 'facebook', 'access', fields.fb_exchange_token);
    // Only a user token is exchanged here (a Page token read with a long-lived one never expires).
    if (!found || found.grant.clientId !== fields.client_id || found.account.ownerId !== null) {
      return invalidToken();
    }
    return issueUserToken(found.grant, FACEBOOK_LONG_TOKEN_SECONDS);
  }

  const tokenRoute = simulatedApi({ faults: options.faults, answers: facebookFaults }, async (request) => {
    const fields = {
      ...(request.query as Fields),
      ...(request.body && typeof request.body === 'object' ? (request.body as Fields) : {}),
    };
    const refused = appError(fields);
    if (refused) return refused;
    if (fields.grant_type === 'fb_exchange_token') return exchangeToken(fields);
    if (fields.grant_type !== undefined && fields.grant_type !== 'authorization_code') {
      return invalidParameter(`Unsupported grant_type ${fields.grant_type}.`);
    }
    return exchangeCode(fields);
  });
  app.get(`${FACEBOOK_GRAPH_PATH}/oauth/access_token`, { config: PUBLIC, schema: HIDDEN }, tokenRoute);
  app.post(`${FACEBOOK_GRAPH_PATH}/oauth/access_token`, { config: PUBLIC, schema: HIDDEN }, tokenRoute);

  const userRoute = (handle: (caller: Caller) => Promise<SimulatedAnswer>) =>
    simulatedApi({ faults: options.faults, answers: facebookFaults }, async (request) => {
      const caller = await callerOf(db, request);
      if (!('grant' in caller)) return caller;
      if (caller.account.ownerId !== null) {
        return graphError(
          400,
          100,
          '(#100) Tried accessing nonexisting field (permissions) on node type (Page)',
        );
      }
      return handle(caller);
    });

  app.get(
    `${FACEBOOK_GRAPH_PATH}/me/permissions`,
    { config: PUBLIC, schema: HIDDEN },
    userRoute(async ({ grant }) => {
      const granted = new Set(['public_profile', ...grant.scopes]);
      return {
        status: 200,
        body: { data: [...granted].map((permission) => ({ permission, status: 'granted' })) },
      };
    }),
  );

  app.delete(
    `${FACEBOOK_GRAPH_PATH}/me/permissions`,
    { config: PUBLIC, schema: HIDDEN },
    userRoute(async ({ account, grant }) => {
      await revokeApp(db, account, grant.clientId);
      return { status: 200, body: { success: true } };
    }),
  );
}
