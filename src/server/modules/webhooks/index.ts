// The webhooks module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export {
  deliverWebhook,
  resumeStalledDeliveries,
  WEBHOOK_DELIVER_JOB,
  type WebhookDeliverPayload,
  webhookDeliverPayload,
} from './webhook-delivery.service';
export {
  emitAccountEvent,
  emitPostEvent,
  emitSubscriptionChanged,
  emitWebhookEvent,
} from './webhook-events';
export { deleteDeliveriesBefore } from './webhooks.repository';
