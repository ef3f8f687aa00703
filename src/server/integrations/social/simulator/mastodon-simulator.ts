import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountEntity, type MastodonApiRoute, type MastodonCaller } from './mastodon-entities';
import { registerMastodonOAuthSimulator } from './mastodon-oauth-simulator';
import { registerMastodonPages } from './mastodon-pages';
import {
  appOfClientId,
  INVALID_TOKEN,
  instanceLimitOf,
  isHost,
  isNotMastodon,
  MASTODON_BASE_PATH,
  MASTODON_DESCRIPTION_LIMIT,
  MASTODON_IMAGE_LIMIT,
  MASTODON_IMAGE_TYPES,
  MASTODON_MAX_MEDIA,
  MASTODON_VERSION,
  mastodonApiFaults,
  NOT_FOUND,
  OUTSIDE_SCOPES,
  scopeCovers,
} from './mastodon-shapes';
import { registerMastodonStatuses } from './mastodon-statuses-simulator';
import { type FaultCheck, simulatedApi } from './sandbox-faults';
import { countLivePosts } from './sandbox-posts';
import { findLiveGrant } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Mastodon: every server at once, under /sandbox/mastodon/<host>/ (the adapter maps a
 * server there, decision 082). The instance document with the server's limits, apps and OAuth
 * (mastodon-oauth-simulator.ts), the signed-in account, media and statuses
 * (mastodon-statuses-simulator.ts), and each status's public page (mastodon-pages.ts).
 */

export function registerMastodonSimulator(app: FastifyInstance, options: SimulatorContext) {
  const { db, appUrl } = options;
  registerMastodonOAuthSimulator(app, options);

  async function callerOf(
    request: FastifyRequest,
    host: string,
  ): Promise<Omit<MastodonCaller, 'host'> | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    const found = await findLiveGrant(db, 'mastodon', 'access', match[1]);
    // A token is its server's: another server does not know it.
    if (!found || appOfClientId(found.grant.clientId)?.host !== host) return null;
    return { account: found.account, scopes: found.grant.scopes };
  }

  const apiRoute: MastodonApiRoute = (scope, kind, handle) =>
    simulatedApi(
      { faults: options.faults, answers: mastodonApiFaults, armed: options.armed, kind },
      async (request, check: FaultCheck) => {
        const { host } = request.params as { host: string };
        if (!isHost(host) || isNotMastodon(host)) return NOT_FOUND;
        const caller = await callerOf(request, host);
        if (!caller) return INVALID_TOKEN;
        const fault = await check.forAccount(caller.account);
        if (fault) return fault;
        if (!scopeCovers(caller.scopes, scope)) return OUTSIDE_SCOPES;
        return handle(request, { ...caller, host });
      },
    );

  /** `GET /api/v2/instance` (public), the Instance entity with the server's configuration. */
  app.get(
    `${MASTODON_BASE_PATH}/:host/api/v2/instance`,
    { config: PUBLIC, schema: HIDDEN },
    simulatedApi({ faults: options.faults, answers: mastodonApiFaults }, async (request) => {
      const { host } = request.params as { host: string };
      if (!isHost(host) || isNotMastodon(host)) return NOT_FOUND;
      return {
        status: 200,
        body: {
          domain: host,
          title: `${host} (Sandbox)`,
          version: MASTODON_VERSION,
          source_url: 'https://github.com/mastodon/mastodon',
          description: 'A pretend Mastodon server of the Kitepost sandbox.',
          usage: { users: { active_month: 1 } },
          languages: ['en'],
          configuration: {
            urls: { streaming: `wss://${host}` },
            accounts: { max_featured_tags: 10, max_pinned_statuses: 5 },
            statuses: {
              max_characters: instanceLimitOf(host),
              max_media_attachments: MASTODON_MAX_MEDIA,
              characters_reserved_per_url: 23,
            },
            media_attachments: {
              supported_mime_types: MASTODON_IMAGE_TYPES,
              description_limit: MASTODON_DESCRIPTION_LIMIT,
              image_size_limit: MASTODON_IMAGE_LIMIT,
              image_matrix_limit: 33_177_600,
              video_size_limit: 103_809_024,
              video_frame_rate_limit: 120,
              video_matrix_limit: 8_294_400,
            },
            polls: {
              max_options: 4,
              max_characters_per_option: 50,
              min_expiration: 300,
              max_expiration: 2_629_746,
            },
            translation: { enabled: false },
          },
          registrations: { enabled: false, approval_required: false, message: null },
          contact: { email: '', account: null },
          rules: [],
        },
      };
    }),
  );

  app.get(
    `${MASTODON_BASE_PATH}/:host/api/v1/accounts/verify_credentials`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute('read:accounts', 'read', async (_request, { account, host }) => ({
      status: 200,
      body: {
        ...accountEntity(appUrl, host, account, await countLivePosts(db, account.id)),
        source: {
          privacy: 'public',
          sensitive: false,
          language: 'en',
          note: '',
          fields: [],
          follow_requests_count: 0,
        },
      },
    })),
  );

  registerMastodonStatuses(app, options, apiRoute);
  registerMastodonPages(app, options);
}
