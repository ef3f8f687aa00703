import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type RewriteResultBody,
  type RewriteStreamEvent,
  replyBody,
  replyResponse,
  rewriteBody,
  rewriteResult,
} from '../../../contracts/ai-rewrite';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { ndjsonReply } from '../../lib/ndjson-reply';
import { errorAnswers } from '../../plugins/error-answers';
import { suggestRepliesForWorkspace } from './replies.service';
import { rewriteForWorkspace } from './rewrite.service';

/** Issue 30 (decision 094): POST /api/ai/rewrite (the composer's actions), POST /api/ai/replies. */
export async function aiRewriteRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // JSON by default; NDJSON text deltas with `Accept: application/x-ndjson` (decision 009).
  api.post(
    '/api/ai/rewrite',
    {
      schema: {
        body: rewriteBody,
        response: { 200: rewriteResult, ...errorAnswers(429, 502, 503, 504) },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const actor = { workspaceId: auth.workspaceId, userId: auth.user.id };
      return ndjsonReply<RewriteStreamEvent, RewriteResultBody>(
        request,
        reply,
        ({ signal, emit }) => rewriteForWorkspace(ctx, actor, request.body, { signal, emit }),
        (result) => ({ type: 'done', result }),
      );
    },
  );

  api.post(
    '/api/ai/replies',
    {
      schema: {
        body: replyBody,
        response: { 200: replyResponse, ...errorAnswers(404, 429, 502, 504) },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      return suggestRepliesForWorkspace(
        ctx,
        { workspaceId: auth.workspaceId, userId: auth.user.id },
        request.body,
      );
    },
  );
}
