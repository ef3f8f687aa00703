import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type GenerationResponse,
  type GenerationStreamEvent,
  generationRequest,
  generationResponse,
} from '../../../contracts/generation';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { ndjsonReply } from '../../lib/ndjson-reply';
import { errorAnswers } from '../../plugins/error-answers';
import { generateForVisitor, generateForWorkspace, type OnPost } from './generation.service';

type Run = (options: { onPost?: OnPost; signal: AbortSignal }) => Promise<GenerationResponse>;

export async function generationRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/generate-content',
    {
      config: { access: 'public' },
      schema: {
        body: generationRequest,
        response: { 200: generationResponse, ...errorAnswers(429, 502, 504) },
      },
    },
    async (request, reply) =>
      respond(request, reply, (options) =>
        generateForVisitor(ctx, { ip: request.ip }, request.body, options),
      ),
  );
  api.post(
    '/api/user/generate-content',
    {
      schema: {
        body: generationRequest,
        response: { 200: generationResponse, ...errorAnswers(402, 429, 502, 504) },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const actor = { workspaceId: auth.workspaceId, userId: auth.user.id };
      return respond(request, reply, (options) => generateForWorkspace(ctx, actor, request.body, options));
    },
  );
}

function respond(request: FastifyRequest, reply: FastifyReply, run: Run) {
  return ndjsonReply<GenerationStreamEvent, GenerationResponse>(
    request,
    reply,
    ({ signal, emit }) => run({ signal, onPost: (post) => emit({ type: 'post', post }) }),
    (response) => ({ type: 'done', response }),
  );
}
