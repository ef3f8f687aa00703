import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { WebhookEventType, WebhookWithSecret } from '../../src/contracts/integrations';
import type { WebhookPost } from '../../src/contracts/webhook-events';
import { webhookDeliveries } from '../../src/server/db/schema';
import { WEBHOOK_DELIVER_JOB } from '../../src/server/modules/webhooks';
import type { WebhookReceiver } from '../fakes/web/webhook-receiver';
import type { TestApp } from '../setup/app';
import { asUser } from './posts';
import { newWorkspace } from './publishing';

/** A new workspace with one endpoint on a receiver path of its own, subscribed to `events`. */
export async function workspaceWithEndpoint(
  t: TestApp,
  receiver: WebhookReceiver,
  events: WebhookEventType[] = ['post.published', 'post.scheduled'],
) {
  const owner = await newWorkspace(t);
  const api = asUser(t.app, owner.cookie);
  const path = `/hooks/${randomBytes(4).toString('hex')}`;
  const created = await api.post('/api/webhooks', { url: `${receiver.origin}${path}`, events });
  if (created.statusCode !== 201)
    throw new Error(`webhook not created: ${created.statusCode} ${created.body}`);
  return { ...owner, api, path, endpoint: created.json() as WebhookWithSecret };
}

/** The `data` of a post event. */
export const samplePost = (id: string = randomUUID()): { post: WebhookPost } => ({
  post: {
    id,
    status: 'published',
    content: 'Fresh sourdough at 7',
    platform: 'twitter',
    accountId: null,
    scheduledAt: null,
    publishedAt: new Date().toISOString(),
    url: 'https://x.com/shop/status/1',
    error: null,
  },
});

/** An endpoint's delivery rows, oldest first. */
export async function deliveriesOf(t: TestApp, endpointId: string) {
  return t.ctx.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.createdAt);
}

/** The endpoint's one delivery (fails when there are none or several). */
export async function onlyDelivery(t: TestApp, endpointId: string) {
  const rows = await deliveriesOf(t, endpointId);
  const [delivery] = rows;
  if (!delivery || rows.length > 1) throw new Error(`expected one delivery, found ${rows.length}`);
  return delivery;
}

/** The delivery jobs pg-boss holds for a delivery, oldest first: the attempt each makes and when. */
export async function deliveryJobsOf(t: TestApp, deliveryId: string) {
  const result = await t.ctx.database.db.execute(
    sql`select (data->>'attempt')::int as attempt, start_after as "startAfter"
        from pgboss.job where name = ${WEBHOOK_DELIVER_JOB} and data->>'deliveryId' = ${deliveryId}
        order by created_on`,
  );
  return (result as unknown as { rows: Array<{ attempt: number; startAfter: string | Date }> }).rows.map(
    (row) => ({ attempt: Number(row.attempt), startAfter: new Date(row.startAfter) }),
  );
}
