import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { socialAccountIdParams } from '../../../contracts/social-accounts';
import { tiktokCreatorInfo } from '../../../contracts/tiktok';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { readTikTokCreator } from './tiktok-creator.service';

/** A TikTok account's creator info, for the composer's TikTok fields (issue 28). */
export async function tiktokCreatorRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/user/social-accounts/:id/tiktok-creator',
    {
      schema: {
        params: socialAccountIdParams,
        response: { ...errorAnswers(400, 404, 409, 429, 502), 200: tiktokCreatorInfo },
      },
    },
    async (request) => readTikTokCreator(ctx, signedIn(request).workspaceId, request.params.id),
  );
}
