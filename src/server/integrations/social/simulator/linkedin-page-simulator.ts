import type { FastifyInstance, FastifyRequest } from 'fastify';
import { linkedInPostMetricsOf } from './linkedin-analytics-simulator';
import { registerLinkedInCommentsSimulator } from './linkedin-comments-simulator';
import { registerLinkedInDocumentSimulator } from './linkedin-document-simulator';
import { registerLinkedInMediaSimulator } from './linkedin-media-simulator';
import {
  LINKEDIN_PAGES_BASE_PATH,
  LINKEDIN_PAGES_LABEL,
  registerLinkedInPageOAuthSimulator,
} from './linkedin-page-oauth-simulator';
import {
  findAdministered,
  findOrganizationsOf,
  ORGANIZATION_ID,
  PAGE_PLATFORM,
  roleOf,
  vanityOf,
} from './linkedin-page-store';
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
import { versionProblem } from './linkedin-simulator';
import type { LinkedInSite } from './linkedin-site';
import { registerLinkedInVideoSimulator } from './linkedin-video-simulator';
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
 * The pretend LinkedIn for company Pages (issue 27), under /sandbox/linkedin-pages: the Pages
 * app's OAuth (linkedin-page-oauth-simulator.ts), the member's organization ACLs, the
 * organizations' lookup and follower counts, the Posts API with an organization as the author
 * (refused with 403 for a Page the token's member does not administer), the Images, Videos,
 * Documents and Comments APIs as the Page (the member simulator's files, with the Pages site), the organization share statistics, and a public page per post. Sources:
 * learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/
 * {organization-access-control-by-role, organization-lookup-api, share-statistics} and
 * …/shares/posts-api (w_organization_social: "Restricted to organizations where the authenticated
 * member has one of the following company page roles"); platforms.md, LinkedIn Pages.
 */

const API = `${LINKEDIN_PAGES_BASE_PATH}/api`;
const ORGANIZATION_URN = /^urn:li:organization:(\d{1,19})$/;
const SHARE_URN = /^urn:li:share:\d{1,19}$/;
/** What an organization lookup or a follower count needs: any of the Pages app's scopes. */
const READ_SCOPES = ['rw_organization_admin', 'r_organization_social', 'w_organization_social'];

type Query = Record<string, string | undefined>;

const organizationUrn = (organization: SandboxAccount) => `urn:li:organization:${organization.externalId}`;

/** A Rest.li `List(a,b)` query value (Fastify has decoded it) as its items. */
function restliList(value: string | undefined): string[] | null {
  if (value === undefined) return [];
  const match = /^List\((.*)\)$/.exec(value);
  return match ? (match[1] ?? '').split(',').filter(Boolean) : null;
}

export function registerLinkedInPageSimulator(app: FastifyInstance, options: SimulatorContext) {
  const { db, appUrl } = options;
  registerLinkedInPageOAuthSimulator(app, options);

  /** The Pages site: the member acts as the organizations they administer. */
  const site: LinkedInSite = {
    platform: PAGE_PLATFORM,
    basePath: LINKEDIN_PAGES_BASE_PATH,
    writeScopes: ['w_organization_social'],
    actingAs: async (caller, urn) => {
      const id = ORGANIZATION_URN.exec(urn)?.[1];
      return id ? findAdministered(db, caller, id) : null;
    },
    accountsOf: async (caller) =>
      (await findOrganizationsOf(db, caller)).filter(
        (organization) => roleOf(organization) === 'ADMINISTRATOR',
      ),
    urnOf: organizationUrn,
  };

  async function callerOf(request: FastifyRequest): Promise<LinkedInCaller | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return null;
    const found = await findLiveGrant(db, PAGE_PLATFORM, 'access', match[1]);
    return found ? { account: found.account, scopes: found.grant.scopes } : null;
  }

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
        // Faults are armed on a connected account: the Page. The caller's token is the member's.
        for (const organization of await site.accountsOf(caller.account)) {
          const fault = await check.forAccount(organization);
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
  registerLinkedInMediaSimulator(app, options, apiRoute, site);
  registerLinkedInVideoSimulator(app, options, apiRoute, site);
  registerLinkedInDocumentSimulator(app, options, apiRoute, site);
  registerLinkedInCommentsSimulator(app, options, apiRoute, site);
  registerSandboxMediaRoute(app, {
    platform: PAGE_PLATFORM,
    basePath: LINKEDIN_PAGES_BASE_PATH,
    storage: options.storage,
  });

  // The member's roles (Organization Access Control by Role: roleAssignee finder).
  app.get(
    `${API}/rest/organizationAcls`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: ['rw_organization_admin'],
        resource: 'organizationAcls.FINDER-roleAssignee.20260101',
        versioned: true,
        kind: 'read',
      },
      async (request, { account }) => {
        const query = request.query as Query;
        if (query.q !== 'roleAssignee')
          return apiError(400, 'Only the q=roleAssignee finder is served by the sandbox');
        const member = `urn:li:person:${account.externalId}`;
        const elements = (await findOrganizationsOf(db, account))
          .map((organization) => ({
            roleAssignee: member,
            role: roleOf(organization),
            organization: organizationUrn(organization),
            state: 'APPROVED',
          }))
          .filter(
            (acl) => (!query.role || acl.role === query.role) && (!query.state || acl.state === query.state),
          );
        return { status: 200, body: { paging: { start: 0, count: elements.length, links: [] }, elements } };
      },
    ),
  );

  // Organization Lookup, BATCH_GET: any organization of the sandbox world is public to look up.
  app.get(
    `${API}/rest/organizations`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      { anyScope: READ_SCOPES, resource: 'organizations.BATCH_GET.20260101', versioned: true, kind: 'read' },
      async (request, { account }) => {
        const ids = restliList((request.query as Query).ids);
        if (!ids || ids.length === 0 || !ids.every((id) => ORGANIZATION_ID.test(id))) {
          return apiError(400, 'ids must be a List of organization ids');
        }
        const results: Record<string, unknown> = {};
        const errors: Record<string, unknown> = {};
        const known = await findOrganizationsOf(db, account);
        for (const id of ids) {
          const organization = known.find((candidate) => candidate.externalId === id);
          if (!organization) {
            errors[id] = { status: 404, message: `Organization ${id} does not exist` };
            continue;
          }
          results[id] = {
            id: Number(organization.externalId),
            localizedName: organization.displayName,
            name: {
              localized: { en_US: organization.displayName },
              preferredLocale: { country: 'US', language: 'en' },
            },
            vanityName: vanityOf(organization),
          };
        }
        return { status: 200, body: { results, statuses: {}, errors } };
      },
    ),
  );

  // The organization's follower count (Organization Lookup, networkSizes).
  app.get(
    `${API}/rest/networkSizes/:urn`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      { anyScope: READ_SCOPES, resource: 'networkSizes.GET.20260101', versioned: true, kind: 'read' },
      async (request, { account }) => {
        const { urn } = request.params as { urn: string };
        if ((request.query as Query).edgeType !== 'COMPANY_FOLLOWED_BY_MEMBER') {
          return apiError(400, 'edgeType must be COMPANY_FOLLOWED_BY_MEMBER for an organization');
        }
        const id = ORGANIZATION_URN.exec(urn)?.[1];
        const organization = id
          ? (await findOrganizationsOf(db, account)).find((o) => o.externalId === id)
          : undefined;
        if (!organization) return apiError(404, `Organization ${urn} does not exist`);
        return { status: 200, body: { firstDegreeSize: organization.followers } };
      },
    ),
  );

  app.post(
    `${API}/rest/posts`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: ['w_organization_social'],
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
        return createSandboxLinkedInPost(db, PAGE_PLATFORM, author, body);
      },
    ),
  );

  // The author finder: a Page's posts, which its administrators may read (r_organization_social).
  app.get(
    `${API}/rest/posts`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: ['r_organization_social'],
        resource: 'partnerApiPostsExternal.FINDER-author.20260101',
        versioned: true,
        kind: 'read',
      },
      async (request, { account }) => {
        const query = request.query as Query;
        if (query.q !== 'author') return apiError(400, 'Only the q=author finder is served by the sandbox');
        const author = query.author ? await site.actingAs(account, query.author) : null;
        if (!author) return accessDenied(`posts of ${String(query.author)}`);
        return listSandboxAuthorPosts(db, PAGE_PLATFORM, author, organizationUrn(author), query);
      },
    ),
  );

  app.delete(
    `${API}/rest/posts/:urn`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: ['w_organization_social'],
        resource: 'partnerApiPostsExternal.DELETE.20260101',
        versioned: true,
        kind: 'other',
      },
      async (request, { account }) => {
        if (String(request.headers['x-restli-method'] ?? '').toUpperCase() !== 'DELETE') {
          return apiError(400, 'The X-RestLi-Method header must be DELETE for this request', {
            code: 'INVALID_REQUEST_METHOD',
          });
        }
        const { urn } = request.params as { urn: string };
        const [found] = SHARE_URN.test(urn)
          ? await findPublishedPosts(db, PAGE_PLATFORM, [urn], account.workspaceId)
          : [];
        if (!found) return apiError(404, `Post ${urn} does not exist`);
        if (!(await site.actingAs(account, organizationUrn(found.account))))
          return accessDenied(`post ${urn}`);
        await deleteSandboxPost(options, found.post, request.log);
        return { status: 204 };
      },
    ),
  );

  // Organization share statistics, lifetime, of named posts (ADMINISTRATOR only).
  app.get(
    `${API}/rest/organizationalEntityShareStatistics`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: ['rw_organization_admin'],
        resource: 'organizationalEntityShareStatistics.FINDER-organizationalEntity.20260101',
        versioned: true,
        kind: 'read',
        withoutData: (answer) => ({
          ...answer,
          body: { paging: { start: 0, count: 0, links: [] }, elements: [] },
        }),
      },
      async (request, { account }) => statisticsOf(request.query as Query, account),
    ),
  );

  async function statisticsOf(query: Query, member: SandboxAccount): Promise<SimulatedAnswer> {
    if (query.q !== 'organizationalEntity') {
      return apiError(400, 'Only the q=organizationalEntity finder is served by the sandbox');
    }
    if (query.timeIntervals !== undefined)
      return apiError(400, 'The sandbox serves lifetime statistics only');
    const entity = query.organizationalEntity ?? '';
    const organization = await site.actingAs(member, entity);
    if (!organization) return accessDenied(`organizationalEntityShareStatistics of ${entity}`);
    const shares = restliList(query.shares);
    const ugcPosts = restliList(query.ugcPosts);
    if (!shares || !ugcPosts) return apiError(400, 'shares and ugcPosts must be Rest.li Lists');
    const found = await findPublishedPosts(db, PAGE_PLATFORM, [...shares, ...ugcPosts], member.workspaceId);
    const now = Date.now();
    const elements = found
      .filter((row) => row.account.id === organization.id)
      .map(({ post, account }) => {
        const grown = linkedInPostMetricsOf(post, account, now);
        const clicks = Math.floor(grown.IMPRESSION * 0.04);
        const engaged = grown.REACTION + grown.COMMENT + grown.RESHARE + clicks;
        return {
          organizationalEntity: entity,
          share: post.externalId,
          totalShareStatistics: {
            impressionCount: grown.IMPRESSION,
            uniqueImpressionsCount: grown.MEMBERS_REACHED,
            clickCount: clicks,
            likeCount: grown.REACTION,
            commentCount: grown.COMMENT,
            shareCount: grown.RESHARE,
            engagement: grown.IMPRESSION === 0 ? 0 : engaged / grown.IMPRESSION,
          },
        };
      });
    return { status: 200, body: { paging: { start: 0, count: elements.length, links: [] }, elements } };
  }

  const avatarPath = (account: SandboxAccount) =>
    `${LINKEDIN_PAGES_BASE_PATH}/avatars/${account.externalId}.svg`;

  app.get(
    `${LINKEDIN_PAGES_BASE_PATH}/feed/update/:urn`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => {
      const urn = (request.params as { urn: string }).urn.replace(/\/$/, '');
      const viewer = pageViewer(request);
      const [found] =
        viewer && SHARE_URN.test(urn) ? await findPublishedPosts(db, PAGE_PLATFORM, [urn], viewer) : [];
      if (!found)
        return sendMissingPostPage(reply, { platformLabel: LINKEDIN_PAGES_LABEL, logo: LINKEDIN_LOGO });
      const metrics = linkedInPostMetricsOf(found.post, found.account, Date.now());
      const page = renderPostPage({
        platformLabel: LINKEDIN_PAGES_LABEL,
        logo: LINKEDIN_LOGO,
        ...publishedPostOf(found, avatarPath(found.account), appUrl),
        ...linkedInAttachments(found.post, appUrl),
        stats: [
          { label: 'Impressions', value: metrics.IMPRESSION },
          { label: 'Reactions', value: metrics.REACTION },
          { label: 'Comments', value: metrics.COMMENT },
          { label: 'Reposts', value: metrics.RESHARE },
        ],
      });
      return sendPostPage(reply, page);
    },
  );

  registerSandboxAvatarRoute(app, db, {
    platform: PAGE_PLATFORM,
    basePath: LINKEDIN_PAGES_BASE_PATH,
    externalId: /[A-Za-z0-9_-]{1,40}/,
  });
}
