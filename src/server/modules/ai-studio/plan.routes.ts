import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type AiPlan,
  aiPlan,
  type PlanStreamEvent,
  planAcceptBody,
  planAcceptResponse,
  planBody,
  planIdParams,
  variantsBody,
  variantsResponse,
} from '../../../contracts/ai-plan';
import type { AppContext } from '../../context';
import { memberOf } from '../../lib/caller';
import { ndjsonReply } from '../../lib/ndjson-reply';
import { errorAnswers } from '../../plugins/error-answers';
import { createPlan } from './plan.service';
import { acceptPlan, getPlan } from './plan-accept.service';
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

  // JSON by default; NDJSON item and progress events with `Accept: application/x-ndjson`.
  api.post(
    '/api/ai/plan',
    {
      schema: {
        body: planBody,
        response: { 200: aiPlan, ...errorAnswers(402, 429, 502, 504) },
      },
    },
    async (request, reply) => {
      const { workspaceId, userId } = memberOf(request);
      return ndjsonReply<PlanStreamEvent, AiPlan>(
        request,
        reply,
        ({ signal, emit }) =>
          createPlan(ctx, { workspaceId, userId }, request.body, {
            signal,
            onItem: (item) => emit({ type: 'item', item }),
            onProgress: (written, total) => emit({ type: 'progress', written, total }),
          }),
        (plan) => ({ type: 'done', plan }),
      );
    },
  );

  api.get(
    '/api/ai/plan/:id',
    { schema: { params: planIdParams, response: { 200: aiPlan, ...errorAnswers(404) } } },
    async (request) => {
      const { workspaceId, userId } = memberOf(request);
      return getPlan(ctx, { workspaceId, userId }, request.params.id);
    },
  );

  api.post(
    '/api/ai/plan/:id/accept',
    {
      schema: {
        params: planIdParams,
        body: planAcceptBody,
        response: { 200: planAcceptResponse, ...errorAnswers(404, 409) },
      },
    },
    async (request) => {
      const { workspaceId, userId } = memberOf(request);
      return acceptPlan(ctx, { workspaceId, userId }, request.params.id, request.body);
    },
  );
}
