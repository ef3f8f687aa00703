import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { variantsBody, variantsResponse } from '../../../contracts/ai-plan';
import type { AppContext } from '../../context';
import { memberOf } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { writeVariantsForWorkspace } from './variants.service';

/** Issue 30 (decision 094): POST /api/ai/variants, POST /api/ai/plan, GET /api/ai/plan/:id, POST /api/ai/plan/:id/accept. */
export async function aiPlanRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/ai/variants',
    {
      schema: {
        body: variantsBody,
        response: { 200: variantsResponse, ...errorAnswers(402, 429, 502, 504) },
      },
    },
    async (request, reply) => {
      const { workspaceId, userId } = memberOf(request);
      // The client went away before the answer: stop the writer (and charge nothing).
      const abort = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      return writeVariantsForWorkspace(ctx, { workspaceId, userId }, request.body, abort.signal);
    },
  );
}
