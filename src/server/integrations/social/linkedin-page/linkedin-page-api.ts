import { createPlatformHttp } from '../http/platform-http';
import type { PlatformErrors } from '../http/transport-error';
import type { LinkedInOperation } from '../linkedin/transform';
import { linkedInErrorFrom, linkedInErrors } from '../linkedin/transform';
import { asPageError, organizationUrn, shareStatisticsQuery } from './transform';

/*
 * The LinkedIn calls only a Page needs (Community Management API, organizations), on the shared
 * HTTP client with LinkedIn's error reading, labelled as the Page platform. Posting (Posts,
 * Images, Videos, Documents, Comments APIs) is the LinkedIn client's (linkedin/linkedin-api.ts).
 */

export interface LinkedInPageApiOptions {
  apiBaseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** `LinkedIn-Version` (YYYYMM): every /rest call carries it (platforms.md L4). */
  version: string;
}

/** LinkedIn's errors read as the member adapter reads them, as the Page platform's. */
const linkedInPageErrors: PlatformErrors<LinkedInOperation> = {
  platform: 'linkedin_page',
  name: 'LinkedIn',
  repeatable: linkedInErrors.repeatable,
  fromAnswer: (answer) => asPageError(linkedInErrorFrom(answer)) as ReturnType<typeof linkedInErrorFrom>,
};

/** How many organizations one ACL page lists; a member administers few Pages. */
const ACL_PAGE_SIZE = 100;

export function createLinkedInPageApi(options: LinkedInPageApiOptions) {
  const base = options.apiBaseUrl.replace(/\/$/, '');
  const call = createPlatformHttp({
    errors: linkedInPageErrors,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const rest = (accessToken: string) => ({
    authorization: `Bearer ${accessToken}`,
    'linkedin-version': options.version,
    'x-restli-protocol-version': '2.0.0',
  });
  const get = async (url: string, accessToken: string) =>
    (await call('read', url, { method: 'GET', headers: rest(accessToken) })).body;

  return {
    /**
     * `GET /rest/organizationAcls?q=roleAssignee&state=APPROVED`: the member's approved roles on
     * organizations (Organization Access Control by Role; rw_organization_admin). Every role is
     * asked (not `role=ADMINISTRATOR` alone): a content administrator may post too (transform.ts
     * POSTING_ROLES picks them).
     */
    async getOrganizationAcls(accessToken: string) {
      const query = `q=roleAssignee&state=APPROVED&start=0&count=${ACL_PAGE_SIZE}`;
      return get(`${base}/rest/organizationAcls?${query}`, accessToken);
    },
    /** `GET /rest/organizations?ids=List(1,2)` (Organization Lookup, BATCH_GET): `{results: {id: …}}`. */
    async getOrganizations(accessToken: string, ids: string[]) {
      return get(`${base}/rest/organizations?ids=List(${ids.join(',')})`, accessToken);
    },
    /**
     * `GET /rest/networkSizes/{encoded organization URN}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`:
     * `{firstDegreeSize}`, the Page's followers (Organization Lookup, "Retrieve Organization
     * Follower Count"; the /v2 edge type was `CompanyFollowedByMember`).
     */
    async getFollowerCount(accessToken: string, organizationId: string) {
      const urn = encodeURIComponent(organizationUrn(organizationId));
      return get(`${base}/rest/networkSizes/${urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`, accessToken);
    },
    /**
     * `GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&…&shares=List(…)` for
     * these posts, lifetime (no timeIntervals). ADMINISTRATOR only (Organization Share Statistics):
     * null when LinkedIn refuses the token them (403).
     */
    async getShareStatistics(accessToken: string, organizationId: string, urns: string[]) {
      const query = shareStatisticsQuery(organizationId, urns);
      const answer = await call('read', `${base}/rest/organizationalEntityShareStatistics?${query}`, {
        method: 'GET',
        headers: rest(accessToken),
        accept: (status) => (status >= 200 && status < 300) || status === 403,
      });
      return answer.status === 403 ? null : answer.body;
    },
  };
}
