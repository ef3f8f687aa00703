import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isActiveLinkedInVersion } from '../linkedin/api-version';
import {
  linkedInPostMetricsOf,
  linkedInVideoPlaysOf,
  registerLinkedInAnalyticsSimulator,
} from './linkedin-analytics-simulator';
import { registerLinkedInCommentsSimulator } from './linkedin-comments-simulator';
import { registerLinkedInDocumentSimulator } from './linkedin-document-simulator';
import { registerLinkedInMediaSimulator } from './linkedin-media-simulator';
import {
  type LinkedInSimulatorOptions,
  linkedInNameFor,
  registerLinkedInOAuthSimulator,
} from './linkedin-oauth-simulator';
import { createSandboxLinkedInPost, listSandboxAuthorPosts } from './linkedin-post-routes';
import {
  accessDenied,
  apiError,
  LINKEDIN_BASE_PATH,
  LINKEDIN_LABEL,
  LINKEDIN_LOGO,
  type LinkedInApiRoute,
  type LinkedInCaller,
  linkedInApiFaults,
  linkedInAttachments,
} from './linkedin-shapes';
import { registerLinkedInVideoSimulator } from './linkedin-video-simulator';
import { publishedPostOf, renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { type FaultCheck, type SimulatedAnswer, simulatedApi } from './sandbox-faults';
import { deleteSandboxPost, registerSandboxMediaRoute } from './sandbox-media';
import { MEMBER_PAGE, pageViewer } from './sandbox-page';
import { findPublishedPosts } from './sandbox-posts';
import { findLiveGrant, type SandboxAccount } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend LinkedIn (platforms.md, LinkedIn): OAuth, OpenID Connect userinfo, the Images API
 * (linkedin-media-simulator.ts), the Posts API (create as the member with 0..n images, its media
 * checked by linkedin-post-media.ts; find by author, delete), member post analytics
 * (linkedin-analytics-simulator.ts), and a public page per post. LinkedIn has no member follower count for us (platforms.md): none is served. Served under
 * /sandbox/linkedin; the real LinkedIn adapter is pointed at it by its URLs.
 */

export type { LinkedInSimulatorOptions } from './linkedin-oauth-simulator';

const API = `${LINKEDIN_BASE_PATH}/api`;
const SHARE_URN = /^urn:li:share:\d{1,19}$/;

type Query = Record<string, string | undefined>;
type Caller = LinkedInCaller;

/**
 * Checks `LinkedIn-Version` as the versioned /rest API does; null when it is served. A missing
 * header is refused with 400 VERSION_MISSING; a version not (or no longer) served with
 * `426 {"status":426,"code":"NONEXISTENT_VERSION","message":"Requested version 20250401 is not
 * active"}`, LinkedIn's own answer (n8n-io/n8n#28967, ComposioHQ/composio#3231). LinkedIn serves
 * the last twelve monthly versions (api-version.ts).
 */
export function versionProblem(request: FastifyRequest): SimulatedAnswer | null {
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

export function registerLinkedInSimulator(app: FastifyInstance, options: LinkedInSimulatorOptions) {
  const { db, appUrl } = options;
  registerLinkedInOAuthSimulator(app, options);

  const avatarPath = (account: SandboxAccount) => `${LINKEDIN_BASE_PATH}/avatars/${account.externalId}.svg`;

  /** The member behind the request's Bearer token, if the token is live. */
  async function callerOf(request: FastifyRequest): Promise<Caller | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    const found = await findLiveGrant(db, 'linkedin', 'access', match[1]);
    return found ? { account: found.account, scopes: found.grant.scopes } : null;
  }

  /** An API route: Bearer auth, the scopes it needs (any of), the version for /rest, faults. */
  const apiRoute: LinkedInApiRoute = (route, handle) =>
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
        const fault = await check.forAccount(caller.account);
        if (fault) return fault;
        if (route.versioned) {
          const problem = versionProblem(request);
          if (problem) return problem;
        }
        if (!route.anyScope.some((scope) => caller.scopes.includes(scope)))
          return accessDenied(route.resource);
        return handle(request as never, caller);
      },
    );
  registerLinkedInMediaSimulator(app, options, apiRoute);
  registerLinkedInVideoSimulator(app, options, apiRoute);
  registerLinkedInDocumentSimulator(app, options, apiRoute);
  registerLinkedInCommentsSimulator(app, options, apiRoute);

  registerLinkedInAnalyticsSimulator(app, options, apiRoute);
  registerSandboxMediaRoute(app, {
    platform: 'linkedin',
    basePath: LINKEDIN_BASE_PATH,
    storage: options.storage,
  });

  app.get(
    `${API}/v2/userinfo`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      { anyScope: ['openid'], resource: 'userinfo.GET.NO_VERSION', versioned: false, kind: 'read' },
      async (_request, { account, scopes }) => {
        const name = linkedInNameFor(account.username);
        const body: Record<string, unknown> = { sub: account.externalId };
        if (scopes.includes('profile')) {
          Object.assign(body, {
            name: account.displayName,
            given_name: name.given,
            family_name: name.family,
            picture: `${appUrl}${avatarPath(account)}`,
            locale: { country: 'US', language: 'en' },
          });
        }
        if (scopes.includes('email')) {
          Object.assign(body, { email: `${account.username}@sandbox.linkedin.test`, email_verified: true });
        }
        return { status: 200, body };
      },
    ),
  );

  app.post(
    `${API}/rest/posts`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: ['w_member_social'],
        resource: 'partnerApiPostsExternal.CREATE.20260101',
        versioned: true,
        kind: 'publish',
      },
      async (request, { account }) => {
        const body = request.body as Record<string, unknown> | undefined;
        if (!body || typeof body !== 'object')
          return apiError(400, 'The request body must be a JSON object.');
        if (body.author !== `urn:li:person:${account.externalId}`) {
          return accessDenied(`field /author (${String(body.author)}) for this member`);
        }
        return createSandboxLinkedInPost(db, 'linkedin', account, body);
      },
    ),
  );

  // The author finder: the member's posts, most recently modified first.
  app.get(
    `${API}/rest/posts`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        // LinkedIn gates this finder for members behind r_member_social (a closed permission); the
        // sandbox lets a member read their own posts with w_member_social too (see the adapter).
        anyScope: ['r_member_social', 'w_member_social'],
        resource: 'partnerApiPostsExternal.FINDER-author.20260101',
        versioned: true,
        kind: 'read',
      },
      async (request, { account }) => {
        const query = request.query as Query;
        if (query.q !== 'author') return apiError(400, 'Only the q=author finder is served by the sandbox');
        const own = `urn:li:person:${account.externalId}`;
        if (query.author !== own) return accessDenied(`posts of ${String(query.author)}`);
        return listSandboxAuthorPosts(db, 'linkedin', account, own, query);
      },
    ),
  );

  app.delete(
    `${API}/rest/posts/:urn`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: ['w_member_social'],
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
          ? await findPublishedPosts(db, 'linkedin', [urn], account.workspaceId)
          : [];
        if (!found) return apiError(404, `Post ${urn} does not exist`);
        if (found.account.id !== account.id) return accessDenied(`post ${urn} of another member`);
        await deleteSandboxPost(options, found.post, request.log);
        return { status: 204 };
      },
    ),
  );

  // Public pages: a post's link (LinkedIn's feed update URL) and avatars.
  app.get(
    `${LINKEDIN_BASE_PATH}/feed/update/:urn`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => {
      const urn = (request.params as { urn: string }).urn.replace(/\/$/, '');
      const viewer = pageViewer(request);
      const [found] =
        viewer && SHARE_URN.test(urn) ? await findPublishedPosts(db, 'linkedin', [urn], viewer) : [];
      if (!found) {
        return sendMissingPostPage(reply, { platformLabel: LINKEDIN_LABEL, logo: LINKEDIN_LOGO });
      }
      const metrics = linkedInPostMetricsOf(found.post, found.account, Date.now());
      const plays = linkedInVideoPlaysOf(found.post, found.account, Date.now());
      const page = renderPostPage({
        platformLabel: LINKEDIN_LABEL,
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
    platform: 'linkedin',
    basePath: LINKEDIN_BASE_PATH,
    externalId: /[A-Za-z0-9_-]{1,40}/,
  });
}
