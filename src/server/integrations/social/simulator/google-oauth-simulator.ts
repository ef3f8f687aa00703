import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ConsentRequest, insertAccessGrant, registerConsentPage, tokenAnswer } from './consent-flow';
import { type FaultAnswers, type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import {
  allowedRedirect,
  isValidChallenge,
  parseBasicAuth,
  redirectWith,
  sameText,
  storedChallenge,
  verifierMatches,
} from './sandbox-oauth';
import { consumeGrant, findLiveGrant, insertGrant, newOpaqueToken, revokeConnection } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Google sign-in, shared by the pretend YouTube and Google Business Profile (issue 28,
 * decision 088): the consent page at `${basePath}/o/oauth2/v2/auth`, the token endpoint at
 * `${basePath}/oauth2/token` (codes, refresh tokens) and `${basePath}/oauth2/revoke`, as Google's.
 * Access tokens are grants of `platform` in the sandbox store (findLiveGrant(db, platform,
 * 'access', token)) carrying the scopes granted.
 * Every rule from https://developers.google.com/identity/protocols/oauth2/web-server ("Step 2",
 * "Step 5", "Refreshing an access token", "Revoking a token", "Authorization errors") and RFC 6749
 * §5.2 for the token endpoint's `{error, error_description}`.
 */
export interface GoogleOAuthSimulatorOptions {
  platform: 'youtube' | 'google_business';
  /** Shown on the consent page: 'YouTube', 'Google Business Profile'. */
  label: string;
  logo: string;
  /** '/sandbox/youtube', '/sandbox/google-business'. */
  basePath: string;
  /** The scopes this product accepts, with what each lets the app do in Google's words. */
  scopes: Record<string, string>;
}

/** Google's access tokens live an hour: `expires_in: 3599` in its examples. */
const GOOGLE_ACCESS_SECONDS = 3599;
/** Google does not document a code's life; ten minutes is the usual (RFC 6749 §4.1.2 "maximum … 10 minutes"). */
const CODE_SECONDS = 600;
/** YouTube handles: 3 to 30 letters, digits, underscores, hyphens or periods (support.google.com/youtube/answer/11585688). */
const HANDLE = /^[A-Za-z0-9_.-]{3,30}$/;
const HANDLE_RULE = '3 to 30 letters, digits, underscores, hyphens or periods.';

interface GoogleAuthorize extends ConsentRequest {
  offline: boolean;
  challenge: { value: string; method: 'S256' | 'plain' } | null;
}

/** A token endpoint refusal, RFC 6749 §5.2 as Google answers it. */
const googleOAuthError = (status: number, error: string, description: string): SimulatedAnswer => ({
  status,
  body: { error, error_description: description },
});

const googleOAuthFaults: FaultAnswers = {
  rateLimited: () => googleOAuthError(429, 'rate_limit_exceeded', 'Rate limit exceeded.'),
  unauthorized: () => googleOAuthError(400, 'invalid_grant', 'Token has been expired or revoked.'),
  unavailable: () => googleOAuthError(503, 'temporarily_unavailable', 'Service unavailable.'),
  internalError: () => googleOAuthError(500, 'internal_failure', 'Backend Error'),
};

/*
 * What a code remembers besides its scopes and redirect: whether offline access was asked (a
 * refresh token comes only then) and the PKCE challenge. The grants table has one free column for
 * this, `code_challenge`: `offline;S256:…`, `online;` (read back by codeFacts only).
 */
const codeFactsOf = (auth: GoogleAuthorize) =>
  `${auth.offline ? 'offline' : 'online'};${auth.challenge ? storedChallenge(auth.challenge.value, auth.challenge.method) : ''}`;
function codeFacts(stored: string | null): { offline: boolean; challenge: string | null } {
  const [access = 'online', challenge = ''] = (stored ?? '').split(';');
  return { offline: access === 'offline', challenge: challenge || null };
}

/** A sandbox identity's id in Google's format: a channel `UC…` (22 more characters), or a 21-digit account. */
const newExternalIdFor = (platform: GoogleOAuthSimulatorOptions['platform']) => () =>
  platform === 'youtube'
    ? `UC${randomBytes(16).toString('base64url').slice(0, 22)}`
    : `1${randomInt(10 ** 9, 10 ** 10 - 1)}${randomInt(10 ** 9, 10 ** 10 - 1)}0`;

