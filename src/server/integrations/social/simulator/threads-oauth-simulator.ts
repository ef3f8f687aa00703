import type { FastifyInstance } from 'fastify';
import {
  type ConsentRequest,
  insertAccessGrant,
  registerConsentPage,
  stateOf,
  tokenAnswer,
} from './consent-flow';
import { graphError } from './meta-graph-shapes';
import { metaRedirect, registerLongLivedTokenRoutes, secretMatches } from './meta-oauth-simulator';
import { simulatedApi } from './sandbox-faults';
import { allowedRedirect } from './sandbox-oauth';
import { consumeGrant, findLiveGrant } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';
import {
  newThreadsId,
  TH_AUTHORIZE_PATH,
  TH_BASE_PATH,
  TH_CODE_SECONDS,
  TH_HOST_PATH,
  TH_LABEL,
  TH_LOGO,
  TH_LONG_LIVED_SECONDS,
  TH_REFRESH_MIN_AGE_MS,
  TH_SCOPES,
  TH_SHORT_LIVED_SECONDS,
  TH_USERNAME,
  TH_USERNAME_RULE,
  threadsFaults,
} from './threads-shapes';

/*
 * The pretend Threads' sign-in [TH-AUTH: developers.facebook.com/docs/threads/get-started/
 * get-access-tokens-and-permissions, …/long-lived-tokens]: the consent page at
 * `threads.net/oauth/authorize` (client_id, redirect_uri, scope comma-separated, response_type=code,
 * state; no PKCE), the code exchange `POST graph.threads.net/oauth/access_token` (form: client_id,
 * client_secret, grant_type=authorization_code, redirect_uri, code) answering `{access_token,
 * user_id}` for an hour, the long-lived exchange `GET /access_token?grant_type=th_exchange_token`
 * and the refresh `GET /refresh_access_token?grant_type=th_refresh_token` (`{access_token,
 * token_type, expires_in}`). No revocation endpoint, as on Threads.
 */

interface AuthorizeRequest extends ConsentRequest {
  state: string | undefined;
}

function readAuthorizeRequest(fields: Fields, appUrl: string): AuthorizeRequest | { errorPage: string } {
  const refused = (errorPage: string) => ({ errorPage });
  if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId) return refused('Invalid platform app.');
  const redirect = allowedRedirect(fields.redirect_uri, appUrl);
  if (!redirect) return refused("The redirect_uri is not one of this app's valid OAuth redirect URIs.");
  if (fields.response_type !== 'code') return refused('response_type must be "code".');
  const scopes = (fields.scope ?? '').split(/[,\s]+/).filter(Boolean);
  // threads_basic "is required for all Threads endpoints" [TH-AUTH].
  if (!scopes.includes('threads_basic')) return refused('The scope must include threads_basic.');
  const unknown = scopes.find((scope) => !(scope in TH_SCOPES));
  if (unknown) return refused(`Invalid scope: ${unknown}.`);
  return { clientId: fields.client_id, redirect, scopes, state: fields.state || undefined };
}

const oauthRefusal = (message: string, code = 100) =>
  graphError(400, { message, type: 'OAuthException', code });

export function registerThreadsOAuthSimulator(app: FastifyInstance, options: SimulatorContext) {
  const { db } = options;

  registerConsentPage(app, options, {
    platform: 'threads',
    label: TH_LABEL,
    logo: TH_LOGO,
    basePath: TH_BASE_PATH,
    path: TH_AUTHORIZE_PATH,
    codeSeconds: TH_CODE_SECONDS,
    read: readAuthorizeRequest,
    scopeSeparator: ',',
    scopeTexts: TH_SCOPES,
    handle: {
      rule: `A new profile's username: ${TH_USERNAME_RULE}`,
      pattern: TH_USERNAME,
      refused: `That username cannot be used: ${TH_USERNAME_RULE}`,
      normalize: (typed) => typed.trim().replace(/^@/, '').toLowerCase(),
    },
    newExternalId: () => newThreadsId('254'),
    declined: (auth) =>
      metaRedirect(auth.redirect, {
        error: 'access_denied',
        error_reason: 'user_denied',
        error_description: 'The user denied your request.',
        ...stateOf(auth),
      }),
    approved: (auth, code) => metaRedirect(auth.redirect, { code, ...stateOf(auth) }),
  });

  const route = { faults: options.faults, answers: threadsFaults };

  app.post(
    `${TH_HOST_PATH}/oauth/access_token`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(route, async (request) => {
      const fields = { ...(request.query as Fields), ...((request.body ?? {}) as Fields) };
      if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId || !secretMatches(fields.client_secret)) {
        return oauthRefusal('Error validating client secret.', 1);
      }
      if (fields.grant_type !== 'authorization_code') {
        return oauthRefusal('Invalid grant_type: only authorization_code is supported');
      }
      if (!fields.code) return oauthRefusal('Missing required parameter: code');
      const found = await findLiveGrant(db, 'threads', 'code', fields.code.replace(/#_$/, ''));
      if (!found || found.grant.clientId !== fields.client_id) {
        return oauthRefusal('Invalid verification code format.');
      }
      if (fields.redirect_uri !== found.grant.redirectUri) {
        return oauthRefusal(
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        );
      }
      if (!(await consumeGrant(db, found.grant.id))) {
        return oauthRefusal('This authorization code has been used.');
      }
      const access = await insertAccessGrant(db, 'threads', found.grant, TH_SHORT_LIVED_SECONDS);
      return tokenAnswer({ access_token: access.value, user_id: Number(found.account.externalId) });
    }),
  );

  registerLongLivedTokenRoutes(app, options, {
    platform: 'threads',
    hostPath: TH_HOST_PATH,
    grantPrefix: 'th',
    answers: threadsFaults,
    shortLivedSeconds: TH_SHORT_LIVED_SECONDS,
    longLivedSeconds: TH_LONG_LIVED_SECONDS,
    refreshMinAgeMs: TH_REFRESH_MIN_AGE_MS,
  });
}
