import type { z } from 'zod';
import {
  type createWebhookBody,
  type updateWebhookBody,
  WEBHOOK_DELIVERIES_PAGE,
  WEBHOOKS_PER_WORKSPACE,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookList,
  type WebhookWithSecret,
} from '../../../contracts/integrations';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { Resolve } from '../../integrations/web/safe-fetch';
import { AppError } from '../../lib/app-error';
import { insertAuditEntry } from '../audit';
import { requireIntegrations } from '../plans';
import { queueDeliveryAttempt } from './webhook-delivery.service';
import { generateWebhookSecret } from './webhook-signature';
import { checkWebhookUrl } from './webhook-url';
import {
  countWorkspaceEndpoints,
  deleteWorkspaceEndpoint,
  findEndpointDelivery,
  findWorkspaceEndpoint,
  insertDeliveries,
  insertEndpoint,
  listEndpointDeliveries,
  listWorkspaceEndpoints,
  updateWorkspaceEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repository';

/*
 * A workspace's webhook endpoints (issue 26, decision 078): register, change, rotate the secret,
 * remove; read the delivery log and send a delivery again. Reading and removing work on every
 * plan (a workspace that lost the plan can clean up); anything that makes deliveries needs one
 * with integrations.
 */

type WebhookWork = Pick<AppContext, 'database' | 'config' | 'jobs' | 'tokenCipher'>;

export interface WebhookActor {
  workspaceId: string;
  /** The member, or the creator of the API key used. */
  userId: string;
  /** The API key the change was made with; null or absent: a session. */
  apiKeyId?: string | null;
  ip: string;
}

/** After a rotation, the previous secret still signs this long (Stripe's overlap). */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;

export const webhookMessages = {
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  tooMany: `A workspace can have at most ${WEBHOOKS_PER_WORKSPACE} webhooks. Remove one first.`,
  disabled: 'This webhook is turned off. Turn it on before sending a delivery again.',
} as const;

export async function listWebhooks(db: Db, workspaceId: string): Promise<WebhookList> {
  return { webhooks: (await listWorkspaceEndpoints(db, workspaceId)).map(toWebhookEndpoint) };
}

/** POST /api/webhooks: the URL checked (form, and where its host resolves now); the secret shown once. */
export async function createWebhook(
  ctx: WebhookWork,
  actor: WebhookActor,
  body: z.output<typeof createWebhookBody>,
  options: { resolve?: Resolve } = {},
): Promise<WebhookWithSecret> {
  const db = ctx.database.db;
  await requireIntegrations(db, actor.workspaceId);
  if ((await countWorkspaceEndpoints(db, actor.workspaceId)) >= WEBHOOKS_PER_WORKSPACE) {
    throw new AppError('conflict', webhookMessages.tooMany);
  }
  const url = await checkedUrl(ctx, body.url, options.resolve);
  const { secret, prefix } = generateWebhookSecret();
  const row = await insertEndpoint(db, {
    workspaceId: actor.workspaceId,
    createdByUserId: actor.userId,
    url,
    events: body.events,
    description: body.description ?? '',
    secretSealed: ctx.tokenCipher.encrypt(secret),
    secretPrefix: prefix,
  });
  await audit(db, actor, 'webhook.created', row, { url: row.url, events: row.events });
  return { ...toWebhookEndpoint(row), secret };
}

/**
 * PATCH /api/webhooks/:id. Turning a webhook off works on every plan; the rest needs the plan.
 * Turning it on forgets its failures. `rotateSecret` answers the new secret, once.
 */
export async function updateWebhook(
  ctx: WebhookWork,
  actor: WebhookActor,
  id: string,
  body: z.output<typeof updateWebhookBody>,
  options: { resolve?: Resolve; now?: Date } = {},
): Promise<WebhookEndpoint | WebhookWithSecret> {
  const db = ctx.database.db;
  const now = options.now ?? new Date();
  const current = await requireEndpoint(db, actor.workspaceId, id);
  const onlyTurnsOff = Object.entries(body).every(
    ([key, value]) => value === undefined || (key === 'enabled' && value === false),
  );
  if (!onlyTurnsOff) await requireIntegrations(db, actor.workspaceId);

  const changes: Partial<WebhookEndpointRow> = {};
  if (body.url !== undefined && body.url !== current.url) {
    changes.url = await checkedUrl(ctx, body.url, options.resolve);
  }
  if (body.events !== undefined) changes.events = body.events;
  if (body.description !== undefined) changes.description = body.description;
  if (body.enabled === true && current.disabledAt) {
    Object.assign(changes, { disabledAt: null, disabledReason: null, consecutiveFailures: 0 });
  }
  if (body.enabled === false && !current.disabledAt) {
    Object.assign(changes, { disabledAt: now, disabledReason: 'Turned off by a member of the workspace.' });
  }
  let secret: string | undefined;
  if (body.rotateSecret) {
    const fresh = generateWebhookSecret();
    secret = fresh.secret;
    Object.assign(changes, {
      secretSealed: ctx.tokenCipher.encrypt(fresh.secret),
      secretPrefix: fresh.prefix,
      previousSecretSealed: current.secretSealed,
      previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS),
    });
  }
  if (Object.keys(changes).length === 0) return toWebhookEndpoint(current);
  const row = await updateWorkspaceEndpoint(db, actor.workspaceId, id, changes);
  if (!row) throw new AppError('not_found', webhookMessages.notFound);
  await audit(db, actor, secret ? 'webhook.secret_rotated' : 'webhook.updated', row, {
    url: row.url,
    events: row.events,
    enabled: row.disabledAt === null,
  });
  return secret ? { ...toWebhookEndpoint(row), secret } : toWebhookEndpoint(row);
}

