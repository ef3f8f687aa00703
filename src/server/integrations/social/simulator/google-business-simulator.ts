import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkLocalPost,
  GBP_API_PATH,
  GBP_BASE_PATH,
  GBP_EDITS_PER_MINUTE,
  GBP_LABEL,
  GBP_LOGO,
  GBP_PROCESSING_MS,
  GBP_SCOPE,
  googleBusinessFaults,
  insufficientScopes,
  invalidArgument,
  localPostJson,
  notFound,
  permissionDenied,
  quotaExceeded,
  reviewRefusal,
} from './google-business-shapes';
import {
  asStored,
  businessAccountOf,
  countRecentPosts,
  ensureLocations,
  findLocalPost,
  findLocalPostById,
  findLocationsOf,
  GBP_PLATFORM,
  LOCATION_PATH,
  listLocalPosts,
  localPostOf,
  stateOf,
} from './google-business-store';
import { registerGoogleOAuthSimulator } from './google-oauth-simulator';
import { downloadMedia } from './media-download';
import { renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import {
  type FaultCheck,
  type SimulatedAnswer,
  type SimulatedCallKind,
  simulatedApi,
} from './sandbox-faults';
import { newMetricsSeed, postMetricsOf } from './sandbox-metrics';
import { avatarSvg, MEMBER_PAGE, pageViewer } from './sandbox-page';
import { insertPost } from './sandbox-posts';
import {
  findAccountByExternalId,
  findAccountByUsername,
  findLiveGrant,
  type SandboxAccount,
} from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Google Business Profile (issue 28, decision 090), under /sandbox/google-business:
 * Google's sign-in (google-oauth-simulator.ts, shared with YouTube) with the business.manage
 * scope; the Account Management API's accounts, the Business Information API's locations and the
 * v4 local posts (create, get, list), each under a path named after its Google host
 * (`/api/mybusinessaccountmanagement/v1/…`, `/api/mybusinessbusinessinformation/v1/…`,
 * `/api/mybusiness/v4/…`: google-business-api.ts); and a public page per live post (its
 * `searchUrl`). Every rule cites Google's reference in google-business-shapes.ts.
 */

type Params = Record<string, string>;
type Query = Record<string, string | undefined>;

interface Caller {
  user: SandboxAccount;
  scopes: string[];
}

const newLocalPostId = () => `${randomInt(100_000_000, 999_999_999)}${randomInt(100_000_000, 999_999_999)}`;

export function registerGoogleBusinessSimulator(app: FastifyInstance, options: SimulatorContext) {
  const { db, appUrl } = options;
  registerGoogleOAuthSimulator(app, options, {
    platform: GBP_PLATFORM,
    label: GBP_LABEL,
    logo: GBP_LOGO,
    basePath: GBP_BASE_PATH,
    // Google's consent text for the scope (OAuth 2.0 Scopes for Google APIs, "Google My Business API").
    scopes: { [GBP_SCOPE]: 'See, edit, create and delete your Google business listings' },
  });

  async function callerOf(request: FastifyRequest): Promise<Caller | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    const found = await findLiveGrant(db, GBP_PLATFORM, 'access', match[1]);
    return found && found.account.ownerId === null
      ? { user: found.account, scopes: found.grant.scopes }
      : null;
  }

  /** An API route: the Bearer token, faults armed on any of the user's locations, the scope. */
  const apiRoute = (
    kind: SimulatedCallKind,
    handle: (request: FastifyRequest, caller: Caller, check: FaultCheck) => Promise<SimulatedAnswer>,
  ) =>
    simulatedApi(
      { faults: options.faults, answers: googleBusinessFaults, armed: options.armed, kind },
      async (request, check) => {
        const caller = await callerOf(request);
        if (!caller) return googleBusinessFaults.unauthorized();
        // Faults are armed on a connected account: a location. The token is its manager's.
        for (const location of await findLocationsOf(db, caller.user)) {
          const fault = await check.forAccount(location);
          if (fault) return fault;
        }
        if (!caller.scopes.includes(GBP_SCOPE)) return insufficientScopes();
        return handle(request, caller, check);
      },
    );

  /** The caller's location by its v4 path, or Google's refusal. */
  async function locationOf(caller: Caller, path: string): Promise<SandboxAccount | SimulatedAnswer> {
    if (!LOCATION_PATH.test(path)) return notFound();
    const location = await findAccountByExternalId(db, GBP_PLATFORM, path, caller.user.workspaceId);
    if (!location) return notFound();
    return location.ownerId === caller.user.id ? location : permissionDenied();
  }

  // Account Management API v1: `GET /v1/accounts` (the user's personal business account).
  app.get(
    `${GBP_API_PATH}/mybusinessaccountmanagement/v1/accounts`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute('read', async (_request, { user }) => {
      const account = businessAccountOf(await ensureLocations(db, user));
      const accounts = account
        ? [
            {
              name: `accounts/${account}`,
              accountName: user.displayName,
              type: 'PERSONAL',
              verificationState: 'VERIFIED',
              vettedState: 'NOT_VETTED',
            },
          ]
        : [];
      return { status: 200, body: { accounts } };
    }),
  );

  // Business Information API v1: `GET /v1/{parent=accounts/*}/locations` (readMask is required).
  app.get(
    `${GBP_API_PATH}/mybusinessbusinessinformation/v1/accounts/:account/locations`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute('read', async (request, { user }) => {
      const query = request.query as Query;
      if (!query.readMask) {
        return invalidArgument('read_mask', 'Field is required: read_mask.');
      }
      const pageSize = query.pageSize === undefined ? 10 : Number(query.pageSize);
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) {
        return invalidArgument('page_size', 'page_size must be between 1 and 100.');
      }
      const { account } = request.params as Params;
      const locations = await findLocationsOf(db, user);
      if (businessAccountOf(locations) !== account) return permissionDenied();
      return {
        status: 200,
        body: {
          locations: locations.slice(0, pageSize).map((location) => ({
            name: `locations/${LOCATION_PATH.exec(location.externalId)?.[2]}`,
            title: location.displayName,
            storefrontAddress: { regionCode: 'US', locality: 'Springfield', addressLines: ['1 Main Street'] },
            metadata: { hasVoiceOfMerchant: true },
          })),
        },
      };
    }),
  );

  const v4 = `${GBP_API_PATH}/mybusiness/v4/accounts/:account/locations/:location/localPosts`;

  // `POST /v4/{parent}/localPosts`: checked, the photo downloaded, PROCESSING for a moment.
  app.post(
    v4,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute('publish', async (request, caller, check) => {
      const { account, location: id } = request.params as Params;
      const location = await locationOf(caller, `accounts/${account}/locations/${id}`);
      if ('status' in location) return location;
      if ((await countRecentPosts(db, location, new Date(Date.now() - 60_000))) >= GBP_EDITS_PER_MINUTE) {
        return quotaExceeded(String(GBP_EDITS_PER_MINUTE), 'mybusiness.googleapis.com');
      }
      const checked = checkLocalPost(request.body);
      if ('refused' in checked) return checked.refused;
      const { summary, ...post } = checked.post;
      if (post.sourceUrl) {
        // Google fetches the photo from sourceUrl; one it cannot fetch or read is refused (the
        // exact message is UNCONFIRMED).
        const download = await downloadMedia(options.mediaFetch, GBP_PLATFORM, post.sourceUrl);
        if (!download.ok) {
          return invalidArgument(
            'media[0].source_url',
            `The photo could not be fetched (${download.detail}).`,
          );
        }
        if (download.image.width < 250 || download.image.height < 250) {
          return invalidArgument('media[0]', 'The photo must be at least 250 x 250 pixels.');
        }
      }
      const rejected =
        check.chosen() === 'post-rejected'
          ? 'Rejected by the sandbox fault post-rejected.'
          : reviewRefusal(summary);
      const now = new Date();
      const row = await insertPost(db, {
        platform: GBP_PLATFORM,
        externalId: `${location.externalId}/localPosts/${newLocalPostId()}`,
        accountId: location.id,
        text: summary,
        media: asStored({
          id: newLocalPostId(),
          url: post.sourceUrl,
          ...post,
          availableAt: now.getTime() + GBP_PROCESSING_MS,
          rejected,
        }),
        state: 'published',
        metricsSeed: newMetricsSeed(),
        publishedAt: now,
      });
      return { status: 200, body: localPostJson(row, appUrl) };
    }),
  );

  // `GET /v4/{parent}/localPosts`: newest first, pageSize 1–100 (default 20).
  app.get(
    v4,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute('read', async (request, caller) => {
      const { account, location: id } = request.params as Params;
      const location = await locationOf(caller, `accounts/${account}/locations/${id}`);
      if ('status' in location) return location;
      const query = request.query as Query;
      const pageSize = query.pageSize === undefined ? 20 : Number(query.pageSize);
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) {
        return invalidArgument('page_size', 'page_size must be between 1 and 100.');
      }
      const rows = await listLocalPosts(db, location, pageSize);
      return {
        status: 200,
        body: rows.length ? { localPosts: rows.map((row) => localPostJson(row, appUrl)) } : {},
      };
    }),
  );

  // `GET /v4/{name=accounts/*/locations/*/localPosts/*}`.
  app.get(
    `${v4}/:post`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute('read', async (request, caller) => {
      const { account, location: id, post } = request.params as Params;
      const location = await locationOf(caller, `accounts/${account}/locations/${id}`);
      if ('status' in location) return location;
      const row = await findLocalPost(db, `${location.externalId}/localPosts/${post}`);
      return row ? { status: 200, body: localPostJson(row, appUrl) } : notFound();
    }),
  );

  // A live post's public page (its searchUrl): the location's name, the post, its photo and button.
  app.get(`${GBP_BASE_PATH}/posts/:post`, { config: MEMBER_PAGE, schema: HIDDEN }, async (request, reply) => {
    const { post = '' } = request.params as Params;
    const viewer = pageViewer(request);
    const missing = { platformLabel: GBP_LABEL, logo: GBP_LOGO };
    if (!viewer || !/^\d{1,24}$/.test(post)) return sendMissingPostPage(reply, missing);
    const found = await findLocalPostById(db, post, viewer);
    if (!found || stateOf(localPostOf(found.post)) !== 'LIVE') return sendMissingPostPage(reply, missing);
    const entry = localPostOf(found.post);
    const metrics = postMetricsOf(found.post, found.account, Date.now());
    return sendPostPage(
      reply,
      renderPostPage({
        platformLabel: GBP_LABEL,
        logo: GBP_LOGO,
        author: {
          displayName: found.account.displayName,
          username: found.account.username,
          avatarUrl: `${GBP_BASE_PATH}/avatars/${found.account.username}.svg`,
        },
        text: [entry.event?.title, found.post.text].filter(Boolean).join('\n\n'),
        images: entry.url ? [entry.url] : [],
        appUrl,
        publishedAt: found.post.publishedAt ?? found.post.createdAt,
        stats: [{ label: 'Views', value: metrics.impressions }],
      }),
    );
  });

  // A location's avatar by its handle (its external id holds slashes), for its members only.
  app.get(
    `${GBP_BASE_PATH}/avatars/:file`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => {
      const username = /^(location-\d{1,30})\.svg$/.exec((request.params as Params).file ?? '')?.[1];
      const viewer = pageViewer(request);
      const location =
        viewer && username ? await findAccountByUsername(db, GBP_PLATFORM, username, viewer) : undefined;
      if (!location) return reply.status(404).send({ error: 'No such avatar' });
      return reply
        .header('cache-control', 'private, max-age=86400')
        .type('image/svg+xml')
        .send(avatarSvg(location.displayName, location.username));
    },
  );
}
