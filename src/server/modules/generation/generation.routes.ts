import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type GenerationResponse,
  type GenerationStreamEvent,
  generationRequest,
  generationResponse,
  NDJSON,
} from '../../../contracts/generation';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { signedIn } from '../../lib/caller';
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

/**
 * JSON by default; NDJSON events when the client asks for them, so ideas show as they are
 * written. The stream opens with the first idea: an error before it (rate limit, no credits,
 * a failed writer) is still an ordinary HTTP error with its status.
 */
async function respond(request: FastifyRequest, reply: FastifyReply, run: Run) {
  const abort = new AbortController();
  // The client went away before the answer was complete: stop the writer.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  if (!(request.headers.accept ?? '').includes(NDJSON)) return run({ signal: abort.signal });

  let stream: PassThrough | undefined;
  const open = () => {
    if (!stream) {
      stream = new PassThrough();
      reply
        .type(`${NDJSON}; charset=utf-8`)
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
    }
    return stream;
  };
  const line = (event: GenerationStreamEvent) => `${JSON.stringify(event)}\n`;
  try {
    const response = await run({
      signal: abort.signal,
      onPost: (post) => open().write(line({ type: 'post', post })),
    });
    open().end(line({ type: 'done', response }));
  } catch (error) {
    if (!stream) throw error;
    const known = error instanceof AppError;
    if (!known) request.log.error({ err: error }, 'generation failed mid-stream');
    stream.end(
      line({
        type: 'error',
        status: known ? error.status : 500,
        code: known ? error.code : 'internal',
        message: known ? error.message : 'Internal server error',
      }),
    );
  }
  return reply;
}
