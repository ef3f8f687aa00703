import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { WEBHOOK_DISABLE_AFTER_FAILURES, WEBHOOK_SIGNATURE_HEADER } from '../../../contracts/integrations';
import type { AppContext } from '../../context';
import { type Resolve, type SafeFetchResult, safeFetch } from '../../integrations/web/safe-fetch';
import { notifyWorkspace } from '../notifications';
import { signWebhook } from './webhook-signature';
import { webhookFetchPolicy, webhookTargetMessage, webhookUrlFormProblem } from './webhook-url';
import {
  claimDeliveryAttempt,
  findDelivery,
  findEndpoint,
  listStalledDeliveries,
  recordDeliveryAttempt,
  recordEndpointFailure,
  resetEndpointFailures,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repository';

/*
 * Sending a delivery (decision 078): one attempt per job run, POSTed through the SSRF-safe fetch
 * (the address checked again now, no redirect followed, 10 seconds, a little of the answer kept
 * for the log). A 2xx answer succeeds; anything else is retried on WEBHOOK_RETRY_DELAYS_MS, by a
 * new job for the next attempt, and after the last one the delivery fails. An endpoint whose
 * deliveries fail WEBHOOK_DISABLE_AFTER_FAILURES times in a row is disabled, and its owners and
 * admins are told.
 */

export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver.v1';

/** Waits before attempts 2, 3, …: about 24 hours in all, then the delivery fails for good. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  60_000, // 1 minute
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  8 * 3_600_000,
  8 * 3_600_000,
] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** One attempt, from DNS to the answer's last byte. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Of the receiver's answer, this much is read (the rest is dropped unread). */
const ANSWER_READ_BYTES = 4096;
/** Of it, this much goes into the log's error. */
const ANSWER_LOGGED_CHARS = 300;
export const WEBHOOK_USER_AGENT = 'Kitepost-Webhooks/1.0 (+https://kitepost.app/api/docs)';

export const webhookDeliverPayload = z.object({
  deliveryId: z.uuid(),
  /** Which attempt this job makes: a job run twice finds it made and does nothing. */
  attempt: z.number().int().min(1),
});
export type WebhookDeliverPayload = z.infer<typeof webhookDeliverPayload>;

export type DeliveryWork = Pick<AppContext, 'database' | 'jobs' | 'log' | 'config' | 'tokenCipher' | 'mail'>;

export async function queueDeliveryAttempt(
  ctx: Pick<AppContext, 'jobs'>,
  deliveryId: string,
  attempt: number,
  at?: Date,
): Promise<void> {
  await ctx.jobs.send(WEBHOOK_DELIVER_JOB, { deliveryId, attempt }, at ? { startAfter: at } : {});
}

export interface DeliveryOutcome {
  result: 'succeeded' | 'retrying' | 'failed' | 'skipped';
  /** The receiver's HTTP status; null: no answer. */
  responseStatus: number | null;
  error: string | null;
}

const skipped: DeliveryOutcome = { result: 'skipped', responseStatus: null, error: null };

/**
 * Attempt `payload.attempt` of a pending delivery. `now` and `resolve` are for tests (the clock
 * moved on to a later attempt; a name server that rebinds).
 */
export async function deliverWebhook(
  ctx: DeliveryWork,
  payload: WebhookDeliverPayload,
  options: { now?: Date; resolve?: Resolve } = {},
): Promise<DeliveryOutcome> {
  const db = ctx.database.db;
  const now = options.now ?? new Date();
  const pending = await findDelivery(db, payload.deliveryId);
  if (pending?.status !== 'pending') return skipped;
  const endpoint = await findEndpoint(db, pending.endpointId);
  if (!endpoint) return skipped;
  if (endpoint.disabledAt) {
    const error = 'Not sent: the webhook was turned off.';
    await recordDeliveryAttempt(db, pending.id, { status: 'failed', error, nextAttemptAt: null });
    return { result: 'failed', responseStatus: null, error };
  }
  const delivery = await claimDeliveryAttempt(db, pending.id, payload.attempt, now);
  if (!delivery) return skipped;

  const started = performance.now();
  const sent = await send(ctx, endpoint, delivery, now, options.resolve);
  const durationMs = Math.round(performance.now() - started);
  if (sent.ok) {
    await recordDeliveryAttempt(db, delivery.id, {
      status: 'succeeded',
      responseStatus: sent.status,
      durationMs,
      error: null,
      nextAttemptAt: null,
    });
    await resetEndpointFailures(db, endpoint.id);
    return { result: 'succeeded', responseStatus: sent.status, error: null };
  }

  const failed = { responseStatus: sent.status, durationMs, error: sent.error };
  if (payload.attempt < WEBHOOK_MAX_ATTEMPTS) {
    const delay = WEBHOOK_RETRY_DELAYS_MS[payload.attempt - 1] ?? WEBHOOK_RETRY_DELAYS_MS[0];
    const nextAttemptAt = new Date(now.getTime() + delay);
    await recordDeliveryAttempt(db, delivery.id, { ...failed, nextAttemptAt });
    await queueDeliveryAttempt(ctx, delivery.id, payload.attempt + 1, nextAttemptAt);
    return { result: 'retrying', responseStatus: sent.status, error: sent.error };
  }
  await recordDeliveryAttempt(db, delivery.id, { ...failed, status: 'failed', nextAttemptAt: null });
  await countEndpointFailure(ctx, endpoint, sent.error, now);
  return { result: 'failed', responseStatus: sent.status, error: sent.error };
}

type Sent = { ok: true; status: number } | { ok: false; status: number | null; error: string };

async function send(
  ctx: DeliveryWork,
  endpoint: WebhookEndpointRow,
  delivery: WebhookDeliveryRow,
  now: Date,
  resolve: Resolve | undefined,
): Promise<Sent> {
  // The setting may have changed since the endpoint was registered: its rules apply now.
  const problem = webhookUrlFormProblem(endpoint.url, ctx.config);
  if (problem) return { ok: false, status: null, error: `Not sent: ${problem}` };
  let secrets: string[];
  try {
    secrets = signingSecrets(ctx, endpoint, now);
  } catch (error) {
    ctx.log.error({ err: error, endpointId: endpoint.id }, 'a webhook secret could not be unsealed');
    return { ok: false, status: null, error: 'Not sent: the signing secret is unreadable; rotate it.' };
  }
  const answer = await safeFetch(endpoint.url, webhookFetchPolicy(ctx.config), {
    accept: 'any',
    maxBytes: ANSWER_READ_BYTES,
    overLimit: 'truncate',
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    answerEveryStatus: true,
    post: {
      body: delivery.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        // Signed with the moment it leaves (the receiver checks it is fresh), whatever `now` says.
        [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signWebhook(delivery.body, secrets, new Date()),
        'kitepost-event-id': delivery.eventId,
        'kitepost-event-type': delivery.eventType,
        'kitepost-delivery-id': delivery.id,
      },
    },
    ...(resolve ? { resolve } : {}),
  });
  if (!answer.ok) return { ok: false, status: null, error: failureMessage(answer) };
  if (answer.status >= 200 && answer.status <= 299) return { ok: true, status: answer.status };
  return { ok: false, status: answer.status, error: answerMessage(answer) };
}

/** The current secret, and the previous one during its overlap after a rotation. */
function signingSecrets(ctx: Pick<AppContext, 'tokenCipher'>, endpoint: WebhookEndpointRow, now: Date) {
  const secrets = [ctx.tokenCipher.decrypt(endpoint.secretSealed)];
  if (
    endpoint.previousSecretSealed &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > now
  ) {
    secrets.push(ctx.tokenCipher.decrypt(endpoint.previousSecretSealed));
  }
  return secrets;
}

function failureMessage(answer: Extract<SafeFetchResult, { ok: false }>): string {
  switch (answer.reason) {
    case 'blocked_address':
    case 'unresolvable':
      return `Not sent: ${webhookTargetMessage(answer.reason, answer.detail)}`;
    case 'timeout':
      return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`;
    case 'unreachable':
      return `The receiver could not be reached (${answer.detail}).`;
    default:
      return `Not sent: ${answer.detail}.`;
  }
}

function answerMessage(answer: Extract<SafeFetchResult, { ok: true }>): string {
  const text = answer.body.toString('utf8').replace(/\s+/g, ' ').trim();
  const excerpt = text.length > ANSWER_LOGGED_CHARS ? `${text.slice(0, ANSWER_LOGGED_CHARS - 1)}…` : text;
  const redirect = answer.status >= 300 && answer.status <= 399 ? ' (redirects are not followed)' : '';
  return `The receiver answered ${answer.status}${redirect}${excerpt ? `: ${excerpt}` : '.'}`;
}

async function countEndpointFailure(
  ctx: DeliveryWork,
  endpoint: WebhookEndpointRow,
  lastError: string,
  now: Date,
): Promise<void> {
  const reason = `Turned off after ${WEBHOOK_DISABLE_AFTER_FAILURES} deliveries in a row failed (each after ${WEBHOOK_MAX_ATTEMPTS} attempts over about a day).`;
  const counted = await recordEndpointFailure(ctx.database.db, endpoint.id, {
    limit: WEBHOOK_DISABLE_AFTER_FAILURES,
    at: now,
    reason,
  });
  if (!counted?.disabledNow) return;
  ctx.log.info({ endpointId: endpoint.id, failures: counted.failures }, 'webhook endpoint disabled');
  try {
    await notifyWorkspace(ctx, {
      workspaceId: endpoint.workspaceId,
      kind: 'webhook_disabled',
      title: 'A webhook was turned off',
      body: `Kitepost stopped sending events to ${endpoint.url} after ${counted.failures} deliveries in a row failed. The last one: ${lastError} Fix the receiver, then turn the webhook back on in Settings › Webhooks.`,
      link: '/settings/webhooks',
      to: { roles: ['owner', 'admin'] },
    });
  } catch (error) {
    ctx.log.error(
      { err: error, endpointId: endpoint.id },
      'the workspace could not be told about its webhook',
    );
  }
}

/** How long past due a pending delivery is left alone before the sweep sends it again. */
const STALLED_AFTER_MS = 15 * 60_000;

/**
 * The hourly sweep (cleanup job): a pending delivery whose job was lost is queued again, and one
 * whose attempt was cut off (the process died between claiming and recording it) counts that
 * attempt as failed and goes on to the next, or fails for good after the last. Sending a job twice
 * is safe: an attempt is claimed by its number, so only one run sends it.
 */
export async function resumeStalledDeliveries(ctx: DeliveryWork, now = new Date()): Promise<number> {
  const db = ctx.database.db;
  const stalled = await listStalledDeliveries(db, new Date(now.getTime() - STALLED_AFTER_MS));
  for (const delivery of stalled) {
    if (delivery.nextAttemptAt) {
      await recordDeliveryAttempt(db, delivery.id, { nextAttemptAt: now });
      await queueDeliveryAttempt(ctx, delivery.id, delivery.attempts + 1);
      continue;
    }
    const error = 'The attempt was cut off (the server stopped while sending).';
    if (delivery.attempts >= WEBHOOK_MAX_ATTEMPTS) {
      await recordDeliveryAttempt(db, delivery.id, { status: 'failed', error, nextAttemptAt: null });
      const endpoint = await findEndpoint(db, delivery.endpointId);
      if (endpoint) await countEndpointFailure(ctx, endpoint, error, now);
      continue;
    }
    await recordDeliveryAttempt(db, delivery.id, { error, nextAttemptAt: now });
    await queueDeliveryAttempt(ctx, delivery.id, delivery.attempts + 1);
  }
  return stalled.length;
}
