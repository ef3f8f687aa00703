import type { FastifyInstance, FastifyRequest } from 'fastify';
import { insertAccessGrant, registerConsentPage, stateOf, tokenAnswer } from './consent-flow';
import { registerPinterestPinRoutes } from './pinterest-pins-simulator';
import {
  authFailed,
  newPinterestId,
  notAuthorized,
  oauthRefused,
  PIN_ACCESS_SECONDS,
  PIN_API_PATH,
  PIN_AUTHORIZE_PATH,
  PIN_BASE_PATH,
  PIN_CODE_SECONDS,
  PIN_ID,
  PIN_LABEL,
  PIN_LOGO,
  PIN_REFRESH_SECONDS,
  PIN_SCOPES,
  PIN_USERNAME,
  PIN_USERNAME_RULE,
  type PinterestRoute,
  pinterestFaults,
} from './pinterest-shapes';
import { boardOf, findPin, listBoards, pinOf } from './pinterest-store';
import { renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { simulatedApi } from './sandbox-faults';
import { sandboxFollowers } from './sandbox-followers';
import { postMetricsOf } from './sandbox-metrics';
import { allowedRedirect, parseBasicAuth, redirectWith, sameText } from './sandbox-oauth';
import { MEMBER_PAGE, pageViewer } from './sandbox-page';
import { countLivePosts } from './sandbox-posts';
import {
  consumeGrant,
  findAccountsByIds,
  findLiveGrant,
  insertGrant,
  newOpaqueToken,
  type SandboxAccount,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Pinterest (API v5; pinterest/api-description v5/openapi.json v5.23.0, platforms.md
 * P1): the consent page at /oauth/, the token endpoint (HTTP Basic; codes and continuous refresh
 * tokens), the user account, boards, Pins made from an image it downloads by URL, a board's and
 * the user's Pins, Pin analytics (pinterest-pins-simulator.ts), and a public page per Pin. Served
 * under /sandbox/pinterest; the real adapter is pointed at it by its base URLs.
 */

interface PinterestAuthorize {
  clientId: string;
  redirect: URL;
  scopes: string[];
  state: string | undefined;
}

/**
 * An authorize request as Pinterest checks it: `client_id`, a registered `redirect_uri`,
 * `response_type=code`, comma-separated known scopes (developers.pinterest.com/docs/getting-started/
 * set-up-authentication-and-authorization; P2 sends `scope` joined with commas).
 */
function readAuthorize(fields: Fields, appUrl: string): PinterestAuthorize | { errorPage: string } {
  if (fields.client_id !== SIMULATOR_CREDENTIALS.clientId) return { errorPage: 'Invalid client_id.' };
  const redirect = allowedRedirect(fields.redirect_uri, appUrl);
  if (!redirect) return { errorPage: 'The redirect_uri does not match the ones registered for this app.' };
  if (fields.response_type !== 'code') return { errorPage: 'response_type must be "code".' };
  const scopes = (fields.scope ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  if (scopes.length === 0) return { errorPage: 'No scope was requested.' };
  const unknown = scopes.find((scope) => !(scope in PIN_SCOPES));
  if (unknown) return { errorPage: `Invalid scope: ${unknown}.` };
  return { clientId: fields.client_id, redirect, scopes, state: fields.state || undefined };
}

export function registerPinterestSimulator(app: FastifyInstance, options: SimulatorContext) {
  const { db, appUrl } = options;
  const avatarUrl = (account: SandboxAccount) =>
    `${appUrl}${PIN_BASE_PATH}/avatars/${account.externalId}.svg`;

  registerConsentPage(app, options, {
    platform: 'pinterest',
    label: PIN_LABEL,
    logo: PIN_LOGO,
    basePath: PIN_BASE_PATH,
    path: PIN_AUTHORIZE_PATH,
    codeSeconds: PIN_CODE_SECONDS,
    read: readAuthorize,
    scopeSeparator: ',',
    scopeTexts: PIN_SCOPES,
    handle: {
      rule: `A new account's username: ${PIN_USERNAME_RULE}`,
      pattern: PIN_USERNAME,
      refused: `That username cannot be used: ${PIN_USERNAME_RULE}`,
    },
    newExternalId: newPinterestId,
    declined: (auth) => redirectWith(auth.redirect, { error: 'access_denied', ...stateOf(auth) }),
    approved: (auth, code) => redirectWith(auth.redirect, { code, ...stateOf(auth) }),
  });

  const oauthRoute = { faults: options.faults, answers: pinterestFaults };
  const tokens = async (from: { accountId: string; clientId: string; scopes: string[] }, grant: string) => {
    const access = await insertAccessGrant(db, 'pinterest', from, PIN_ACCESS_SECONDS);
    const refresh = await insertGrant(db, {
      platform: 'pinterest',
      kind: 'refresh',
      value: newOpaqueToken(),
      accountId: from.accountId,
      clientId: from.clientId,
      scopes: from.scopes,
      expiresAt: new Date(Date.now() + PIN_REFRESH_SECONDS * 1000),
    });
    return tokenAnswer({
      access_token: access.value,
      refresh_token: refresh.value,
      response_type: grant,
      token_type: 'bearer',
      expires_in: PIN_ACCESS_SECONDS,
      refresh_token_expires_in: PIN_REFRESH_SECONDS,
      refresh_token_expires_at: Math.floor(Date.now() / 1000) + PIN_REFRESH_SECONDS,
      scope: from.scopes.join(','),
    });
  };

  // `POST /v5/oauth/token`: the app by HTTP Basic (P1 security `basic`), a form body with
  // `grant_type` authorization_code (`code`, `redirect_uri`) or refresh_token (`refresh_token`).
  app.post(
    `${PIN_API_PATH}/oauth/token`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(oauthRoute, async (request) => {
      const client = parseBasicAuth(request.headers.authorization);
      if (
        !client ||
        client.clientId !== SIMULATOR_CREDENTIALS.clientId ||
        !sameText(client.clientSecret, SIMULATOR_CREDENTIALS.clientSecret)
      ) {
        return authFailed();
      }
      const fields = (request.body ?? {}) as Fields;
      if (fields.grant_type === 'authorization_code') {
        if (!fields.code || !fields.redirect_uri) return oauthRefused('Missing code or redirect_uri.');
        const found = await findLiveGrant(db, 'pinterest', 'code', fields.code);
        if (!found || found.grant.clientId !== client.clientId) {
          return oauthRefused('Invalid authorization code.');
        }
        if (fields.redirect_uri !== found.grant.redirectUri) return oauthRefused('Invalid redirect_uri.');
        if (!(await consumeGrant(db, found.grant.id))) return oauthRefused('Invalid authorization code.');
        return tokens(found.grant, 'authorization_code');
      }
      if (fields.grant_type === 'refresh_token') {
        if (!fields.refresh_token) return oauthRefused('Missing refresh_token.');
        const found = await findLiveGrant(db, 'pinterest', 'refresh', fields.refresh_token);
        if (!found || found.grant.clientId !== client.clientId) return oauthRefused('Invalid refresh token.');
        // A continuous refresh token comes back new with each refresh (P1
        // `OauthAccessTokenResponseRefresh` requires one); whether the old one keeps working is
        // not documented: here it does until its own expiry (two racing refreshes both succeed).
        return tokens(found.grant, 'refresh_token');
      }
      return oauthRefused('Invalid grant_type.');
    }),
  );

  async function callerOf(
    request: FastifyRequest,
  ): Promise<{ account: SandboxAccount; scopes: string[] } | null> {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    const found = await findLiveGrant(db, 'pinterest', 'access', token);
    return found ? { account: found.account, scopes: found.grant.scopes } : null;
  }

  const route: PinterestRoute = (scopes, kind, handle, withoutData) =>
    simulatedApi(
      { faults: options.faults, answers: pinterestFaults, armed: options.armed, kind, withoutData },
      async (request, check) => {
        const caller = await callerOf(request);
        if (!caller) return authFailed();
        const fault = await check.forAccount(caller.account);
        if (fault) return fault;
        if (!scopes.every((scope) => caller.scopes.includes(scope))) {
          return notAuthorized(`The token lacks a scope this call needs: ${scopes.join(', ')}.`);
        }
        return handle(request, caller, check);
      },
    );

  // `GET /v5/user_account` (`Account`, P1). Under `no-data` the follower count is left out (nullable).
  app.get(
    `${PIN_API_PATH}/user_account`,
    { config: PUBLIC, schema: HIDDEN },
    route(
      ['user_accounts:read'],
      'read',
      async (_request, { account }) => {
        const boards = await listBoards(db, account.id);
        return {
          status: 200,
          body: {
            account_type: 'BUSINESS',
            id: account.externalId,
            username: account.username,
            business_name: account.displayName,
            profile_image: avatarUrl(account),
            website_url: '',
            about: '',
            board_count: boards.length,
            pin_count: await countLivePosts(db, account.id),
            follower_count: sandboxFollowers(account, new Date()),
            following_count: 0,
            monthly_views: 0,
          },
        };
      },
      (answer) => {
        const { follower_count: _, ...rest } = answer.body as Record<string, unknown>;
        return { ...answer, body: rest };
      },
    ),
  );

  registerPinterestPinRoutes(app, options, route);
  registerSandboxAvatarRoute(app, db, { platform: 'pinterest', basePath: PIN_BASE_PATH, externalId: PIN_ID });

  // `https://www.pinterest.com/pin/{id}/`: a Pin's page, for members of the owning workspace.
  app.get(`${PIN_BASE_PATH}/pin/:id/`, { config: MEMBER_PAGE, schema: HIDDEN }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const viewer = pageViewer(request);
    const pin = PIN_ID.test(id) ? await findPin(db, id) : undefined;
    const [account] = pin && viewer ? await findAccountsByIds(db, 'pinterest', [pin.accountId], viewer) : [];
    if (!pin || !account) return sendMissingPostPage(reply, { platformLabel: PIN_LABEL, logo: PIN_LOGO });
    const entry = pinOf(pin);
    const board = (await listBoards(db, account.id)).find((row) => row.externalId === entry.boardId);
    const metrics = postMetricsOf(pin, account, Date.now());
    return sendPostPage(
      reply,
      renderPostPage({
        platformLabel: PIN_LABEL,
        logo: PIN_LOGO,
        author: {
          displayName: account.displayName,
          username: account.username,
          avatarUrl: avatarUrl(account),
        },
        text: [entry.title, pin.text, board ? `Board: ${boardOf(board).name}` : null, entry.link]
          .filter(Boolean)
          .join('\n\n'),
        images: [entry.url],
        appUrl,
        publishedAt: pin.publishedAt ?? pin.createdAt,
        stats: [
          { label: 'Impressions', value: metrics.impressions },
          { label: 'Saves', value: metrics.reposts },
          { label: 'Pin clicks', value: metrics.clicks },
        ],
      }),
    );
  });
}
