import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { socialAccountIdParams } from '../../../contracts/social-accounts';
import { youtubeQuotaResponse } from '../../../contracts/youtube';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { findSocialAccount } from './social-accounts.repository';

/**
 * `GET /api/user/social-accounts/:id/quota` (issue 28): what the YouTube Data API's daily quota
 * still allows Kitepost's project today (units used, the limit, uploads left, when it resets at
 * midnight Pacific Time). The quota is the project's, shared by every workspace: the account only
 * says which network is asked about, and must be the caller's workspace's.
 */
export async function youtubeQuotaRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/user/social-accounts/:id/quota',
    {
      schema: {
        params: socialAccountIdParams,
        response: { ...errorAnswers(400, 404), 200: youtubeQuotaResponse },
      },
    },
    async (request) => {
      const row = await findSocialAccount(ctx.database.db, signedIn(request).workspaceId, request.params.id);
      if (!row) throw new AppError('not_found', 'Account not found');
      const quota = ctx.socialProviders[row.platform]?.dailyQuota;
      if (!quota) throw new AppError('bad_request', 'Only a YouTube account has a daily quota to show.');
      const status = await quota();
      return { ...status, resetsAt: status.resetsAt.toISOString() };
    },
  );
}
