import {
  deliverWebhook,
  WEBHOOK_DELIVER_JOB,
  type WebhookDeliverPayload,
  webhookDeliverPayload,
} from '../modules/webhooks';
import type { JobDefinition } from './job-definition';

/**
 * One attempt of one webhook delivery (modules/webhooks/webhook-delivery.service.ts, decision
 * 078). Never retried by pg-boss: a failed attempt queues the next one itself, after its backoff,
 * and records when in the delivery log. A job run twice finds its attempt made and does nothing.
 */
export const webhookDeliverJob: JobDefinition<WebhookDeliverPayload> = {
  name: WEBHOOK_DELIVER_JOB,
  payload: webhookDeliverPayload,
  // One attempt waits at most 10 seconds for the receiver.
  queue: { retryLimit: 0, expireInSeconds: 2 * 60 },
  batchSize: 10,
  async handle(payload, { app, log }) {
    const outcome = await deliverWebhook(app, payload);
    if (outcome.result === 'failed') {
      log.info({ deliveryId: payload.deliveryId, error: outcome.error }, 'webhook delivery failed for good');
    }
  },
};
