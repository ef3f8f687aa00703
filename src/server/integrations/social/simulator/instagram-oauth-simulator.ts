import type { FastifyInstance } from 'fastify';
import {
  type ConsentRequest,
  insertAccessGrant,
  registerConsentPage,
  stateOf,
  tokenAnswer,
} from './consent-flow';
import {
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
  newInstagramId,
  oauthError,
} from './instagram-shapes';
import { metaRedirect, registerLongLivedTokenRoutes, secretMatches } from './meta-oauth-simulator';
import { type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { allowedRedirect } from './sandbox-oauth';
import { consumeGrant, findLiveGrant } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Instagram's Business Login: the consent page (no PKCE), the code exchange at
 * "api.instagram.com" (a short-lived token), the long-lived exchange and the refresh on
 * "graph.instagram.com". No revocation endpoint, as on Instagram.
 */

export type InstagramSimulatorOptions = SimulatorContext;

interface AuthorizeRequest extends ConsentRequest {
  state: string | undefined;
}

/** Checks an authorize request as Instagram would; a refusal is an error page. */
function readAuthorizeRequest(fields: Fields, appUrl: string): AuthorizeRequest | { errorPage: string } {
  const refused = (errorPage: string) => ({ errorPage });
  if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId) return refused('Invalid platform app.');
  const redirect = allowedRedirect(fields.redirect_uri, appUrl);
  if (!redirect) return refused("The redirect_uri is not one of this app's valid OAuth redirect URIs.");
  if (fields.response_type !== 'code') return refused('response_type must be "code".');
  const scopes = (fields.scope ?? '').split(/[,\s]+/).filter(Boolean);
  if (scopes.length === 0) return refused('No scope was requested.');
  const unknown = scopes.find((scope) => !(scope in IG_SCOPES));
  if (unknown) return refused(`Invalid scope: ${unknown}.`);
  return { clientId: fields.client_id, redirect, scopes, state: fields.state || undefined };
}

export function registerInstagramOAuthSimulator(app: FastifyInstance, options: InstagramSimulatorOptions) {
  const { db } = options;

  registerConsentPage(app, options, {
    platform: 'instagram',
    label: IG_LABEL,
    logo: IG_LOGO,
    basePath: IG_BASE_PATH,
    path: IG_AUTHORIZE_PATH,
    codeSeconds: IG_CODE_SECONDS,
    read: readAuthorizeRequest,
    scopeSeparator: ',',
    scopeTexts: IG_SCOPES,
    handle: {
      rule: `A new professional account's username: ${IG_USERNAME_RULE}`,
      pattern: IG_USERNAME,
      refused: `That username cannot be used: ${IG_USERNAME_RULE}`,
      normalize: (typed) => typed.trim().replace(/^@/, '').toLowerCase(),
    },
    newExternalId: () => newInstagramId('178414'),
    declined: (auth) =>
      metaRedirect(auth.redirect, {
        error: 'access_denied',
        error_reason: 'user_denied',
        error_description: 'The user denied your request.',
        ...stateOf(auth),
      }),
    approved: (auth, code) => metaRedirect(auth.redirect, { code, ...stateOf(auth) }),
  });

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
      const access = await insertAccessGrant(db, 'instagram', found.grant, IG_SHORT_LIVED_SECONDS);
      return tokenAnswer({
        access_token: access.value,
        user_id: found.account.externalId,
        permissions: found.grant.scopes,
      }) satisfies SimulatedAnswer;
    }),
  );

  registerLongLivedTokenRoutes(app, options, {
    platform: 'instagram',
    hostPath: IG_GRAPH_HOST_PATH,
    grantPrefix: 'ig',
    answers: igGraphFaults,
    shortLivedSeconds: IG_SHORT_LIVED_SECONDS,
    longLivedSeconds: IG_LONG_LIVED_SECONDS,
    refreshMinAgeMs: IG_REFRESH_MIN_AGE_MS,
  });
}
