import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isActiveLinkedInVersion } from '../linkedin/api-version';
import { linkedInPostMetricsOf, linkedInVideoPlaysOf } from './linkedin-analytics-simulator';
import { createSandboxLinkedInPost, listSandboxAuthorPosts } from './linkedin-post-routes';
import {
  accessDenied,
  apiError,
  LINKEDIN_LOGO,
  type LinkedInApiRoute,
  type LinkedInCaller,
  linkedInApiFaults,
  linkedInAttachments,
} from './linkedin-shapes';
import type { LinkedInSite } from './linkedin-site';
import { publishedPostOf, renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { type FaultCheck, type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { deleteSandboxPost, registerSandboxMediaRoute } from './sandbox-media';
import { MEMBER_PAGE, pageViewer } from './sandbox-page';
import { findPublishedPosts } from './sandbox-posts';
import { findLiveGrant, type SandboxAccount } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * What the member LinkedIn (linkedin-simulator.ts) and the Pages one (linkedin-page-simulator.ts)
 * serve alike, for their site (linkedin-site.ts): each API route's preamble (Bearer token, faults,
 * `LinkedIn-Version`, scopes), the Posts API (create as an author the caller may act as, the
 * author finder, delete), a post's public page, the avatars and the stored media.
 */

const SHARE_URN = /^urn:li:share:\d{1,19}$/;

type Query = Record<string, string | undefined>;

/**
 * Checks `LinkedIn-Version` as the versioned /rest API does; null when it is served. A missing
 * header is refused with 400 VERSION_MISSING; a version not (or no longer) served with
 * `426 {"status":426,"code":"NONEXISTENT_VERSION","message":"Requested version 20250401 is not
 * active"}`, LinkedIn's own answer (n8n-io/n8n#28967, ComposioHQ/composio#3231). LinkedIn serves
 * the last twelve monthly versions (api-version.ts).
 */
function versionProblem(request: FastifyRequest): SimulatedAnswer | null {
  const version = request.headers['linkedin-version'];
  if (typeof version !== 'string' || version === '') {
    return apiError(
      400,
      'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
      {
        code: 'VERSION_MISSING',
      },
    );
  }
  if (!/^\d{6}(?:\.\d{2})?$/.test(version) || !isActiveLinkedInVersion(version, new Date())) {
    return apiError(426, `Requested version ${version} is not active`, { code: 'NONEXISTENT_VERSION' });
  }
  return null;
}

/** The site's API routes: Bearer auth, faults, the version for /rest, the scopes it needs (any of). */
export function linkedInApiRouteFor(options: SimulatorContext, site: LinkedInSite): LinkedInApiRoute {
  /** The member behind the request's Bearer token, if the token is live. */
  async function callerOf(request: FastifyRequest): Promise<LinkedInCaller | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    const found = await findLiveGrant(options.db, site.platform, 'access', match[1]);
    return found ? { account: found.account, scopes: found.grant.scopes } : null;
  }

  return (route, handle) =>
    simulatedApi(
      {
        faults: options.faults,
        answers: linkedInApiFaults,
        armed: options.armed,
        kind: route.kind,
        withoutData: route.withoutData,
      },
      async (request, check: FaultCheck) => {
        const caller = await callerOf(request);
        if (!caller) return linkedInApiFaults.unauthorized();
        // Faults are armed on a connected account: the member, or the Pages they act for (the
        // caller's token is the member's).
        for (const account of await site.accountsOf(caller.account)) {
          const fault = await check.forAccount(account);
          if (fault) return fault;
        }
        if (route.versioned) {
          const problem = versionProblem(request);
          if (problem) return problem;
        }
        if (!route.anyScope.some((scope) => caller.scopes.includes(scope)))
          return accessDenied(route.resource);
        return handle(request as never, caller);
      },
    );
}

