import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InstagramSimulatorOptions } from './instagram-oauth-simulator';
import { IG_GRAPH_PATH, noSuchObject, notEnoughViewers } from './instagram-shapes';
import { findInstagramObject, headOf } from './instagram-store';
import { invalidParameter } from './meta-graph-shapes';
import type { SandboxFault, SimulatedAnswer, SimulatedCallKind } from './sandbox-faults';
import { postMetricsOf } from './sandbox-metrics';
import type { SandboxAccount } from './sandbox-store';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Instagram's media insights (`GET /{media-id}/insights?metric=…`, platforms.md): the
 * lifetime values of views, reach, likes, comments, shares, saved and total_interactions, growing
 * with the post's age (sandbox-metrics.ts). Instagram's data lags (up to 48 h) and it answers an
 * empty set rather than zeros meanwhile: media younger than INSIGHTS_LAG_MS answers
 * `{"data": []}`, and so does any media under the `no-data` fault. Media with fewer than
 * MIN_VIEWS_FOR_INSIGHTS views answers Instagram's "(#10) Not enough viewers" error.
 */

const BASIC = 'instagram_business_basic';
const INSIGHTS = 'instagram_business_manage_insights';
const DEPRECATED_METRICS = new Set(['impressions', 'plays', 'video_views']);
const MEDIA_METRICS = ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions'];
/**
 * A story's metrics (IG Media Insights reference: STORY views, reach, shares, replies, navigation…;
 * no likes, comments or saves). The sandbox answers what it knows of them; asking a story for a
 * feed metric is refused as Instagram refuses it ("does not support the … metric for this media
 * product type", wording UNCONFIRMED).
 */
const STORY_METRICS = ['views', 'reach', 'shares', 'replies', 'total_interactions'];
/** How long a new post's insights stay empty (Instagram's lag, shortened for the sandbox). */
export const INSIGHTS_LAG_MS = 2 * 60_000;
/**
 * Below this many views Instagram shows no insights for a post and answers "(#10) Not enough
 * viewers for the media to show insights" for the whole call. Meta does not publish its threshold;
 * the sandbox's is the smallest there is: a post nobody has seen yet.
 */
export const MIN_VIEWS_FOR_INSIGHTS = 1;

export type InstagramCaller = {
  account: SandboxAccount;
  scopes: string[];
  /** The sandbox fault this call carries, for the ones a route acts on itself. */
  fault?: SandboxFault | null;
};
/** A Graph route's handler factory: the token, the permissions it needs, the kind of call, faults. */
export type InstagramGraphRoute = <R extends FastifyRequest>(
  scopes: string[],
  kind: SimulatedCallKind,
  handle: (request: R, caller: InstagramCaller, params: Fields) => Promise<SimulatedAnswer>,
  /** A metrics read's answer under the `no-data` fault (sandbox-faults.ts). */
  withoutData?: (answer: SimulatedAnswer) => SimulatedAnswer,
) => (request: R, reply: import('fastify').FastifyReply) => Promise<unknown>;

const noInsightsYet = (answer: SimulatedAnswer): SimulatedAnswer => ({ ...answer, body: { data: [] } });

const metricsOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

export function registerInstagramInsightsSimulator(
  app: FastifyInstance,
  options: InstagramSimulatorOptions,
  graphRoute: InstagramGraphRoute,
) {
  const { db } = options;

  app.get(
    `${IG_GRAPH_PATH}/:id/insights`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute(
      [BASIC, INSIGHTS],
      'read',
      async (request, caller, params) => {
        const { id } = request.params as { id: string };
        const found = /^\d{1,20}$/.test(id)
          ? await findInstagramObject(db, id, caller.account.workspaceId)
          : undefined;
        if (found?.kind !== 'media' || found.account.id !== caller.account.id) {
          return noSuchObject(id, 'get');
        }
        const metrics = metricsOf(params.metric);
        if (metrics.length === 0) return invalidParameter('The parameter metric is required');
        const deprecated = metrics.find((metric) => DEPRECATED_METRICS.has(metric));
        if (deprecated) {
          return invalidParameter(
            `Starting from version v22.0 and above, the ${deprecated} metric is no longer supported. Use views instead.`,
          );
        }
        const unknown = metrics.find(
          (metric) => !MEDIA_METRICS.includes(metric) && !STORY_METRICS.includes(metric),
        );
        if (unknown) {
          return invalidParameter(
            `metric[${metrics.indexOf(unknown)}] must be one of the following values: ${MEDIA_METRICS.join(', ')}`,
          );
        }
        if (headOf(found.post)?.igType === 'STORIES') {
          const unsupported = metrics.find((metric) => !STORY_METRICS.includes(metric));
          if (unsupported) {
            return invalidParameter(
              `The Media Insights API does not support the ${unsupported} metric for this media product type.`,
            );
          }
        }
        const now = Date.now();
        const publishedAt = (found.post.publishedAt ?? found.post.createdAt).getTime();
        if (now - publishedAt < INSIGHTS_LAG_MS) return { status: 200, body: { data: [] } };
        const m = postMetricsOf(found.post, found.account, now);
        if (m.impressions < MIN_VIEWS_FOR_INSIGHTS) return notEnoughViewers();
        const values: Record<string, number> = {
          views: m.impressions,
          reach: Math.floor(m.impressions * 0.72),
          likes: m.likes,
          comments: m.replies,
          shares: m.reposts,
          saved: m.bookmarks,
          replies: m.replies,
          total_interactions: m.likes + m.replies + m.reposts + m.bookmarks,
        };
        return {
          status: 200,
          body: {
            data: metrics.map((name) => ({
              name,
              period: 'lifetime',
              values: [{ value: values[name] ?? 0 }],
              title: name.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()),
              description: `Lifetime ${name.replace(/_/g, ' ')} of this media.`,
              id: `${id}/insights/${name}/lifetime`,
            })),
          },
        };
      },
      noInsightsYet,
    ),
  );
}
