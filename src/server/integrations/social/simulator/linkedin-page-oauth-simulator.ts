import type { FastifyInstance } from 'fastify';
import {
  type ConsentRefusal,
  type ConsentRequest,
  insertAccessGrant,
  registerConsentPage,
  stateOf,
  tokenAnswer,
} from './consent-flow';
import { linkedInNameFor } from './linkedin-oauth-simulator';
import { ensureOrganizations, PAGE_PLATFORM } from './linkedin-page-store';
import {
  LINKEDIN_ACCESS_TOKEN_SECONDS,
  LINKEDIN_CODE_SECONDS,
  LINKEDIN_HANDLE,
  LINKEDIN_HANDLE_RULE,
  LINKEDIN_LOGO,
  LINKEDIN_PRODUCTS,
  linkedInOAuthFaults,
  oauthError,
} from './linkedin-shapes';
import { type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { allowedRedirect, redirectWith, sameText } from './sandbox-oauth';
import { html, raw } from './sandbox-page';
import { consumeGrant, findLiveGrant, insertGrant, newOpaqueToken, suggestHandle } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend LinkedIn's OAuth for the Pages app (issue 27): a second app whose only product is
 * the Community Management API (it must be alone on its app, platforms.md audit 2026-11), so it
 * is granted w_organization_social, r_organization_social and rw_organization_admin, and refuses
 * the whole authorization (`unauthorized_scope_error`) for any other scope, OpenID's included.
 * As a Marketing Developer Platform partner it gets programmatic refresh tokens: 365 days from the
 * sign-in, not extended by a refresh, next to 60-day access tokens ("LinkedIn supports
 * programmatic refresh tokens for all approved MDP partners", learn.microsoft.com/en-us/linkedin/
 * shared/authentication/programmatic-refresh-tokens).
 */

export const LINKEDIN_PAGES_BASE_PATH = '/sandbox/linkedin-pages';
export const LINKEDIN_PAGES_LABEL = 'LinkedIn Pages';
const AUTHORIZE_PATH = `${LINKEDIN_PAGES_BASE_PATH}/oauth/v2/authorization`;
const TOKEN_PATH = `${LINKEDIN_PAGES_BASE_PATH}/oauth/v2/accessToken`;
/** 365 days (programmatic refresh tokens). */
export const LINKEDIN_REFRESH_TOKEN_SECONDS = 365 * 24 * 3600;
const PAGES_APP_SCOPES: ReadonlySet<string> = new Set(LINKEDIN_PRODUCTS['community-management']);
const MAX_PAGES = 3;

const SCOPE_TEXTS: Record<string, string> = {
  w_organization_social:
    'Create, modify and delete posts, comments and reactions on behalf of your organizations.',
  r_organization_social: "Retrieve your organizations' posts, comments, reactions and other engagement data.",
  rw_organization_admin: "Manage your organizations' pages and retrieve reporting data.",
};

interface AuthorizeRequest extends ConsentRequest {
  state: string | undefined;
}

function readAuthorizeRequest(fields: Fields, appUrl: string): AuthorizeRequest | ConsentRefusal {
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
  const refused = scopes.find((scope) => !PAGES_APP_SCOPES.has(scope));
  if (refused) {
    return back('unauthorized_scope_error', `Scope "${refused}" is not authorized for your application`);
  }
  return { clientId: fields.client_id, redirect, scopes, state: fields.state || undefined };
}

/** The consent page's own part: how many Pages the member administers, and an analyst-only one. */
interface PagesChoice {
  pages: number;
  analyst: boolean;
}

function readPagesChoice(fields: Fields): PagesChoice {
  const asked = Number(fields.pages ?? 1);
  return {
    pages: Number.isInteger(asked) ? Math.min(Math.max(asked, 1), MAX_PAGES) : 1,
    analyst: fields.analyst_page === 'on',
  };
}

function pagesFieldset({ pages, analyst }: PagesChoice): string {
  const options = Array.from({ length: MAX_PAGES }, (_, index) => index + 1).map(
    (count) =>
      html`<option value="${count}"${raw(count === pages ? ' selected' : '')}>${count} ${count === 1 ? 'Page' : 'Pages'}</option>`,
  );
  return html`<fieldset>
<legend>Company Pages</legend>
<div class="choice"><label for="pages">Pages this member administers</label>
<select id="pages" name="pages">${options}</select></div>
<div class="choice"><input type="checkbox" id="analyst_page" name="analyst_page" value="on"${raw(analyst ? ' checked' : '')}>
<label for="analyst_page">Also a Page where this member is only an Analyst (cannot post)</label></div>
<p class="muted">Kitepost gets every Page the member may post as; with several, you choose one in Kitepost.</p>
</fieldset>`.html;
}

export function registerLinkedInPageOAuthSimulator(app: FastifyInstance, options: SimulatorContext) {
  const { db } = options;

  registerConsentPage(app, options, {
    platform: PAGE_PLATFORM,
    label: LINKEDIN_PAGES_LABEL,
    logo: LINKEDIN_LOGO,
    basePath: LINKEDIN_PAGES_BASE_PATH,
    path: AUTHORIZE_PATH,
    codeSeconds: LINKEDIN_CODE_SECONDS,
    read: readAuthorizeRequest,
    scopeSeparator: ' ',
    scopeTexts: SCOPE_TEXTS,
    handle: {
      rule: `A new member's profile handle: ${LINKEDIN_HANDLE_RULE}`,
      pattern: LINKEDIN_HANDLE,
      refused: `That handle cannot be used: ${LINKEDIN_HANDLE_RULE}`,
      normalize: (typed) => typed.trim().toLowerCase(),
      suggest: () => suggestHandle().replace(/_/g, '-'),
    },
    displayName: (handle) => {
      const name = linkedInNameFor(handle);
      return [name.given, name.family].filter(Boolean).join(' ');
    },
    newExternalId: () => newOpaqueToken().slice(0, 10),
    declined: (auth) =>
      redirectWith(auth.redirect, {
        error: 'user_cancelled_authorize',
        error_description: 'The user cancelled the authorization',
        ...stateOf(auth),
      }),
    approved: (auth, code) => redirectWith(auth.redirect, { code, ...stateOf(auth) }),
    extra: {
      read: readPagesChoice,
      fieldset: pagesFieldset,
      async accept(member, choice) {
        if (member.ownerId !== null) return 'That name belongs to a Page; sign in as a member.';
        await ensureOrganizations(db, member, { administered: choice.pages, analyst: choice.analyst });
        return undefined;
      },
    },
  });

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
    if (!fields.code) return oauthError(400, 'invalid_request', 'A required parameter "code" is missing');
    if (!fields.redirect_uri) {
      return oauthError(400, 'invalid_request', 'A required parameter "redirect_uri" is missing');
    }
    const found = await findLiveGrant(db, PAGE_PLATFORM, 'code', fields.code);
    if (!found || found.grant.clientId !== clientId || fields.redirect_uri !== found.grant.redirectUri) {
      return invalidCode;
    }
    if (!(await consumeGrant(db, found.grant.id))) return invalidCode;
    const access = await insertAccessGrant(db, PAGE_PLATFORM, found.grant, LINKEDIN_ACCESS_TOKEN_SECONDS);
    const refresh = await insertGrant(db, {
      platform: PAGE_PLATFORM,
      kind: 'refresh',
      value: newOpaqueToken(),
      accountId: found.grant.accountId,
      clientId,
      scopes: found.grant.scopes,
      expiresAt: new Date(Date.now() + LINKEDIN_REFRESH_TOKEN_SECONDS * 1000),
    });
    return tokenAnswer({
      access_token: access.value,
      expires_in: LINKEDIN_ACCESS_TOKEN_SECONDS,
      refresh_token: refresh.value,
      refresh_token_expires_in: LINKEDIN_REFRESH_TOKEN_SECONDS,
      scope: found.grant.scopes.join(','),
      token_type: 'Bearer',
    });
  }

  /** A new 60-day access token; the refresh token stays, its end unchanged (not extended). */
  async function refresh(fields: Fields, clientId: string): Promise<SimulatedAnswer> {
    const refused = oauthError(400, 'invalid_request', 'The provided refresh token is invalid or expired.');
    if (!fields.refresh_token) return refused;
    const found = await findLiveGrant(db, PAGE_PLATFORM, 'refresh', fields.refresh_token);
    if (!found || found.grant.clientId !== clientId) return refused;
    const access = await insertAccessGrant(db, PAGE_PLATFORM, found.grant, LINKEDIN_ACCESS_TOKEN_SECONDS);
    const left = Math.max(
      0,
      Math.floor(((found.grant.expiresAt?.getTime() ?? Date.now()) - Date.now()) / 1000),
    );
    return tokenAnswer({
      access_token: access.value,
      expires_in: LINKEDIN_ACCESS_TOKEN_SECONDS,
      refresh_token: found.grant.value,
      refresh_token_expires_in: left,
      scope: found.grant.scopes.join(','),
      token_type: 'Bearer',
    });
  }

  app.post(
    TOKEN_PATH,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi({ faults: options.faults, answers: linkedInOAuthFaults }, async (request) => {
      const fields = (request.body ?? {}) as Fields;
      const clientId = clientOf(fields);
      if (!clientId) return oauthError(401, 'invalid_client', 'Client authentication failed');
      switch (fields.grant_type) {
        case 'authorization_code':
          return exchangeCode(fields, clientId);
        case 'refresh_token':
          return refresh(fields, clientId);
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