/** The Posts API, a post's public page, avatars and stored media of the site. */
export function registerLinkedInSiteRoutes(
  app: FastifyInstance,
  options: SimulatorContext,
  site: LinkedInSite,
  apiRoute: LinkedInApiRoute,
) {
  const { db, appUrl } = options;
  const api = `${site.basePath}/api`;
  const avatarPath = (account: SandboxAccount) => `${site.basePath}/avatars/${account.externalId}.svg`;

  registerSandboxMediaRoute(app, {
    platform: site.platform,
    basePath: site.basePath,
    storage: options.storage,
  });

  // Create, as an author the caller may act as: the member themself, or a Page they administer
  // (refused with 403 otherwise, platforms.md LinkedIn Pages).
  app.post(
    `${api}/rest/posts`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: site.writeScopes,
        resource: 'partnerApiPostsExternal.CREATE.20260101',
        versioned: true,
        kind: 'publish',
      },
      async (request, { account }) => {
        const body = request.body as Record<string, unknown> | undefined;
        if (!body || typeof body !== 'object')
          return apiError(400, 'The request body must be a JSON object.');
        const author = typeof body.author === 'string' ? await site.actingAs(account, body.author) : null;
        if (!author) return accessDenied(`field /author (${String(body.author)}) for this member`);
        return createSandboxLinkedInPost(db, site.platform, author, body);
      },
    ),
  );

  // The author finder: an author's posts, most recently modified first.
  app.get(
    `${api}/rest/posts`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: site.readScopes,
        resource: 'partnerApiPostsExternal.FINDER-author.20260101',
        versioned: true,
        kind: 'read',
      },
      async (request, { account }) => {
        const query = request.query as Query;
        if (query.q !== 'author') return apiError(400, 'Only the q=author finder is served by the sandbox');
        const author = query.author ? await site.actingAs(account, query.author) : null;
        if (!author) return accessDenied(`posts of ${String(query.author)}`);
        return listSandboxAuthorPosts(db, site.platform, author, site.urnOf(author), query);
      },
    ),
  );

  app.delete(
    `${api}/rest/posts/:urn`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: site.writeScopes,
        resource: 'partnerApiPostsExternal.DELETE.20260101',
        versioned: true,
        kind: 'other',
      },
      async (request, { account }) => {
        // The Posts API's delete carries `X-RestLi-Method: DELETE` (its "Delete Posts" sample,
        // platforms.md L4 and audit 2026-11). LinkedIn's wording without it is UNCONFIRMED: the
        // sandbox refuses with a 400 that names the header.
        if (String(request.headers['x-restli-method'] ?? '').toUpperCase() !== 'DELETE') {
          return apiError(400, 'The X-RestLi-Method header must be DELETE for this request', {
            code: 'INVALID_REQUEST_METHOD',
          });
        }
        const { urn } = request.params as { urn: string };
        const [found] = SHARE_URN.test(urn)
          ? await findPublishedPosts(db, site.platform, [urn], account.workspaceId)
          : [];
        if (!found) return apiError(404, `Post ${urn} does not exist`);
        const author = await site.actingAs(account, site.urnOf(found.account));
        if (author?.id !== found.account.id) return accessDenied(site.notYours(urn));
        await deleteSandboxPost(options, found.post, request.log);
        return { status: 204 };
      },
    ),
  );

  // Public pages: a post's link (LinkedIn's feed update URL) and avatars.
  app.get(
    `${site.basePath}/feed/update/:urn`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => {
      const urn = (request.params as { urn: string }).urn.replace(/\/$/, '');
      const viewer = pageViewer(request);
      const [found] =
        viewer && SHARE_URN.test(urn) ? await findPublishedPosts(db, site.platform, [urn], viewer) : [];
      if (!found) return sendMissingPostPage(reply, { platformLabel: site.label, logo: LINKEDIN_LOGO });
      const metrics = linkedInPostMetricsOf(found.post, found.account, Date.now());
      const plays = site.showsVideoPlays ? linkedInVideoPlaysOf(found.post, found.account, Date.now()) : null;
      const page = renderPostPage({
        platformLabel: site.label,
        logo: LINKEDIN_LOGO,
        ...publishedPostOf(found, avatarPath(found.account), appUrl),
        ...linkedInAttachments(found.post, appUrl),
        stats: [
          { label: 'Impressions', value: metrics.IMPRESSION },
          { label: 'Reactions', value: metrics.REACTION },
          { label: 'Comments', value: metrics.COMMENT },
          { label: 'Reposts', value: metrics.RESHARE },
          ...(plays === null ? [] : [{ label: 'Video plays', value: plays }]),
        ],
      });
      return sendPostPage(reply, page);
    },
  );

  registerSandboxAvatarRoute(app, db, {
    platform: site.platform,
    basePath: site.basePath,
    externalId: /[A-Za-z0-9_-]{1,40}/,
  });
}
