import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { FacebookGraphRoute } from './facebook-oauth-simulator';
import {
  FACEBOOK_GRAPH_PATH,
  FACEBOOK_POST_METRICS,
  graphError,
  invalidMetric,
  missingObject,
} from './facebook-shapes';
import { findPagePost, isPage } from './facebook-store';
import { findVideo } from './facebook-video-store';
import type { SimulatedAnswer } from './sandbox-faults';
import { postMetricsOf, type SandboxMetrics } from './sandbox-metrics';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Facebook's Page post insights (`GET /{post-id}/insights?metric=…`, Page Post
 * Insights reference): lifetime values growing with the post's age (sandbox-metrics.ts), read with
 * the Page's token and read_insights.
 */

export function registerFacebookInsightsSimulator(
  app: FastifyInstance,
  db: Db,
  { graphRoute }: { graphRoute: FacebookGraphRoute },
) {
  app.get(
    `${FACEBOOK_GRAPH_PATH}/:id/insights`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute(
      'read',
      async (request, caller) => {
        const { id } = request.params as { id: string };
        const found = await findPagePost(db, id, caller.account.workspaceId);
        if (!found) return missingObject(id);
        if (!isPage(caller.account) || caller.account.id !== found.account.id) {
          return graphError(403, 10, '(#10) Application does not have permission for this action');
        }
        if (!caller.grant.scopes.includes('read_insights')) {
          return graphError(403, 10, '(#10) Application does not have permission for this action');
        }
        const asked = ((request.query as Fields).metric ?? '').split(',').filter(Boolean);
        // One unknown metric voids the whole call (code 100), as on Facebook.
        if (
          asked.length === 0 ||
          asked.some((name) => !(FACEBOOK_POST_METRICS as readonly string[]).includes(name))
        ) {
          return invalidMetric();
        }
        const metrics = postMetricsOf(found.post, found.account, Date.now());
        const data = asked.map((name) => ({
          name,
          period: 'lifetime',
          values: [{ value: insightValue(name, metrics) }],
          title: insightTitles[name] ?? name,
          description: `Lifetime: ${insightTitles[name] ?? name}`,
          id: `${id}/insights/${name}/lifetime`,
        }));
        return { status: 200, body: { data } };
      },
      noInsightsYet,
    ),
  );
}

/**
 * A published video's or Reel's lifetime insights (`GET /{video-id}/video_insights`, Video
 * Insights guide): views and viewers of a video, plays and reach of a Reel, growing with its age.
 */
export function registerFacebookVideoInsightsSimulator(
  app: FastifyInstance,
  db: Db,
  { graphRoute }: { graphRoute: FacebookGraphRoute },
) {
  app.get(
    `${FACEBOOK_GRAPH_PATH}/:id/video_insights`,
    { config: PUBLIC, schema: HIDDEN },
    graphRoute(
      'read',
      async (request, caller) => {
        const { id } = request.params as { id: string };
        const found = /^\d{1,20}$/.test(id) ? await findVideo(db, id) : undefined;
        const now = Date.now();
        if (found?.post.state !== 'published' || found.post.accountId !== caller.account.id) {
          return missingObject(id);
        }
        if (!caller.grant.scopes.includes('read_insights')) {
          return graphError(403, 10, '(#10) Application does not have permission for this action');
        }
        const metrics = postMetricsOf(found.post, caller.account, now);
        const views = (found.post.publishedAt?.getTime() ?? now) > now ? 0 : metrics.impressions;
        const values: Array<[string, string, number]> =
          found.item.kind === 'reel'
            ? [
                ['blue_reels_play_count', 'Plays', views],
                ['post_impressions_unique', 'Reach', Math.floor(views * 0.72)],
              ]
            : [
                ['total_video_views', 'Lifetime Total Video Views', views],
                ['total_video_views_unique', 'Lifetime Unique Video Views', Math.floor(views * 0.72)],
              ];
        const data = values.map(([name, title, value]) => ({
          name,
          period: 'lifetime',
          values: [{ value }],
          title,
          description: `Lifetime: ${title}`,
          id: `${id}/video_insights/${name}/lifetime`,
        }));
        return { status: 200, body: { data } };
      },
      noInsightsYet,
    ),
  );
}

/** Insights Facebook has no data for yet: an empty set. */
const noInsightsYet = (answer: SimulatedAnswer): SimulatedAnswer => ({ ...answer, body: { data: [] } });

const insightTitles: Record<string, string> = {
  post_total_media_view_unique: 'Post viewers',
  post_reactions_by_type_total: 'Total post reactions by type',
  post_clicks: 'Post clicks',
  post_clicks_by_type: 'Post clicks by type',
};

/** Reactions by type, each a floor of a rising count: they never go down as the post ages. */
export function reactionsOf(metrics: SandboxMetrics): Record<string, number> {
  return {
    like: Math.floor(metrics.likes * 0.7),
    love: Math.floor(metrics.likes * 0.2),
    wow: Math.floor(metrics.likes * 0.05),
    haha: Math.floor(metrics.likes * 0.05),
  };
}

function insightValue(name: string, metrics: SandboxMetrics): number | Record<string, number> {
  switch (name) {
    case 'post_total_media_view_unique':
      return Math.floor(metrics.impressions * 0.72);
    case 'post_reactions_by_type_total':
      return reactionsOf(metrics);
    case 'post_clicks':
      return metrics.clicks;
    case 'post_clicks_by_type':
      return { 'link clicks': Math.floor(metrics.clicks / 2), 'other clicks': Math.ceil(metrics.clicks / 2) };
    default:
      return 0;
  }
}
