import { z } from 'zod';
import { safeString } from './common';
import type { PlanId } from './plans';

/*
 * The public API (issue 26): API keys, idempotency and webhooks. Shared by the server's routes,
 * the OpenAPI document and the Settings › API and Settings › Webhooks screens.
 */

/** Which plans include API keys and webhooks (decision 076): Professional and above. */
export const integrationsByPlan: Record<PlanId, boolean> = {
  free: false,
  starter: false,
  professional: true,
  enterprise: true,
};
export const INTEGRATIONS_FEATURE_NAME = 'the API and webhooks';

// --- API keys -------------------------------------------------------------------------------

/** Every key starts so; secret scanners (and people) recognise it. */
export const API_KEY_PREFIX = 'kp_live_';
/** Characters of the key kept in clear to tell keys apart in lists (prefix included). */
export const API_KEY_SHOWN_CHARS = 12;
/** At most this many keys (revoked ones not counted) per workspace. */
export const API_KEYS_PER_WORKSPACE = 25;

/**
 * The roles a key may act as: every invitable role, never owner (ownership is not delegated,
 * decision 076), and never above its creator's.
 */
export const apiKeyRole = z.enum(['admin', 'editor', 'approver', 'viewer']);
export type ApiKeyRole = z.infer<typeof apiKeyRole>;

export const createApiKeyBody = z.object({
  name: safeString().trim().min(1, 'Give the key a name').max(80, 'At most 80 characters'),
  role: apiKeyRole,
  /** ISO date-time; absent or null: the key does not expire. */
  expiresAt: z.iso.datetime({ offset: true, message: 'Not a date-time' }).nullish(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  role: apiKeyRole,
  /** The key's first characters, e.g. "kp_live_a1B2". */
  prefix: z.string(),
  createdBy: z.object({ id: z.string().nullable(), name: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const apiKeyList = z.object({ keys: z.array(apiKey) });
export type ApiKeyList = z.infer<typeof apiKeyList>;

export const apiKeyIdParams = z.strictObject({ id: z.uuid('Not an API key id') });

/** The answer of POST /api/api-keys: the only time the secret is shown. */
export const createdApiKey = apiKey.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

/** The MCP server (Streamable HTTP) AI assistants reach with an API key (issue 26). */
export const MCP_PATH = '/api/mcp';

// --- Idempotency ----------------------------------------------------------------------------

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Stripe's rules: keys up to 255 characters, kept 24 hours. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_TTL_HOURS = 24;

// --- Webhooks -------------------------------------------------------------------------------

export const webhookEventTypes = [
  'post.scheduled',
  'post.published',
  'post.failed',
  'post.missed',
  'post.approval_requested',
  'post.approved',
  'post.changes_requested',
  'account.connected',
  'account.needs_reauth',
  'subscription.changed',
] as const;
export const webhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** One line per event, shown where events are chosen. */
export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  'post.scheduled': 'A post was scheduled or queued.',
  'post.published': 'A post went out on a network.',
  'post.failed': 'A post could not be published.',
  'post.missed': 'A post was not published at its time.',
  'post.approval_requested': 'A post is waiting for an approver.',
  'post.approved': 'An approver approved a post.',
  'post.changes_requested': 'An approver asked for changes.',
  'account.connected': 'A social account was connected.',
  'account.needs_reauth': 'A social account must be reconnected.',
  'subscription.changed': "The workspace's plan or its status changed.",
};

export const WEBHOOK_SIGNATURE_HEADER = 'Kitepost-Signature';
/** Endpoints per workspace. */
export const WEBHOOKS_PER_WORKSPACE = 10;
/** Failed deliveries in a row (each after all its retries) before an endpoint is disabled. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 5;

const webhookEvents = z
  .array(webhookEventType)
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

export const createWebhookBody = z.object({
  url: safeString().trim().min(1, 'Enter the URL').max(2048, 'At most 2048 characters'),
  events: webhookEvents,
  description: safeString().trim().max(200, 'At most 200 characters').optional(),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

export const updateWebhookBody = z.object({
  url: safeString().trim().min(1, 'Enter the URL').max(2048, 'At most 2048 characters').optional(),
  events: webhookEvents.optional(),
  description: safeString().trim().max(200, 'At most 200 characters').optional(),
  /** false disables the endpoint; true enables it again (and resets its failure count). */
  enabled: z.boolean().optional(),
  /** true: a new secret is made and answered once; the old one still signs for 24 hours. */
  rotateSecret: z.boolean().optional(),
});
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const webhookIdParams = z.strictObject({ id: z.uuid('Not a webhook id') });
export const webhookDeliveryParams = z.strictObject({
  id: z.uuid('Not a webhook id'),
  deliveryId: z.uuid('Not a delivery id'),
});
export const webhookDeliveriesQuery = z.strictObject({
  /** The `nextCursor` of the page before: the deliveries older than it. */
  cursor: z.uuid('Not a delivery cursor').optional(),
});

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventType),
  description: z.string(),
  enabled: z.boolean(),
  /** Why it is disabled: said by a person, or after repeated failures. */
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: z.string(),
  /** The secret's first characters, e.g. "whsec_a1B2". */
  secretPrefix: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookList = z.object({ webhooks: z.array(webhookEndpoint) });
export type WebhookList = z.infer<typeof webhookList>;

/** The answer of POST /api/webhooks and of a PATCH that rotates: the secret, shown once. */
export const webhookWithSecret = webhookEndpoint.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const webhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatus>;

export const webhookDelivery = z.object({
  id: z.string(),
  /** The event's id: the same in every delivery and redelivery of one event. */
  eventId: z.string(),
  type: webhookEventType,
  status: webhookDeliveryStatus,
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt; null: no answer (refused, timed out). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why the last attempt failed, in words. */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The body as sent. */
  body: z.string(),
  redeliveryOf: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** Deliveries come newest first, a page at a time. */
export const WEBHOOK_DELIVERIES_PAGE = 100;

export const webhookDeliveryList = z.object({
  deliveries: z.array(webhookDelivery),
  /** The `cursor` of the next (older) page; null: this was the last. */
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;

/** What a receiver gets: `{id, type, createdAt, data}`. */
export interface WebhookEventBody<T = unknown> {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: T;
}
