import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsOverview,
  analyticsPostList,
  analyticsPostsQuery,
  analyticsQuery,
  dashboardStats,
} from '../../../contracts/analytics';
import { clickAnalytics } from '../../../contracts/links';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { signedIn } from '../../lib/caller';
import { sendSerialized } from '../../lib/send-serialized';
import { isKnownZone } from '../../lib/time-zones';
import type { RequestAuth } from '../../plugins/auth';
import { errorAnswers } from '../../plugins/error-answers';
import { requireLinksFeature, requirePlanFeature, requirePlanIncludes } from '../plans';
import { exportAnalyticsCsv, listAnalyticsPosts, loadAnalyticsOverviewJson } from './analytics.service';
import { analyticsCsvFilename } from './analytics-csv';
import { resolveTimeZone } from './analytics-sums';
import { loadClickAnalytics } from './click-analytics.service';
import { loadDashboardStats } from './dashboard-stats.service';

/** A zone luxon does not know is bad input (400 with the issue), not a server error. */
const knownZone = (query: { timeZone?: string | undefined }, ctx: z.RefinementCtx) => {
  if (query.timeZone !== undefined && !isKnownZone(query.timeZone)) {
    ctx.addIssue({ code: 'custom', path: ['timeZone'], message: 'Not a known time zone (use an IANA name)' });
  }
};
const overviewQuery = analyticsQuery.superRefine(knownZone);
const postsQuery = analyticsPostsQuery.superRefine(knownZone);
/** The clicks view has no account filter: a click knows its network, not the account. */
const clicksQuery = analyticsQuery.superRefine(knownZone);

/** The view a query asks for; days count in its zone, else the user's, else UTC. */
const viewOf = (auth: RequestAuth, query: z.infer<typeof overviewQuery>) => ({
  workspaceId: auth.workspaceId,
  from: query.from,
  to: query.to,
  timeZone: resolveTimeZone(query.timeZone, auth.user.timezone),
  platform: query.platform,
  accountId: query.accountId,
});

/**
 * `load()` when the workspace's plan includes analytics, else its 402, as if checked first: both
 * run at once (one round trip less per read), and the plan's refusal wins over whatever `load`
 * answered, so a plan without analytics never sees its data nor its 404s.
 */
async function withAnalyticsPlan<T>(db: Db, workspaceId: string, load: () => Promise<T>): Promise<T> {
  const [plan, answer] = await Promise.allSettled([requirePlanFeature(db, workspaceId, 'analytics'), load()]);
  if (plan.status === 'rejected') throw plan.reason;
  if (answer.status === 'rejected') throw answer.reason;
  return answer.value;
}

/** Dashboard stats (every plan) and the analytics screen's reads (plans with analytics: else 402). */
/** GET /api/analytics/posts.csv answers a file, not JSON. */
const csvFile = z.string().describe('text/csv');

export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  // Spec §7 names both: /api/user/dashboard/stats for a user session, /api/dashboard/stats
  // otherwise. Both answer the signed-in workspace's numbers.
  for (const url of ['/api/user/dashboard/stats', '/api/dashboard/stats']) {
    api.get(url, { schema: { response: { 200: dashboardStats } } }, async (request) => {
      const auth = signedIn(request);
      return loadDashboardStats(db, { workspaceId: auth.workspaceId, userTimeZone: auth.user.timezone });
    });
  }

  api.get(
    '/api/analytics/overview',
    { schema: { querystring: overviewQuery, response: { ...errorAnswers(402), 200: analyticsOverview } } },
    async (request, reply) => {
      const auth = signedIn(request);
      // The plan as the session query read it, before anything else: refused before any data is.
      requirePlanIncludes(auth.user.workspace.plan, 'analytics');
      const json = await loadAnalyticsOverviewJson(db, viewOf(auth, request.query), auth);
      return sendSerialized(reply, json);
    },
  );

  api.get(
    '/api/analytics/posts',
    { schema: { querystring: postsQuery, response: { ...errorAnswers(402), 200: analyticsPostList } } },
    async (request) => {
      const auth = signedIn(request);
      const { sort, limit } = request.query;
      return withAnalyticsPlan(db, auth.workspaceId, () =>
        listAnalyticsPosts(db, { ...viewOf(auth, request.query), sort, limit }),
      );
    },
  );

  api.get(
    '/api/analytics/clicks',
    { schema: { querystring: clicksQuery, response: { ...errorAnswers(402), 200: clickAnalytics } } },
    async (request) => {
      const auth = signedIn(request);
      // Its own plan table (Starter and up), checked before any read.
      requireLinksFeature(auth.user.workspace.plan, 'clickAnalytics');
      const { accountId: _account, ...view } = viewOf(auth, request.query);
      return loadClickAnalytics(db, view);
    },
  );

  api.get(
    '/api/analytics/posts.csv',
    { schema: { querystring: overviewQuery, response: { 200: csvFile, ...errorAnswers(402) } } },
    async (request, reply) => {
      const auth = signedIn(request);
      await requirePlanFeature(db, auth.workspaceId, 'analytics');
      const view = viewOf(auth, request.query);
      const chunks = await exportAnalyticsCsv(db, view);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${analyticsCsvFilename(view.from, view.to)}"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (Fastify serializes no stream): the CSV text, chunk by chunk.
          .send(Readable.from(chunks) as unknown as string)
      );
    },
  );
}
