import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/*
 * Webhook deliveries as Stripe sends them: an event (`object: 'event'`, the pinned API version,
 * the object as `data.object`) serialised once, and its `Stripe-Signature` header computed by
 * Stripe's own test helper over exactly those bytes.
 */

export type StripeWebhookType =
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | (string & Record<never, never>);

export interface SignedStripeEvent {
  /** The raw body to POST. */
  payload: string;
  /** The Stripe-Signature header for it. */
  signature: string;
  event: { id: string; type: string; created: number };
}

export function signStripeEvent(input: {
  type: StripeWebhookType;
  /** The event's object (an invoice, a subscription), as the fake or a test builds it. */
  object: unknown;
  secret: string;
  id?: string;
  /** What changed, for *.updated events. */
  previousAttributes?: Record<string, unknown>;
  /** When the event happened (unix seconds); now by default. */
  created?: number;
  /** The signature's timestamp (unix seconds); now by default. An old one is refused as a replay. */
  timestamp?: number;
}): SignedStripeEvent {
  const created = input.created ?? Math.floor(Date.now() / 1000);
  const id = input.id ?? `evt_${randomBytes(12).toString('hex')}`;
  const event = {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    data: {
      object: input.object,
      ...(input.previousAttributes ? { previous_attributes: input.previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: input.type,
  };
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: input.secret,
    ...(input.timestamp === undefined ? {} : { timestamp: input.timestamp }),
  });
  return { payload, signature, event: { id, type: input.type, created } };
}
