import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContent } from '../../../contracts/common';
import { createFeedBody, feed, feedIdParams, feedList } from '../../../contracts/feeds';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { addFeed, listFeeds, pauseFeed, removeFeed, resumeFeed } from './feeds.service';

/** RSS/Atom auto-posting (issue 25): the feeds a workspace follows. Reading them is a job. */
export async function feedsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.get('/api/feeds', { schema: { response: { 200: feedList } } }, async (request) =>
    listFeeds(db, signedIn(request).workspaceId),
  );

  api.post(
    '/api/feeds',
    { schema: { body: createFeedBody, response: { ...errorAnswers(402, 409), 201: feed } } },
    async (request, reply) => {
      const auth = signedIn(request);
      // Adding reads the URL once: it shares the per-user budget of fetches made for a user.
      await enforceRateLimit(db, rateRules.linkPreview, auth.user.id);
      const created = await addFeed(
        ctx,
        { workspaceId: auth.workspaceId, userId: auth.user.id },
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  api.delete(
    '/api/feeds/:id',
    { schema: { params: feedIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      await removeFeed(db, signedIn(request).workspaceId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/feeds/:id/pause',
    { schema: { params: feedIdParams, response: { 200: feed } } },
    async (request) => pauseFeed(ctx, signedIn(request).workspaceId, request.params.id),
  );

  api.post(
    '/api/feeds/:id/resume',
    { schema: { params: feedIdParams, response: { 200: feed } } },
    async (request) => resumeFeed(ctx, signedIn(request).workspaceId, request.params.id),
  );
}
