import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiImageBody, aiImageResponse } from '../../../contracts/ai-images';
import { aiCapabilities as capabilitiesSchema } from '../../../contracts/ai-studio';
import type { AppContext } from '../../context';
import { memberOf, signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { aiCapabilities, createAiImage } from './images.service';

/** Issue 30 (decision 094): POST /api/ai/images and GET /api/ai/capabilities. */
export async function aiImagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/ai/capabilities', { schema: { response: { 200: capabilitiesSchema } } }, async (request) =>
    aiCapabilities(ctx, signedIn(request).workspaceId),
  );

  api.post(
    '/api/ai/images',
    {
      schema: {
        body: aiImageBody,
        response: { 200: aiImageResponse, ...errorAnswers(400, 402, 404, 429, 502, 504) },
      },
    },
    async (request) => createAiImage(ctx, memberOf(request), request.body),
  );
}
