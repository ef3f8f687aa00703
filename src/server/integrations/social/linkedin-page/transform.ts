import { z } from 'zod';
import { answerReader } from '../http/parse-answer';
import {
  type ExternalAccount,
  InvalidContentError,
  type PostMetricsReading,
  RateLimitedError,
  SocialPlatformError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../social-provider';

/*
 * LinkedIn's organization answers (Organization Access Control, Organization Lookup, network
 * sizes, organization share statistics) to our types, for the LinkedIn Page adapter. Pure: no
 * I/O, tested alone (transform.test.ts). Sources: learn.microsoft.com/en-us/linkedin/marketing/
 * community-management/organizations/{organization-access-control-by-role, organization-lookup-api,
 * share-statistics}; platforms.md, LinkedIn (L7) and LinkedIn Pages.
 */

const parse = answerReader('linkedin_page', 'LinkedIn');

/** The author of a Page's posts: `urn:li:organization:{id}` (Posts API, platforms.md L4). */
export const organizationUrn = (id: string) => `urn:li:organization:${id}`;

const ORGANIZATION_URN = /^urn:li:organization:(\d{1,19})$/;

/**
 * The roles whose holder may post as the Page, organically: ADMINISTRATOR, and the content
 * administrator (the Posts API lists `CONTENT_ADMIN` for w_organization_social, Postiz reads
 * `CONTENT_ADMINISTRATOR` from the ACLs: both are taken, the exact spelling is UNCONFIRMED).
 * DIRECT_SPONSORED_CONTENT_POSTER is left out: its holder creates sponsored (dark) posts, not the
 * Page's feed posts (Organization Access Control: "Access to read and create direct sponsored
 * content"); an ANALYST or a RECRUITING_POSTER may not post updates at all.
 */
export const POSTING_ROLES: ReadonlySet<string> = new Set([
  'ADMINISTRATOR',
  'CONTENT_ADMIN',
  'CONTENT_ADMINISTRATOR',
]);

const acls = z.object({
  elements: z.array(
    z
      .object({
        // Versioned /rest answers `organization`; /v2's organizationalEntityAcls `organizationalTarget`.
        organization: z.string().optional(),
        organizationalTarget: z.string().optional(),
        role: z.string(),
        state: z.string(),
      })
      .loose(),
  ),
});

/**
 * `GET /rest/organizationAcls?q=roleAssignee&state=APPROVED` → the ids of the organizations the
 * member may post as (approved, in a posting role), each once, in LinkedIn's order.
 */
export function toPostableOrganizationIds(body: unknown): string[] {
  const ids: string[] = [];
  for (const acl of parse(acls, body, 'organization ACLs').elements) {
    if (acl.state !== 'APPROVED' || !POSTING_ROLES.has(acl.role)) continue;
    const id = ORGANIZATION_URN.exec(acl.organization ?? acl.organizationalTarget ?? '')?.[1];
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

const organization = z
  .object({
    id: z.union([z.number(), z.string()]).transform(String),
    localizedName: z.string().optional(),
    vanityName: z.string().optional(),
    name: z
      .object({ localized: z.record(z.string(), z.string()).optional() })
      .loose()
      .optional(),
  })
  .loose();

const organizationsBatch = z.object({
  results: z.record(z.string(), organization),
});

/**
 * `GET /rest/organizations?ids=List(…)` (Organization Lookup, BATCH_GET) → one account per Page,
 * in the order asked. A Page LinkedIn left out of the answer is not offered. The username is its
 * vanity name (its page is linkedin.com/company/{vanityName}); followers are read apart
 * (networkSizes). No logo: `logoV2` names an image URN whose URL needs a decorated projection
 * Kitepost does not send.
 */
export function toPageAccounts(
  body: unknown,
  ids: string[],
  followers: ReadonlyMap<string, number | null>,
): ExternalAccount[] {
  const { results } = parse(organizationsBatch, body, 'organizations');
  const accounts: ExternalAccount[] = [];
  for (const id of ids) {
    const found = results[id];
    if (!found) continue;
    const localized = found.name?.localized ? Object.values(found.name.localized)[0] : undefined;
    const displayName = found.localizedName?.trim() || localized?.trim() || found.vanityName || id;
    accounts.push({
      externalId: id,
      username: found.vanityName?.trim() || id,
      displayName,
      avatarUrl: null,
      followers: followers.get(id) ?? null,
    });
  }
  return accounts;
}

/** `GET /rest/networkSizes/{organization}?edgeType=COMPANY_FOLLOWED_BY_MEMBER` → the follower count. */
export function toFollowerCount(body: unknown): number | null {
  const { firstDegreeSize } = parse(
    z.object({ firstDegreeSize: z.number().optional() }).loose(),
    body,
    'network size',
  );
  return firstDegreeSize !== undefined && Number.isFinite(firstDegreeSize) && firstDegreeSize >= 0
    ? Math.floor(firstDegreeSize)
    : null;
}

const shareStatistics = z.object({
  elements: z.array(
    z
      .object({
        share: z.string().optional(),
        ugcPost: z.string().optional(),
        totalShareStatistics: z.record(z.string(), z.unknown()).optional(),
      })
      .loose(),
  ),
});

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;

/**
 * `GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&shares=List(…)&ugcPosts=
 * List(…)` (lifetime: no timeIntervals) → one reading per post asked, in our names:
 * impressionCount → impressions, uniqueImpressionsCount → reach, likeCount → likes, commentCount →
 * comments, shareCount → shares, clickCount → clicks; no views (video plays are not in it). A
 * post without an element (older than the endpoint's rolling 12 months, or none yet) is read as
 * not reported, never 0.
 */
export function toShareStatisticsReadings(body: unknown, urns: string[]): PostMetricsReading[] {
  const byPost = new Map<string, Record<string, unknown>>();
  for (const element of parse(shareStatistics, body, 'share statistics').elements) {
    const urn = element.share ?? element.ugcPost;
    if (urn && element.totalShareStatistics) byPost.set(urn, element.totalShareStatistics);
  }
  return urns.map((externalId) => {
    const stats = byPost.get(externalId);
    return {
      externalId,
      impressions: count(stats?.impressionCount),
      reach: count(stats?.uniqueImpressionsCount),
      likes: count(stats?.likeCount),
      comments: count(stats?.commentCount),
      shares: count(stats?.shareCount),
      clicks: count(stats?.clickCount),
      views: null,
    };
  });
}

/**
 * The query of a share statistics call for these posts: `shares=List(…)` for `urn:li:share:…`,
 * `ugcPosts=List(…)` for `urn:li:ugcPost:…`, each URN encoded inside the Rest.li list.
 */
export function shareStatisticsQuery(organizationId: string, urns: string[]): string {
  const list = (kind: string) =>
    urns
      .filter((urn) => urn.startsWith(`urn:li:${kind}:`))
      .map(encodeURIComponent)
      .join(',');
  const shares = list('share');
  const ugcPosts = list('ugcPost');
  return [
    'q=organizationalEntity',
    `organizationalEntity=${encodeURIComponent(organizationUrn(organizationId))}`,
    ...(shares ? [`shares=List(${shares})`] : []),
    ...(ugcPosts ? [`ugcPosts=List(${ugcPosts})`] : []),
  ].join('&');
}

/**
 * An error of the shared LinkedIn code (the Posts, Images, Videos, Documents and Comments API
 * calls, labelled 'linkedin') as the Page platform's: the same kind, message and details.
 */
export function asPageError(error: unknown): unknown {
  if (!(error instanceof SocialPlatformError) || error.platform !== 'linkedin') return error;
  const options = { cause: error };
  if (error instanceof RateLimitedError) {
    return new RateLimitedError('linkedin_page', error.message, error.resetAt, options);
  }
  if (error instanceof UnknownOutcomeError) {
    return new UnknownOutcomeError('linkedin_page', error.message, error.hint, options);
  }
  if (error instanceof TransientPlatformError) {
    return new TransientPlatformError('linkedin_page', error.message, error.kind, options);
  }
  if (error instanceof TokenExpiredError)
    return new TokenExpiredError('linkedin_page', error.message, options);
  if (error instanceof InvalidContentError) {
    return new InvalidContentError('linkedin_page', error.message, options);
  }
  return new SocialPlatformError('linkedin_page', error.message, options);
}
