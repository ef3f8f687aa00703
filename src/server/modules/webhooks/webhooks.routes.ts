import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContent } from '../../../contracts/common';
import {
  createWebhookBody,
  updateWebhookBody,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookDeliveryList,
  webhookDeliveryParams,
  webhookEndpoint,
  webhookIdParams,
  webhookList,
  webhookWithSecret,
} from '../../../contracts/integrations';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  updateWebhook,
  type WebhookActor,
} from './webhooks.service';

/** Settings › Webhooks (issue 26): a workspace's endpoints and their delivery log (api.manage). */
export async function webhooksRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  const actorOf = (request: FastifyRequest): WebhookActor => {
    const auth = signedIn(request);
    return { workspaceId: auth.workspaceId, userId: auth.user.id, apiKeyId: auth.apiKeyId, ip: request.ip };
  };

  api.get('/api/webhooks', { schema: { response: { 200: webhookList } } }, async (request) =>
    listWebhooks(db, signedIn(request).workspaceId),
  );

  api.post(
    '/api/webhooks',
    {
      schema: { body: createWebhookBody, response: { ...errorAnswers(402, 409), 201: webhookWithSecret } },
      // Its answer carries the signing secret, shown once: never kept for a replay (decision 077).
      config: { idempotent: false },
    },
    async (request, reply) => {
      const created = await createWebhook(ctx, actorOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  api.patch(
    '/api/webhooks/:id',
    {
      schema: {
        params: webhookIdParams,
        body: updateWebhookBody,
        // With rotateSecret the answer carries the new secret as well.
        response: { ...errorAnswers(402), 200: webhookWithSecret.or(webhookEndpoint) },
      },
    },
    async (request) => updateWebhook(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/api/webhooks/:id',
    { schema: { params: webhookIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      await deleteWebhook(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: {
        params: webhookIdParams,
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveryList },
      },
    },
    async (request) =>
      listWebhookDeliveries(db, signedIn(request).workspaceId, request.params.id, request.query.cursor),
  );

  api.post(
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        params: webhookDeliveryParams,
        response: { ...errorAnswers(402, 409), 202: webhookDelivery },
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const queued = await redeliverWebhook(ctx, actorOf(request), id, deliveryId);
      return reply.status(202).send(queued);
    },
  );
}
