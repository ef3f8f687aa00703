import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { metricsRefreshResponse } from '../../../contracts/analytics';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { refreshWorkspaceMetrics } from './metrics-sync.service';

/**
 * Reading metrics now (POST /api/analytics/refresh): the caller's workspace only, once a minute.
 * Every plan and every role may refresh: the dashboard shows reach on every plan.
 */
export async function metricsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/analytics/refresh',
    { schema: { response: { ...errorAnswers(429), 200: metricsRefreshResponse } } },
    async (request) => refreshWorkspaceMetrics(ctx, signedIn(request).workspaceId),
  );
}
