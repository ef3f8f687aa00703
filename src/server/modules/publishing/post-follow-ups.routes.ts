import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { postIdParams } from '../../../contracts/posts';
import { retryFollowUpsBody, retryFollowUpsResponse } from '../../../contracts/publishing';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { retryFollowUps } from './post-follow-ups.service';

/** The steps after a published post (thread, first comment): "Retry the rest". */
export async function postFollowUpsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/posts/:id/follow-ups/retry',
    {
      schema: {
        params: postIdParams,
        body: retryFollowUpsBody,
        response: { ...errorAnswers(404, 409), 200: retryFollowUpsResponse },
      },
    },
    async (request) => ({
      retried: await retryFollowUps(ctx, signedIn(request), request.params.id, request.body ?? {}),
    }),
  );
}
