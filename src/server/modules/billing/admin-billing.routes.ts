import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRefundResponse, adminSubscriptionList } from '../../../contracts/billing';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { listAdminSubscriptions, refundLatestPayment } from './admin-billing.service';

const workspaceParams = z.object({ workspaceId: z.uuid({ message: 'Must be a workspace id (a UUID)' }) });

/**
 * The admin portal's subscriptions and the money-back refund. Registered on the guarded admin
 * plugin (prefix /api/admin), whose hook has already refused anyone without an admin session.
 */
export async function adminBillingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/subscriptions', { schema: { response: { 200: adminSubscriptionList } } }, async () => ({
    subscriptions: await listAdminSubscriptions(ctx),
  }));

  api.post(
    '/subscriptions/:workspaceId/refund',
    {
      schema: { params: workspaceParams, response: { ...errorAnswers(409, 502), 200: adminRefundResponse } },
    },
    async (request) =>
      refundLatestPayment(ctx, {
        workspaceId: request.params.workspaceId,
        actorUserId: signedIn(request).user.id,
        ip: request.ip,
      }),
  );
}
