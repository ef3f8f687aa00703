import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerBlueskyAppPasswordPage } from './bluesky-app-password-page';
import { registerBlueskyRecordsSimulator } from './bluesky-records-simulator';
import {
  ACCESS_TTL_MS,
  authRequired,
  BLUESKY_BASE_PATH,
  type BlueskyRoute,
  blueskyFaults,
  expiredToken,
  invalidRequest,
  invalidToken,
  REFRESH_TTL_MS,
  SESSION_CLIENT,
  sessionJwt,
  XRPC,
  xrpcError,
} from './bluesky-shapes';
import { type FaultCheck, type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { sandboxFollowers } from './sandbox-followers';
import { countLivePosts } from './sandbox-posts';
import {
  consumeGrant,
  findAccountByUsername,
  findLiveGrant,
  insertGrant,
  revokeConnection,
  type SandboxAccount,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Bluesky: a PDS that is every PDS (the adapter's `service` in the sandbox), speaking
 * XRPC under /sandbox/bluesky/xrpc/<nsid>. Sessions made with an app password
 * (com.atproto.server.createSession / refreshSession / getSession / deleteSession), handle
 * resolution, profiles, and the repo calls of posts (bluesky-records-simulator.ts). App passwords
 * are made on a page of the pretend bsky.app (bluesky-app-password-page.ts) by a signed-in member,
 * for an account of their workspace. atproto OAuth is not simulated (not built, decision 081).
 */

/** A profile as the AppView answers before it has counted (the `no-data` fault): no counts. */
const withoutCounts = (answer: SimulatedAnswer): SimulatedAnswer => {
  const {
    followersCount: _f,
    followsCount: _g,
    postsCount: _p,
    ...profile
  } = answer.body as Record<string, unknown>;
  return { ...answer, body: profile };
};

const bearerOf = (request: FastifyRequest) =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;

/** Raw bodies (uploadBlob sends the image itself, with its own content type) up to the PDS's limit. */
const BLOB_BODY_LIMIT = 16 * 1024 * 1024;

export function registerBlueskySimulator(sandbox: FastifyInstance, shared: SimulatorContext) {
  const { db } = shared;

  /** The session behind a token of this kind, or the PDS's refusal (missing, expired, revoked). */
  async function sessionOf(
    request: FastifyRequest,
    kind: 'access' | 'refresh',
  ): Promise<{ account: SandboxAccount; grantId: string } | { refused: SimulatedAnswer }> {
    const token = bearerOf(request);
    if (!token) return { refused: authRequired() };
    // Read as of the epoch so that an expired grant is found and answered as expired.
    const found = await findLiveGrant(db, 'bluesky', kind, token, new Date(0));
    if (!found) return { refused: invalidToken() };
    if (found.grant.expiresAt && found.grant.expiresAt.getTime() <= Date.now())
      return { refused: expiredToken() };
    return { account: found.account, grantId: found.grant.id };
  }

  const route: BlueskyRoute = (kind, handle, withoutData) =>
    simulatedApi(
      { faults: shared.faults, answers: blueskyFaults, armed: shared.armed, kind, withoutData },
      async (request, check: FaultCheck) => {
        const session = await sessionOf(request, 'access');
        if ('refused' in session) return session.refused;
        const fault = await check.forAccount(session.account);
        if (fault) return fault;
        return handle(request, { account: session.account });
      },
    );

  /** A new session pair for the account (an app-password session: scope com.atproto.appPass). */
  async function newSession(account: SandboxAccount) {
    const now = new Date();
    const accessExpires = new Date(now.getTime() + ACCESS_TTL_MS);
    const refreshExpires = new Date(now.getTime() + REFRESH_TTL_MS);
    const accessJwt = sessionJwt({
      did: account.externalId,
      scope: 'com.atproto.appPass',
      expiresAt: accessExpires,
      now,
    });
    const refreshJwt = sessionJwt({
      did: account.externalId,
      scope: 'com.atproto.refresh',
      expiresAt: refreshExpires,
      now,
    });
    const grant = {
      platform: 'bluesky' as const,
      accountId: account.id,
      clientId: SESSION_CLIENT,
      scopes: ['com.atproto.appPass'],
    };
    await insertGrant(db, { ...grant, kind: 'access', value: accessJwt, expiresAt: accessExpires });
    await insertGrant(db, { ...grant, kind: 'refresh', value: refreshJwt, expiresAt: refreshExpires });
    return {
      accessJwt,
      refreshJwt,
      handle: account.username,
      did: account.externalId,
      didDoc: {
        '@context': ['https://www.w3.org/ns/did/v1'],
        id: account.externalId,
        alsoKnownAs: [`at://${account.username}`],
        service: [
          {
            id: '#atproto_pds',
            type: 'AtprotoPersonalDataServer',
            serviceEndpoint: `${shared.appUrl}${BLUESKY_BASE_PATH}`,
          },
        ],
      },
      active: true,
    };
  }

  sandbox.register(async (scope) => {
    // com.atproto.repo.uploadBlob takes the raw bytes with their own content type.
    scope.addContentTypeParser(
      /^(image|video|application\/octet-stream)/,
      { parseAs: 'buffer', bodyLimit: BLOB_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.post(
      `${XRPC}/com.atproto.server.createSession`,
      { config: PUBLIC, schema: HIDDEN },
      simulatedApi({ faults: shared.faults, answers: blueskyFaults }, async (request) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        for (const field of ['identifier', 'password'] as const) {
          if (typeof body[field] !== 'string' || body[field] === '') {
            return invalidRequest(`Input must have the property "${field}"`);
          }
        }
        const identifier = String(body.identifier).trim().toLowerCase();
        // The app password names its account; the identifier must be that account's handle or DID.
        const found = await findLiveGrant(db, 'bluesky', 'code', String(body.password));
        const matches =
          found && [found.account.username, found.account.externalId.toLowerCase()].includes(identifier);
        if (!found || !matches)
          return xrpcError(401, 'AuthenticationRequired', 'Invalid identifier or password');
        return { status: 200, body: await newSession(found.account) };
      }),
    );

    scope.post(
      `${XRPC}/com.atproto.server.refreshSession`,
      { config: PUBLIC, schema: HIDDEN },
      simulatedApi({ faults: shared.faults, answers: blueskyFaults }, async (request) => {
        const session = await sessionOf(request, 'refresh');
        if ('refused' in session) return session.refused;
        // A refresh token is spent by its use: the PDS rotates it.
        if (!(await consumeGrant(db, session.grantId))) return expiredToken();
        return { status: 200, body: await newSession(session.account) };
      }),
    );

    scope.post(
      `${XRPC}/com.atproto.server.deleteSession`,
      { config: PUBLIC, schema: HIDDEN },
      simulatedApi({ faults: shared.faults, answers: blueskyFaults }, async (request) => {
        const session = await sessionOf(request, 'refresh');
        if ('refused' in session) return session.refused;
        await revokeConnection(db, 'bluesky', bearerOf(request) ?? '');
        return { status: 200 };
      }),
    );

    scope.get(
      `${XRPC}/com.atproto.server.getSession`,
      { config: PUBLIC, schema: HIDDEN },
      route('read', async (_request, { account }) => ({
        status: 200,
        body: { handle: account.username, did: account.externalId, active: true },
      })),
    );

    scope.get(
      `${XRPC}/com.atproto.identity.resolveHandle`,
      { config: PUBLIC, schema: HIDDEN },
      route('read', async (request, { account }) => {
        const handle = String((request.query as Record<string, unknown>).handle ?? '').toLowerCase();
        if (!handle) return invalidRequest('Error: Params must have the property "handle"');
        // Handles of the caller's own sandbox world resolve, as every handle does on the network.
        const found = await findAccountByUsername(db, 'bluesky', handle, account.workspaceId);
        return found
          ? { status: 200, body: { did: found.externalId } }
          : invalidRequest('Unable to resolve handle');
      }),
    );

    scope.get(
      `${XRPC}/app.bsky.actor.getProfile`,
      { config: PUBLIC, schema: HIDDEN },
      route(
        'read',
        async (request, { account }) => {
          const actor = String((request.query as Record<string, unknown>).actor ?? '');
          if (!actor) return invalidRequest('Error: Params must have the property "actor"');
          if (actor !== account.externalId && actor !== account.username)
            return invalidRequest('Profile not found');
          return {
            status: 200,
            body: {
              did: account.externalId,
              handle: account.username,
              displayName: account.displayName,
              followersCount: sandboxFollowers(account, new Date()),
              followsCount: Math.round(account.followers / 7) + 12,
              postsCount: await countLivePosts(db, account.id),
              createdAt: account.createdAt.toISOString(),
            },
          };
        },
        withoutCounts,
      ),
    );

    registerBlueskyRecordsSimulator(scope, shared, route);
    registerBlueskyAppPasswordPage(scope, shared);
  });
}
