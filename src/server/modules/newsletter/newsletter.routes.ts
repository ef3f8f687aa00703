import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newsletterSubscribeBody, newsletterSubscribeResponse } from '../../../contracts/newsletter';
import type { AppContext } from '../../context';
import { callerOf } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { subscribeToNewsletter } from './newsletter.service';

export async function newsletterRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/newsletter',
    {
      config: { access: 'public' },
      schema: {
        body: newsletterSubscribeBody,
        response: { ...errorAnswers(429), 200: newsletterSubscribeResponse },
      },
    },
    async (request) => subscribeToNewsletter(ctx, callerOf(request), request.body),
  );
}
