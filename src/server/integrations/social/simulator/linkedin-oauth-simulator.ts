import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  type ConsentFlow,
  type ConsentRefusal,
  type ConsentRequest,
  insertAccessGrant,
  registerConsentPage,
  stateOf,
  tokenAnswer,
} from './consent-flow';
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
import type { LinkedInSite } from './linkedin-site';
import { type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { allowedRedirect, redirectWith, sameText } from './sandbox-oauth';
import { consumeGrant, findLiveGrant, insertGrant, newOpaqueToken, suggestHandle } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend LinkedIn's OAuth 2.0 (authorization code, confidential client, no PKCE): the
 * consent page and the token endpoint, for each LinkedIn app the sandbox plays (a LinkedInOAuthApp:
 * the member app here, the Pages app in linkedin-page-oauth-simulator.ts). Like most LinkedIn apps,
 * the member app is no approved partner: it gets 60-day access tokens and no refresh token
 * (platforms.md L1), so the member reconnects to renew. The Pages app is a Marketing Developer
 * Platform partner and gets programmatic refresh tokens. LinkedIn documents no revocation endpoint
 * for this flow; neither has this.
 */

export type LinkedInSimulatorOptions = SimulatorContext;

interface AuthorizeRequest extends ConsentRequest {
  /** LinkedIn recommends a state but does not require one; it comes back as it went. */
  state: string | undefined;
}

/** One LinkedIn app the sandbox plays: where it lives, what its products grant, what it issues. */
export interface LinkedInOAuthApp<E = never> {
  site: Pick<LinkedInSite, 'platform' | 'basePath'>;
  label: string;
  /** The scopes the app's products grant: one other scope refuses the whole authorization. */
  appScopes: ReadonlySet<string>;
  /** What each scope lets the app do, in LinkedIn's words. */
  scopeTexts: Record<string, string>;
  /** A new member's id (OpenID `sub`): ten URL-safe characters. */
  newExternalId(): string;
  /** How long a refresh token lives (programmatic refresh tokens), or null: the app gets none. */
  refreshTokenSeconds: number | null;
  /** The consent page's own part, if the app has one (the Pages a member administers). */
  extra?: ConsentFlow<AuthorizeRequest, E>['extra'];
}

/** The authorize page's path of an app served under `basePath`. */
const linkedInAuthorizePath = (basePath: string) => `${basePath}/oauth/v2/authorization`;
/** The token endpoint's path of an app served under `basePath`. */
const linkedInTokenPath = (basePath: string) => `${basePath}/oauth/v2/accessToken`;

/**
 * Checks an authorize request as LinkedIn would. An unknown client or redirect URI gets an error
 * page (never a redirect); a request LinkedIn refuses after that goes back to the app with an error.
 */
function readAuthorizeRequest(
  fields: Fields,
  appUrl: string,
  appScopes: ReadonlySet<string>,
): AuthorizeRequest | ConsentRefusal {
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
  const refused = scopes.find((scope) => !appScopes.has(scope));
  if (refused) {
    return back('unauthorized_scope_error', `Scope "${refused}" is not authorized for your application`);
  }
  return { clientId: fields.client_id, redirect, scopes, state: fields.state || undefined };
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

/** The member app (Sign In with LinkedIn using OpenID Connect, Share on LinkedIn). */
const memberApp: LinkedInOAuthApp = {
  site: { platform: 'linkedin', basePath: LINKEDIN_BASE_PATH },
  label: LINKEDIN_LABEL,
  appScopes: SANDBOX_APP_SCOPES,
  scopeTexts: LINKEDIN_SCOPES,
  newExternalId: () => randomBytes(8).toString('base64url').slice(0, 10),
  refreshTokenSeconds: null,
};

export function registerLinkedInOAuthSimulator(app: FastifyInstance, options: LinkedInSimulatorOptions) {
  registerLinkedInOAuth(app, options, memberApp);
}

/** The consent page and the token endpoint of one LinkedIn app. */
export function registerLinkedInOAuth<E>(
  app: FastifyInstance,
  options: SimulatorContext,
  linkedInApp: LinkedInOAuthApp<E>,
) {
  const { db } = options;
  const { platform, basePath } = linkedInApp.site;

  registerConsentPage(app, options, {
    platform,
    label: linkedInApp.label,
    logo: LINKEDIN_LOGO,
    basePath,
    path: linkedInAuthorizePath(basePath),
    codeSeconds: LINKEDIN_CODE_SECONDS,
    read: (fields, appUrl) => readAuthorizeRequest(fields, appUrl, linkedInApp.appScopes),
    scopeSeparator: ' ',
    scopeTexts: linkedInApp.scopeTexts,
    handle: {
      rule: `A new member's profile handle: ${LINKEDIN_HANDLE_RULE}`,
      pattern: LINKEDIN_HANDLE,
      refused: `That handle cannot be used: ${LINKEDIN_HANDLE_RULE}`,
      // Profile handles are not case-sensitive on LinkedIn: one member per handle, in lower case.
      normalize: (typed) => typed.trim().toLowerCase(),
      suggest: () => suggestHandle().replace(/_/g, '-'),
    },
    displayName: (handle) => {
      const name = linkedInNameFor(handle);
      return [name.given, name.family].filter(Boolean).join(' ');
    },
    newExternalId: linkedInApp.newExternalId,
    // Where LinkedIn sends a member who declines (its own error code, not `access_denied`).
    declined: (auth) =>
      redirectWith(auth.redirect, {
        error: 'user_cancelled_authorize',
        error_description: 'The user cancelled the authorization',
        ...stateOf(auth),
      }),
    approved: (auth, code) => redirectWith(auth.redirect, { code, ...stateOf(auth) }),
    ...(linkedInApp.extra ? { extra: linkedInApp.extra } : {}),
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
    const found = await findLiveGrant(db, platform, 'code', fields.code);
    if (!found || found.grant.clientId !== clientId || fields.redirect_uri !== found.grant.redirectUri) {
      return invalidCode;
    }
    if (!(await consumeGrant(db, found.grant.id))) return invalidCode;
    const access = await insertAccessGrant(db, platform, found.grant, LINKEDIN_ACCESS_TOKEN_SECONDS);
    const refreshSeconds = linkedInApp.refreshTokenSeconds;
    // No refresh_token unless the app is a partner (programmatic refresh). (LinkedIn adds a
    // signed id_token for openid; Kitepost reads the member from userinfo, so none is made here.)
    const refresh =
      refreshSeconds === null
        ? null
        : await insertGrant(db, {
            platform,
            kind: 'refresh',
            value: newOpaqueToken(),
            accountId: found.grant.accountId,
            clientId,
            scopes: found.grant.scopes,
            expiresAt: new Date(Date.now() + refreshSeconds * 1000),
          });
    return tokenAnswer({
      access_token: access.value,
      expires_in: LINKEDIN_ACCESS_TOKEN_SECONDS,
      ...(refresh ? { refresh_token: refresh.value, refresh_token_expires_in: refreshSeconds } : {}),
      scope: found.grant.scopes.join(','),
      token_type: 'Bearer',
    });
  }

  /** A new 60-day access token; the refresh token stays, its end unchanged (not extended). */
  async function refresh(fields: Fields, clientId: string): Promise<SimulatedAnswer> {
    const refused = oauthError(400, 'invalid_request', 'The provided refresh token is invalid or expired.');
    // An app that is no refresh-token partner: no refresh token it could present is valid.
    if (linkedInApp.refreshTokenSeconds === null || !fields.refresh_token) return refused;
    const found = await findLiveGrant(db, platform, 'refresh', fields.refresh_token);
    if (!found || found.grant.clientId !== clientId) return refused;
    const access = await insertAccessGrant(db, platform, found.grant, LINKEDIN_ACCESS_TOKEN_SECONDS);
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
    linkedInTokenPath(basePath),
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