export function registerGoogleOAuthSimulator(
  sandbox: FastifyInstance,
  shared: SimulatorContext,
  options: GoogleOAuthSimulatorOptions,
) {
  const { db } = shared;
  const { platform, basePath } = options;

  /**
   * Step 2's parameters, checked as Google does: its refusals are an "Error 400" page naming the
   * error (`invalid_client`, `redirect_uri_mismatch`, `invalid_request`, `invalid_scope`).
   */
  function readAuthorize(fields: Fields, appUrl: string): GoogleAuthorize | { errorPage: string } {
    const refused = (error: string, text: string) => ({ errorPage: `Error 400: ${error}. ${text}` });
    if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId) {
      return refused('invalid_client', 'The OAuth client was not found.');
    }
    const redirect = allowedRedirect(fields.redirect_uri, appUrl);
    if (!redirect) {
      return refused(
        'redirect_uri_mismatch',
        "The redirect URI is not one of the OAuth client's authorized ones.",
      );
    }
    if (fields.response_type !== 'code') {
      return refused('invalid_request', 'response_type must be "code" for a web server application.');
    }
    const scopes = (fields.scope ?? '').split(/[ +]/).filter(Boolean);
    if (scopes.length === 0) return refused('invalid_request', 'Missing required parameter: scope');
    const unknown = scopes.find((scope) => !(scope in options.scopes));
    if (unknown) return refused('invalid_scope', `Some requested scopes were invalid: ${unknown}`);
    const access = fields.access_type ?? 'online';
    if (access !== 'online' && access !== 'offline') {
      return refused('invalid_request', `Invalid access_type: ${access}`);
    }
    let challenge: GoogleAuthorize['challenge'] = null;
    if (fields.code_challenge) {
      const method = fields.code_challenge_method ?? 'plain';
      if ((method !== 'S256' && method !== 'plain') || !isValidChallenge(fields.code_challenge)) {
        return refused('invalid_request', 'Invalid code_challenge or code_challenge_method.');
      }
      challenge = { value: fields.code_challenge, method };
    }
    return {
      clientId: fields.client_id,
      redirect,
      scopes,
      state: fields.state || undefined,
      offline: access === 'offline',
      challenge,
    };
  }

  const stateOf = (auth: GoogleAuthorize): Record<string, string> =>
    auth.state ? { state: auth.state } : {};

  registerConsentPage(sandbox, shared, {
    platform,
    label: options.label,
    logo: options.logo,
    basePath,
    path: `${basePath}/o/oauth2/v2/auth`,
    codeSeconds: CODE_SECONDS,
    read: readAuthorize,
    scopeSeparator: ' ',
    moreHidden: (auth) => ({
      access_type: auth.offline ? 'offline' : 'online',
      ...(auth.challenge
        ? { code_challenge: auth.challenge.value, code_challenge_method: auth.challenge.method }
        : {}),
    }),
    scopeTexts: options.scopes,
    handle: {
      rule: `A new account's handle: ${HANDLE_RULE}`,
      pattern: HANDLE,
      refused: `That handle cannot be used: ${HANDLE_RULE}`,
    },
    newExternalId: newExternalIdFor(platform),
    codeChallenge: codeFactsOf,
    declined: (auth) => redirectWith(auth.redirect, { error: 'access_denied', ...stateOf(auth) }),
    // Google's redirect carries the code and the scopes granted (Step 4's example).
    approved: (auth, code) =>
      redirectWith(auth.redirect, { ...stateOf(auth), code, scope: auth.scopes.join(' ') }),
  });

  /** The client authenticates with `client_id` and `client_secret` in the body (Step 5), or HTTP Basic. */
  function clientOf(request: FastifyRequest, fields: Fields): string | null {
    const basic = parseBasicAuth(request.headers.authorization);
    const clientId = basic?.clientId ?? fields.client_id ?? '';
    const secret = basic?.clientSecret ?? fields.client_secret ?? '';
    return sameText(clientId, SIMULATOR_CREDENTIALS.clientId) &&
      sameText(secret, SIMULATOR_CREDENTIALS.clientSecret)
      ? clientId
      : null;
  }

  async function issue(
    from: { accountId: string; clientId: string; scopes: string[] },
    refresh: boolean,
  ): Promise<SimulatedAnswer> {
    const access = await insertAccessGrant(db, platform, from, GOOGLE_ACCESS_SECONDS);
    // A refresh token does not expire by time (it ends when revoked, unused for six months, or
    // on the 100-token-per-client limit: "Refresh token expiration").
    const refreshGrant = refresh
      ? await insertGrant(db, {
          platform,
          kind: 'refresh',
          value: newOpaqueToken(),
          accountId: from.accountId,
          clientId: from.clientId,
          scopes: from.scopes,
          expiresAt: null,
        })
      : null;
    return tokenAnswer({
      access_token: access.value,
      expires_in: GOOGLE_ACCESS_SECONDS,
      ...(refreshGrant ? { refresh_token: refreshGrant.value } : {}),
      scope: from.scopes.join(' '),
      token_type: 'Bearer',
    });
  }

  async function exchangeCode(fields: Fields, clientId: string): Promise<SimulatedAnswer> {
    const invalid = googleOAuthError(400, 'invalid_grant', 'Bad Request');
    if (!fields.code) return googleOAuthError(400, 'invalid_request', 'Missing required parameter: code');
    const found = await findLiveGrant(db, platform, 'code', fields.code);
    if (!found || found.grant.clientId !== clientId) return invalid;
    if (fields.redirect_uri !== found.grant.redirectUri) {
      return googleOAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
    }
    const facts = codeFacts(found.grant.codeChallenge);
    if (!verifierMatches(facts.challenge, fields.code_verifier)) {
      return googleOAuthError(
        400,
        'invalid_grant',
        fields.code_verifier ? 'Invalid code verifier.' : 'Missing code verifier.',
      );
    }
    if (!(await consumeGrant(db, found.grant.id))) return invalid;
    return issue(found.grant, facts.offline);
  }

  async function refresh(fields: Fields, clientId: string): Promise<SimulatedAnswer> {
    if (!fields.refresh_token) {
      return googleOAuthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
    }
    const found = await findLiveGrant(db, platform, 'refresh', fields.refresh_token);
    if (!found || found.grant.clientId !== clientId) {
      return googleOAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    }
    // Not rotated: the answer has no refresh_token and the old one keeps working.
    return issue(found.grant, false);
  }

  const oauthRoute = { faults: shared.faults, answers: googleOAuthFaults };

  // `POST https://oauth2.googleapis.com/token`, form encoded.
  sandbox.post(
    `${basePath}/oauth2/token`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(oauthRoute, async (request) => {
      const fields = (request.body ?? {}) as Fields;
      const clientId = clientOf(request, fields);
      if (!clientId) return googleOAuthError(401, 'invalid_client', 'Unauthorized');
      switch (fields.grant_type) {
        case 'authorization_code':
          return exchangeCode(fields, clientId);
        case 'refresh_token':
          return refresh(fields, clientId);
        case undefined:
          return googleOAuthError(400, 'invalid_request', 'Missing required parameter: grant_type');
        default:
          return googleOAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${fields.grant_type}`);
      }
    }),
  );

  // `POST https://oauth2.googleapis.com/revoke` with `token` in the form body (or the query):
  // 200 when revoked; 400 `invalid_token` for a token it does not know. Revoking either token of a
  // connection ends the whole connection ("Revoking a token": the refresh token's access tokens too).
  sandbox.post(
    `${basePath}/oauth2/revoke`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(oauthRoute, async (request) => {
      const fields = { ...(request.query as Fields), ...((request.body ?? {}) as Fields) };
      if (!fields.token) return googleOAuthError(400, 'invalid_request', 'Missing required parameter: token');
      const live =
        (await findLiveGrant(db, platform, 'refresh', fields.token)) ??
        (await findLiveGrant(db, platform, 'access', fields.token));
      if (!live) return googleOAuthError(400, 'invalid_token', 'Token expired or revoked');
      await revokeConnection(db, platform, fields.token);
      return { status: 200, body: {} };
    }),
  );
}
