import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { linkPreview, linkPreviewQuery } from '../../../contracts/link-previews';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { previewLink } from './link-previews.service';

export async function linkPreviewsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/link-preview',
    { schema: { querystring: linkPreviewQuery, response: { 200: linkPreview } } },
    async (request) => {
      const { user } = signedIn(request);
      // Each call may make the server fetch a page: bounded per user, cached or not.
      await enforceRateLimit(ctx.database.db, rateRules.linkPreview, user.id);
      return previewLink(ctx, request.query.url);
    },
  );
}
