import type { FastifyInstance } from 'fastify';
import type { LinkedInSimulatorOptions } from './linkedin-oauth-simulator';
import { accessDenied, apiError, LINKEDIN_BASE_PATH, type LinkedInApiRoute } from './linkedin-shapes';
import type { SimulatedAnswer } from './sandbox-faults';
import { postMetricsOf } from './sandbox-metrics';
import { findPublishedPosts } from './sandbox-posts';
import type { SandboxAccount, SandboxPost } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend LinkedIn's member post analytics (platforms.md L10): `GET
 * /rest/memberCreatorPostAnalytics?q=entity&entity=(share:{urn})&queryType=…&aggregation=TOTAL`,
 * one metric of one post per call, growing with the post's age (sandbox-metrics.ts). Under the
 * `no-data` fault it answers no element, as LinkedIn does for a metric it has no number for yet.
 */

const API = `${LINKEDIN_BASE_PATH}/api`;
const METRIC_TYPES = new Set(['IMPRESSION', 'MEMBERS_REACHED', 'REACTION', 'COMMENT', 'RESHARE']);
const VIDEO_METRIC_TYPES = new Set(['VIDEO_PLAY', 'VIDEO_VIEWER', 'VIDEO_WATCH_TIME']);

type Query = Record<string, string | undefined>;

export function linkedInPostMetricsOf(post: SandboxPost, account: SandboxAccount, now: number) {
  const grown = postMetricsOf(post, account, now);
  return {
    IMPRESSION: grown.impressions,
    // Some people see a post more than once: reach is a share of the impressions (never more).
    MEMBERS_REACHED: Math.floor(grown.impressions * 0.78),
    REACTION: grown.likes,
    COMMENT: grown.replies,
    RESHARE: grown.reposts,
  };
}

/**
 * A video post's plays (memberCreatorVideoAnalytics VIDEO_PLAY): a share of its impressions, as
 * most who see a video in the feed scroll on; null for a post without a video.
 */
export function linkedInVideoPlaysOf(post: SandboxPost, account: SandboxAccount, now: number): number | null {
  if (!post.media.some((item) => item.kind === 'video')) return null;
  return Math.floor(postMetricsOf(post, account, now).impressions * 0.35);
}

const noElementsYet = (answer: SimulatedAnswer): SimulatedAnswer => ({
  ...answer,
  body: { paging: { start: 0, count: 10, links: [] }, elements: [] },
});

export function registerLinkedInAnalyticsSimulator(
  app: FastifyInstance,
  options: LinkedInSimulatorOptions,
  apiRoute: LinkedInApiRoute,
) {
  const { db } = options;

  /** The post a `q=entity` analytics call names, once its query is checked; or why not. */
  async function entityOf(
    query: Query,
    account: SandboxAccount,
    metricTypes: ReadonlySet<string>,
  ): Promise<
    { found: { post: SandboxPost; account: SandboxAccount }; urn: string } | { error: SimulatedAnswer }
  > {
    if (query.q !== 'entity')
      return { error: apiError(400, 'Only the q=entity finder is served by the sandbox') };
    // Fastify has decoded the URN inside the Rest.li tuple: `(share:urn:li:share:1)`.
    const entity = /^\((share|ugc|ugcPost):(urn:li:(?:share|ugcPost):\d{1,19})\)$/.exec(query.entity ?? '');
    if (!entity?.[2]) return { error: apiError(400, `Invalid entity "${query.entity ?? ''}"`) };
    const queryType = query.queryType ?? '';
    if (!metricTypes.has(queryType)) return { error: apiError(400, `Invalid queryType "${queryType}"`) };
    if ((query.aggregation ?? 'TOTAL') !== 'TOTAL') {
      return { error: apiError(400, 'The sandbox serves aggregation=TOTAL only') };
    }
    const urn = entity[2];
    const [found] = await findPublishedPosts(db, 'linkedin', [urn], account.workspaceId);
    if (!found) return { error: apiError(404, `Post ${urn} does not exist`) };
    if (found.account.id !== account.id) return { error: accessDenied(`analytics of ${urn}`) };
    return { found, urn };
  }

  // Member Video Statistics (learn.microsoft.com/en-us/linkedin/marketing/community-management/
  // members/video-statistics): VIDEO_PLAY, VIDEO_VIEWER, VIDEO_WATCH_TIME of a member's video
  // post, asked like the post analytics; a post without a video has no element.
  app.get(
    `${API}/rest/memberCreatorVideoAnalytics`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: ['r_member_postAnalytics'],
        resource: 'memberCreatorVideoAnalytics.FINDER-entity.20260101',
        versioned: true,
        kind: 'read',
        withoutData: noElementsYet,
      },
      async (request, { account }) => {
        const query = request.query as Query;
        const read = await entityOf(query, account, VIDEO_METRIC_TYPES);
        if ('error' in read) return read.error;
        const plays = linkedInVideoPlaysOf(read.found.post, read.found.account, Date.now());
        const count =
          plays === null
            ? null
            : query.queryType === 'VIDEO_PLAY'
              ? plays
              : query.queryType === 'VIDEO_VIEWER'
                ? Math.floor(plays * 0.8)
                : plays * 2_400;
        return {
          status: 200,
          body: {
            paging: { start: 0, count: 10, links: [] },
            elements:
              count === null
                ? []
                : [{ count, metricType: query.queryType, targetEntity: { share: read.urn } }],
          },
        };
      },
    ),
  );

  app.get(
    `${API}/rest/memberCreatorPostAnalytics`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: ['r_member_postAnalytics'],
        resource: 'memberCreatorPostAnalytics.FINDER-entity.20260101',
        versioned: true,
        kind: 'read',
        withoutData: noElementsYet,
      },
      async (request, { account }) => {
        const query = request.query as Query;
        const read = await entityOf(query, account, METRIC_TYPES);
        if ('error' in read) return read.error;
        const { found, urn } = read;
        const queryType = query.queryType as string;
        const count = linkedInPostMetricsOf(found.post, found.account, Date.now())[queryType as 'IMPRESSION'];
        return {
          status: 200,
          body: {
            paging: { start: 0, count: 10, links: [] },
            elements: [{ count, metricType: queryType, targetEntity: { share: urn } }],
          },
        };
      },
    ),
  );
}
