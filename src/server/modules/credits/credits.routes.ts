import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { creditsResponse } from '../../../contracts/credits';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { getCredits } from './credits.service';

export async function creditsRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/user/credits', { schema: { response: { 200: creditsResponse } } }, async (request) =>
      getCredits(ctx.database.db, signedIn(request).workspaceId),
    );
}
