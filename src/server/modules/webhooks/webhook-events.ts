import { randomUUID } from 'node:crypto';
import {
  integrationsByPlan,
  type WebhookEventBody,
  type WebhookEventType,
} from '../../../contracts/integrations';
import type {
  WebhookAccount,
  WebhookEventData,
  WebhookPost,
  WebhookSubscription,
} from '../../../contracts/webhook-events';
import type { AppContext } from '../../context';
import type { posts } from '../../db/schema';
import { queueDeliveryAttempt } from './webhook-delivery.service';
import { insertDeliveries, listSubscribedEndpoints } from './webhooks.repository';

/*
 * Telling a workspace's webhooks that something happened (decision 078). Called right after the
 * action, once it is written: each enabled endpoint subscribed to the event gets a delivery row
 * (the exact body, kept for the log and redelivery) and a job that sends it. Emitting never fails
 * the action it follows: an error is logged, and that event is not delivered.
 */

export type WebhookWork = Pick<AppContext, 'database' | 'jobs' | 'log'>;

export async function emitWebhookEvent<T extends WebhookEventType>(
  ctx: WebhookWork,
  workspaceId: string,
  type: T,
  data: WebhookEventData<T>,
  now = new Date(),
): Promise<void> {
  try {
    const db = ctx.database.db;
    // A plan without integrations sends no events, except the one saying the plan changed: an
    // endpoint hears that its workspace left Professional, and then nothing more.
    const endpoints = (await listSubscribedEndpoints(db, workspaceId, type)).filter(
      (endpoint) => integrationsByPlan[endpoint.plan] || type === 'subscription.changed',
    );
    if (endpoints.length === 0) return;
    const event: WebhookEventBody<WebhookEventData<T>> = {
      id: randomUUID(),
      type,
      createdAt: now.toISOString(),
      data,
    };
    const body = JSON.stringify(event);
    const deliveries = await insertDeliveries(
      db,
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        workspaceId,
        eventId: event.id,
        eventType: type,
        body,
        nextAttemptAt: now,
        createdAt: now,
      })),
    );
    for (const delivery of deliveries) await queueDeliveryAttempt(ctx, delivery.id, 1);
  } catch (error) {
    ctx.log.error({ err: error, workspaceId, type }, 'a webhook event could not be queued');
  }
}

type PostEventType = Extract<WebhookEventType, `post.${string}`>;

/** A post event for each row (one post per account: a group composed at once is several). */
export async function emitPostEvent(
  ctx: WebhookWork,
  type: PostEventType,
  rows: readonly (PostFields & { workspaceId: string })[],
): Promise<void> {
  for (const row of rows) await emitWebhookEvent(ctx, row.workspaceId, type, webhookPostOf(row));
}

/** An account event: account.connected, account.needs_reauth. */
export async function emitAccountEvent(
  ctx: WebhookWork,
  type: Extract<WebhookEventType, `account.${string}`>,
  account: WebhookAccount & { workspaceId: string },
): Promise<void> {
  const { workspaceId, id, platform, displayName } = account;
  await emitWebhookEvent(ctx, workspaceId, type, { account: { id, platform, displayName } });
}

/** subscription.changed: the workspace's plan or its status is now `subscription`. */
export async function emitSubscriptionChanged(
  ctx: WebhookWork,
  workspaceId: string,
  subscription: WebhookSubscription,
): Promise<void> {
  await emitWebhookEvent(ctx, workspaceId, 'subscription.changed', { subscription });
}

type PostFields = Pick<
  typeof posts.$inferSelect,
  | 'id'
  | 'status'
  | 'content'
  | 'platform'
  | 'socialAccountId'
  | 'scheduledAt'
  | 'publishedAt'
  | 'externalUrl'
  | 'failureReason'
>;

/** A post row as the events tell it (contracts/webhook-events.ts). */
export function webhookPostOf(row: PostFields): { post: WebhookPost } {
  return {
    post: {
      id: row.id,
      status: row.status,
      content: row.content,
      platform: row.platform,
      accountId: row.socialAccountId,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      url: row.externalUrl,
      error: row.status === 'failed' || row.status === 'missed' ? row.failureReason : null,
    },
  };
}
