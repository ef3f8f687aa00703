import {
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEventTypes,
} from '../../../contracts/integrations';

/** What a delivery's badge says. */
export type DeliveryState = 'delivered' | 'sending' | 'retrying' | 'failed';

export function deliveryState(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): DeliveryState {
  if (delivery.status === 'succeeded') return 'delivered';
  if (delivery.status === 'failed') return 'failed';
  return delivery.attempts === 0 ? 'sending' : 'retrying';
}

export const deliveryStateLabels: Record<DeliveryState, string> = {
  delivered: 'Delivered',
  sending: 'Sending',
  retrying: 'Retrying',
  failed: 'Failed',
};

/** Whether the log still changes by itself (a delivery waits for its first or next attempt). */
export function hasPendingDelivery(deliveries: Pick<WebhookDelivery, 'status'>[]): boolean {
  return deliveries.some((delivery) => delivery.status === 'pending');
}

/** The receiver's answer: its HTTP status, or why there was none. */
export function answerLabel(delivery: Pick<WebhookDelivery, 'responseStatus' | 'attempts'>): string {
  if (delivery.responseStatus !== null) return String(delivery.responseStatus);
  return delivery.attempts === 0 ? '—' : 'No answer';
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** The events an endpoint gets, in a few words: 'All events' or the list. */
export function eventsSummary(events: readonly WebhookEventType[]): string {
  if (webhookEventTypes.every((type) => events.includes(type))) return 'All events';
  return events.join(', ');
}

/** The body as sent, indented for reading; as it is when it is not JSON. */
export function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Why an endpoint gets nothing, for its badge's neighbour; null while it is enabled. */
export function disabledNote(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason'>): string | null {
  if (endpoint.enabled) return null;
  return endpoint.disabledReason ?? 'Turned off by a member of your team.';
}
