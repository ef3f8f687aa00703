import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityList, activityQuery } from '../../../contracts/analytics';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { listActivity } from './activity.service';

/** The team feed of the caller's workspace (every role sees it). */
export async function activityRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/activity',
      { schema: { querystring: activityQuery, response: { 200: activityList } } },
      async (request) => listActivity(ctx.database.db, signedIn(request).workspaceId, request.query.limit),
    );
}
