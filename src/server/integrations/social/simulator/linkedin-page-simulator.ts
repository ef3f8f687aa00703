import type { FastifyInstance } from 'fastify';
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
import { accessDenied, apiError } from './linkedin-shapes';
import type { LinkedInSite } from './linkedin-site';
import { linkedInApiRouteFor, registerLinkedInSiteRoutes } from './linkedin-site-routes';
import { registerLinkedInVideoSimulator } from './linkedin-video-simulator';
import type { SimulatedAnswer } from './sandbox-faults';
import { findPublishedPosts } from './sandbox-posts';
import type { SandboxAccount } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend LinkedIn for company Pages (issue 27), under /sandbox/linkedin-pages: the Pages
 * app's OAuth (linkedin-page-oauth-simulator.ts), the member's organization ACLs, the
 * organizations' lookup and follower counts, the Posts API with an organization as the author
 * (refused with 403 for a Page the token's member does not administer), the Images, Videos,
 * Documents and Comments APIs as the Page (the member simulator's files, with the Pages site), the
 * organization share statistics, and a public page per post (linkedin-site-routes.ts). Sources:
 * learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/
 * {organization-access-control-by-role, organization-lookup-api, share-statistics} and
 * …/shares/posts-api (w_organization_social: "Restricted to organizations where the authenticated
 * member has one of the following company page roles"); platforms.md, LinkedIn Pages.
 */

const API = `${LINKEDIN_PAGES_BASE_PATH}/api`;
const ORGANIZATION_URN = /^urn:li:organization:(\d{1,19})$/;
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
  const { db } = options;
  registerLinkedInPageOAuthSimulator(app, options);

  /** The Pages site: the member acts as the organizations they administer. */
  const site: LinkedInSite = {
    platform: PAGE_PLATFORM,
    basePath: LINKEDIN_PAGES_BASE_PATH,
    label: LINKEDIN_PAGES_LABEL,
    writeScopes: ['w_organization_social'],
    // A Page's posts, which its administrators may read.
    readScopes: ['r_organization_social'],
    notYours: (urn) => `post ${urn}`,
    showsVideoPlays: false,
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

  const apiRoute = linkedInApiRouteFor(options, site);
  registerLinkedInMediaSimulator(app, options, apiRoute, site);
  registerLinkedInVideoSimulator(app, options, apiRoute, site);
  registerLinkedInDocumentSimulator(app, options, apiRoute, site);
  registerLinkedInCommentsSimulator(app, options, apiRoute, site);
  registerLinkedInSiteRoutes(app, options, site, apiRoute);

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
}
