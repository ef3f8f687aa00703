import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fitMediaBody,
  media,
  mediaIdParams,
  mediaLibraryItem,
  mediaLibraryPage,
  mediaLibraryQuery,
  mediaStorageUsage,
  updateMediaBody,
} from '../../../contracts/media';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { fitMedia } from './media-fit.service';
import { searchLibrary, setMediaTags } from './media-library.service';
import { storageUsage } from './storage-quota';

/**
 * The media library's routes (issue 24, decision 058), registered by media.routes. The static
 * paths (/library, /usage) win over /api/media/:id in Fastify's router whatever the order.
 */
export function mediaLibraryRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/media/library',
    { schema: { querystring: mediaLibraryQuery, response: { 200: mediaLibraryPage } } },
    async (request) => searchLibrary(ctx, signedIn(request).workspaceId, request.query),
  );
  api.get('/api/media/usage', { schema: { response: { 200: mediaStorageUsage } } }, async (request) =>
    storageUsage(ctx.database.db, signedIn(request).workspaceId),
  );
  api.patch(
    '/api/media/:id',
    { schema: { params: mediaIdParams, body: updateMediaBody, response: { 200: mediaLibraryItem } } },
    async (request) => setMediaTags(ctx, signedIn(request).workspaceId, request.params.id, request.body.tags),
  );
  api.post(
    '/api/media/:id/fit',
    {
      schema: {
        params: mediaIdParams,
        body: fitMediaBody,
        response: { 201: media, ...errorAnswers(402) },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const created = await fitMedia(
        ctx,
        { workspaceId: auth.workspaceId, userId: auth.user.id },
        request.params.id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );
}
