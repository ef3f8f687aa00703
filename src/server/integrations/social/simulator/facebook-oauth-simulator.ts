import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import {
  type ConsentRequest,
  insertAccessGrant,
  registerConsentPage,
  stateOf,
  tokenAnswer,
} from './consent-flow';
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
import {
  type SandboxFault,
  type SimulatedAnswer,
  type SimulatedCallKind,
  simulatedApi,
} from './sandbox-faults';
import { allowedRedirect, redirectWith, sameText } from './sandbox-oauth';
import { html, raw } from './sandbox-page';
import {
  consumeGrant,
  findLiveGrant,
  newSnowflakeId,
  type SandboxAccount,
  type SandboxGrant,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Facebook Login: the OAuth dialog (sign in as a sandbox user, say how many Pages
 * they manage or name one), the token endpoint (code → short-lived user token; fb_exchange_token →
 * long-lived one), and the user's permissions (read, and revoke with DELETE).
 */

export type FacebookSimulatorOptions = SimulatorContext;

export type Caller = {
  account: SandboxAccount;
  grant: SandboxGrant;
  /** The sandbox fault this call carries (its header or armed for the account), on Graph routes. */
  fault?: SandboxFault | null;
};
/** A Graph route's handler factory: the caller's token, the kind of call, fault injection. */
export type FacebookGraphRoute = <R extends FastifyRequest>(
  kind: SimulatedCallKind,
  handle: (request: R, caller: Caller) => Promise<SimulatedAnswer>,
  /** A metrics read's answer under the `no-data` fault (sandbox-faults.ts). */
  withoutData?: (answer: SimulatedAnswer) => SimulatedAnswer,
) => (request: R, reply: import('fastify').FastifyReply) => Promise<unknown>;

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

interface DialogRequest extends ConsentRequest {
  state: string | undefined;
}

/** Checks a dialog request as Facebook would; a refusal is an error page. */
function readDialogRequest(fields: Fields, appUrl: string): DialogRequest | { errorPage: string } {
  const refused = (errorPage: string) => ({ errorPage });
  if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId) {
    return refused('Invalid App ID: this app is not registered with the sandbox.');
  }
  const redirect = allowedRedirect(fields.redirect_uri, appUrl);
  if (!redirect) {
    return refused("URL blocked: the redirect_uri is not one of this app's valid OAuth redirect URIs.");
  }
  if (fields.response_type !== undefined && fields.response_type !== 'code') {
    return refused('response_type must be "code".');
  }
  const scopes = (fields.scope ?? '').split(/[\s,]+/).filter(Boolean);
  const unknown = scopes.find((scope) => !(scope in FACEBOOK_PERMISSIONS));
  if (unknown) return refused(`Invalid Scopes: ${unknown}.`);
  return { clientId: fields.client_id, redirect, scopes, state: fields.state || undefined };
}

/** The dialog's own part of the form: how many Pages the sandbox user manages, or one to add by name. */
interface PagesChoice {
  pages: number;
  pageName: string;
  businessPage: boolean;
}

function readPagesChoice(fields: Fields): PagesChoice {
  const asked = Number(fields.pages ?? 1);
  return {
    pages: Number.isInteger(asked) ? Math.min(Math.max(asked, 1), FACEBOOK_MAX_PAGES) : 1,
    pageName: (fields.page_name ?? '').trim().replace(/\s+/g, ' ').slice(0, 60),
    businessPage: fields.business_page === 'on',
  };
}

function pagesFieldset({ pages, pageName, businessPage }: PagesChoice): string {
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
  const { db } = options;

  const denied = (dialog: DialogRequest) =>
    redirectWith(dialog.redirect, {
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
      ...stateOf(dialog),
    });

  registerConsentPage(app, options, {
    platform: 'facebook',
    label: FACEBOOK_LABEL,
    logo: FACEBOOK_LOGO,
    basePath: FACEBOOK_BASE_PATH,
    path: FACEBOOK_DIALOG_PATH,
    codeSeconds: FACEBOOK_CODE_SECONDS,
    read: readDialogRequest,
    scopeSeparator: ',',
    scopeTexts: FACEBOOK_PERMISSIONS,
    handle: {
      rule: `A new account's username: ${FACEBOOK_HANDLE_RULE}`,
      pattern: FACEBOOK_HANDLE,
      refused: `That username cannot be used: ${FACEBOOK_HANDLE_RULE}`,
    },
    newExternalId: newSnowflakeId,
    declined: denied,
    // Facebook appends an empty fragment to its redirect (a long-standing quirk); browsers keep it client-side.
    approved: (dialog, code) => `${redirectWith(dialog.redirect, { code, ...stateOf(dialog) })}#_=_`,
    extra: {
      read: readPagesChoice,
      fieldset: pagesFieldset,
      async accept(user, choice) {
        if (user.ownerId !== null) return 'That name belongs to a Page; sign in as a person.';
        await ensurePages(db, user, {
          count: choice.pages,
          ...(choice.pageName ? { name: choice.pageName } : {}),
        });
        if (choice.businessPage) await ensureBusinessPage(db, user);
        return undefined;
      },
    },
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
    const access = await insertAccessGrant(db, 'facebook', grant, seconds);
    return tokenAnswer({ access_token: access.value, token_type: 'bearer', expires_in: seconds });
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
