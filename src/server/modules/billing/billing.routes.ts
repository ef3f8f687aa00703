import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingPortalResponse,
  billingSubscription,
  createSubscriptionBody,
  createSubscriptionResponse,
  sandboxConfirmBody,
  sandboxConfirmResponse,
  sandboxPortalBody,
} from '../../../contracts/billing';
import type { AppContext } from '../../context';
import { WebhookSignatureError } from '../../integrations/billing/billing-provider';
import { signedIn } from '../../lib/caller';
import { sendError } from '../../lib/send-error';
import { errorAnswers } from '../../plugins/error-answers';
import {
  type BillingCaller,
  confirmSandboxPayment,
  createSubscription,
  getBillingSubscription,
  openBillingPortal,
  runSandboxPortalAction,
} from './billing.service';
import { receiveBillingEvent } from './billing-events.service';

const webhookResponse = z.object({ received: z.literal(true) });

function callerOf(request: FastifyRequest): BillingCaller {
  const auth = signedIn(request);
  return {
    userId: auth.user.id,
    email: auth.user.email,
    workspaceId: auth.workspaceId,
    workspaceName: auth.user.workspace.name,
    role: auth.user.workspace.role,
  };
}

export async function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/create-subscription',
    {
      schema: {
        body: createSubscriptionBody,
        response: { ...errorAnswers(409, 429, 502, 503), 200: createSubscriptionResponse },
      },
    },
    async (request) => createSubscription(ctx, callerOf(request), request.body.plan),
  );

  api.get(
    '/api/billing/subscription',
    { schema: { response: { 200: billingSubscription } } },
    async (request) => getBillingSubscription(ctx, signedIn(request).workspaceId),
  );

  api.post(
    '/api/billing/portal',
    { schema: { response: { ...errorAnswers(409, 502, 503), 200: billingPortalResponse } } },
    async (request) => openBillingPortal(ctx, callerOf(request)),
  );

  api.post(
    '/api/billing/sandbox/confirm',
    {
      schema: {
        body: sandboxConfirmBody,
        response: { ...errorAnswers(402, 503), 200: sandboxConfirmResponse },
      },
    },
    async (request, reply) => {
      const outcome = await confirmSandboxPayment(ctx, signedIn(request).workspaceId, request.body);
      if (outcome.status === 'declined') {
        return sendError(reply, 'payment_failed', outcome.message);
      }
      return { status: outcome.status };
    },
  );

  api.post(
    '/api/billing/sandbox/portal',
    {
      schema: { body: sandboxPortalBody, response: { ...errorAnswers(409, 503), 200: billingSubscription } },
    },
    async (request) => runSandboxPortalAction(ctx, callerOf(request), request.body),
  );

  // Stripe signs the exact bytes it sent: only this scope keeps JSON bodies raw.
  await app.register(async (webhooks) => {
    // The app's JSON parser (plugins/optional-body.ts) is inherited; this scope replaces it.
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.withTypeProvider<ZodTypeProvider>().post(
      '/api/billing/webhook',
      {
        config: { access: 'public' },
        schema: { response: { 200: webhookResponse, ...errorAnswers(400, 404) }, hide: true },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const { provider } = ctx.billing;
        if (!provider) return sendError(reply, 'not_found', 'Billing is off on this server');
        let event: Awaited<ReturnType<typeof provider.parseWebhook>>;
        try {
          event = await provider.parseWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (!(error instanceof WebhookSignatureError)) throw error;
          request.log.warn({ err: error }, 'refused a billing webhook');
          return sendError(reply, 'bad_request', error.message);
        }
        // Thrown errors answer 500 and the event is not remembered: Stripe sends it again.
        const received = await receiveBillingEvent(ctx, provider.kind, event);
        request.log.info({ eventId: event.id, type: event.type, ...received }, 'billing webhook handled');
        return { received: true as const };
      },
    );
  });
}