export async function deleteWebhook(ctx: WebhookWork, actor: WebhookActor, id: string): Promise<void> {
  const db = ctx.database.db;
  const current = await requireEndpoint(db, actor.workspaceId, id);
  if (!(await deleteWorkspaceEndpoint(db, actor.workspaceId, id))) {
    throw new AppError('not_found', webhookMessages.notFound);
  }
  await audit(db, actor, 'webhook.deleted', current, { url: current.url });
}

/** GET /api/webhooks/:id/deliveries: newest first, WEBHOOK_DELIVERIES_PAGE at a time. */
export async function listWebhookDeliveries(
  db: Db,
  workspaceId: string,
  id: string,
  cursor?: string,
): Promise<WebhookDeliveryList> {
  await requireEndpoint(db, workspaceId, id);
  const after = cursor ? await findEndpointDelivery(db, workspaceId, id, cursor) : undefined;
  if (cursor && !after)
    throw new AppError('bad_request', 'That cursor is not one of this webhook’s deliveries.');
  const rows = await listEndpointDeliveries(db, workspaceId, id, {
    limit: WEBHOOK_DELIVERIES_PAGE + 1,
    ...(after ? { before: { createdAt: after.createdAt, id: after.id } } : {}),
  });
  const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE);
  const last = page.at(-1);
  return {
    deliveries: page.map(toWebhookDelivery),
    nextCursor: rows.length > WEBHOOK_DELIVERIES_PAGE && last ? last.id : null,
  };
}

/**
 * POST /api/webhooks/:id/deliveries/:deliveryId/redeliver: the same event (id and body) sent again
 * as a new delivery, whose first attempt is queued now.
 */
export async function redeliverWebhook(
  ctx: WebhookWork,
  actor: WebhookActor,
  id: string,
  deliveryId: string,
  now = new Date(),
): Promise<WebhookDelivery> {
  const db = ctx.database.db;
  const endpoint = await requireEndpoint(db, actor.workspaceId, id);
  const original = await findEndpointDelivery(db, actor.workspaceId, id, deliveryId);
  if (!original) throw new AppError('not_found', webhookMessages.deliveryNotFound);
  await requireIntegrations(db, actor.workspaceId);
  if (endpoint.disabledAt) throw new AppError('conflict', webhookMessages.disabled);
  const [row] = await insertDeliveries(db, [
    {
      endpointId: endpoint.id,
      workspaceId: actor.workspaceId,
      eventId: original.eventId,
      eventType: original.eventType,
      body: original.body,
      redeliveryOf: original.id,
      nextAttemptAt: now,
      createdAt: now,
    },
  ]);
  if (!row) throw new Error('redelivery not inserted');
  await queueDeliveryAttempt(ctx, row.id, 1);
  await audit(db, actor, 'webhook.redelivered', endpoint, { deliveryId: row.id, of: original.id });
  return toWebhookDelivery(row);
}

async function checkedUrl(ctx: Pick<AppContext, 'config'>, raw: string, resolve?: Resolve): Promise<string> {
  const checked = await checkWebhookUrl(raw, ctx.config, resolve);
  if (!checked.ok) throw new AppError('bad_request', checked.message);
  return checked.url;
}

async function requireEndpoint(db: Db, workspaceId: string, id: string): Promise<WebhookEndpointRow> {
  const row = await findWorkspaceEndpoint(db, workspaceId, id);
  if (!row) throw new AppError('not_found', webhookMessages.notFound);
  return row;
}

async function audit(
  db: Db,
  actor: WebhookActor,
  action: string,
  endpoint: WebhookEndpointRow,
  after: Record<string, unknown>,
) {
  await insertAuditEntry(db, {
    actorUserId: actor.userId,
    action,
    targetType: 'webhook_endpoint',
    targetId: endpoint.id,
    after: { workspaceId: actor.workspaceId, apiKeyId: actor.apiKeyId ?? null, ...after },
    ipAddress: actor.ip,
  });
}

export function toWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.disabledAt === null,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
    secretPrefix: row.secretPrefix,
  };
}

function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    body: row.body,
    redeliveryOf: row.redeliveryOf,
  };
}
