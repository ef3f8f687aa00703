import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fitMediaBody,
  media,
  mediaFit,
  mediaFitParams,
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
import { fitMedia, getMediaFit } from './media-fit.service';
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
        // An image: the new item at once. A video: its fit job (decision 068), followed by GET below.
        response: { 201: media, 202: mediaFit, ...errorAnswers(402, 503) },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const outcome = await fitMedia(
        ctx,
        { workspaceId: auth.workspaceId, userId: auth.user.id },
        request.params.id,
        request.body,
      );
      return outcome.kind === 'image'
        ? reply.status(201).send(outcome.media)
        : reply.status(202).send(outcome.fit);
    },
  );
  api.get(
    '/api/media/fits/:fitId',
    { schema: { params: mediaFitParams, response: { 200: mediaFit } } },
    async (request) => getMediaFit(ctx, signedIn(request).workspaceId, request.params.fitId),
  );
}
