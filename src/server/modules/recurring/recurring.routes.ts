import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { post, postIdParams } from '../../../contracts/posts';
import { repeatPostBody } from '../../../contracts/recurring';
import type { AppContext } from '../../context';
import { memberOf, signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { type RepeatWriter, repeatPost, stopRepeat } from './recurring.service';

const writerOf = (request: FastifyRequest): RepeatWriter => ({
  ...memberOf(request),
  timezone: signedIn(request).user.timezone,
});

/** Recurring posts (issue 25): make a scheduled post repeat, or stop it. */
export async function recurringRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/posts/:id/repeat',
    {
      schema: {
        params: postIdParams,
        body: repeatPostBody,
        response: { ...errorAnswers(402, 409), 200: post },
      },
    },
    async (request) => repeatPost(ctx, writerOf(request), request.params.id, request.body),
  );
  api.delete(
    '/api/posts/:id/repeat',
    { schema: { params: postIdParams, response: { ...errorAnswers(409), 200: post } } },
    async (request) => stopRepeat(ctx, writerOf(request), request.params.id),
  );
}
