import type { FastifyInstance } from 'fastify';
import { insertAccessGrant, tokenAnswer } from './consent-flow';
import { graphError, invalidParameter, invalidToken } from './meta-graph-shapes';
import { type FaultAnswers, simulatedApi } from './sandbox-faults';
import { redirectWith, sameText } from './sandbox-oauth';
import { findLiveGrant, type SandboxGrant } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { SIMULATOR_CREDENTIALS } from './simulator-endpoints';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * What the sign-in of the pretend Meta networks (Instagram, Threads) shares: the redirect after
 * consent, the client secret check, and the long-lived token routes of their Graph hosts (the
 * exchange of a short-lived token, then its refresh), which differ only in names and lifetimes.
 */

/** Meta appends `#_` to the redirect; browsers drop the fragment before the request. */
export const metaRedirect = (redirect: URL, params: Record<string, string>) =>
  `${redirectWith(redirect, params)}#_`;

export const secretMatches = (secret: string | undefined) =>
  Boolean(secret) && sameText(secret as string, SIMULATOR_CREDENTIALS.clientSecret);

const lifetimeMs = (grant: SandboxGrant) =>
  grant.expiresAt ? grant.expiresAt.getTime() - grant.createdAt.getTime() : Number.POSITIVE_INFINITY;

export interface LongLivedTokenRoutes {
  platform: 'instagram' | 'threads';
  /** The Graph host's unversioned path: `…/access_token` and `…/refresh_access_token` below it. */
  hostPath: string;
  /** `ig` or `th`: the grant types are `{prefix}_exchange_token` and `{prefix}_refresh_token`. */
  grantPrefix: 'ig' | 'th';
  answers: FaultAnswers;
  shortLivedSeconds: number;
  longLivedSeconds: number;
  /** A long-lived token may be refreshed once it is this old. */
  refreshMinAgeMs: number;
}

export function registerLongLivedTokenRoutes(
  app: FastifyInstance,
  options: SimulatorContext,
  routes: LongLivedTokenRoutes,
) {
  const { db } = options;
  const { platform, hostPath, grantPrefix, longLivedSeconds } = routes;
  const graphRoute = { faults: options.faults, answers: routes.answers };
  const isShortLived = (grant: SandboxGrant) => lifetimeMs(grant) <= 2 * routes.shortLivedSeconds * 1000;
  const longLived = (value: string) =>
    tokenAnswer({ access_token: value, token_type: 'bearer', expires_in: longLivedSeconds });

  // "{graph host}/access_token": a short-lived token for a long-lived (60 days) one.
  app.get(
    `${hostPath}/access_token`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(graphRoute, async (request) => {
      const query = request.query as Fields;
      if (query.grant_type !== `${grantPrefix}_exchange_token`) {
        return invalidParameter(`grant_type must be ${grantPrefix}_exchange_token`);
      }
      if (!secretMatches(query.client_secret)) {
        return graphError(400, { message: 'Error validating client secret.', code: 1 });
      }
      const found = query.access_token
        ? await findLiveGrant(db, platform, 'access', query.access_token)
        : undefined;
      if (!found) return invalidToken();
      // UNCONFIRMED what Instagram or Threads answers for a token that is already long-lived; refused here.
      if (!isShortLived(found.grant)) return invalidParameter('Only a short-lived token can be exchanged.');
      const access = await insertAccessGrant(db, platform, found.grant, longLivedSeconds);
      return longLived(access.value);
    }),
  );

  // "{graph host}/refresh_access_token": a long-lived token, at least a day old, for 60 more days.
  app.get(
    `${hostPath}/refresh_access_token`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi(graphRoute, async (request) => {
      const query = request.query as Fields;
      if (query.grant_type !== `${grantPrefix}_refresh_token`) {
        return invalidParameter(`grant_type must be ${grantPrefix}_refresh_token`);
      }
      const found = query.access_token
        ? await findLiveGrant(db, platform, 'access', query.access_token)
        : undefined;
      if (!found) {
        return graphError(400, {
          message: 'Error validating access token: Session has expired.',
          code: 190,
          subcode: 463,
        });
      }
      if (isShortLived(found.grant)) return invalidParameter('A short-lived token cannot be refreshed.');
      if (Date.now() - found.grant.createdAt.getTime() < routes.refreshMinAgeMs) {
        return invalidParameter('The access token must be at least 24 hours old to be refreshed.');
      }
      // The token refreshed keeps working until its own expiry (nothing says Meta revokes it).
      const access = await insertAccessGrant(db, platform, found.grant, longLivedSeconds);
      return longLived(access.value);
    }),
  );
}
