import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  type WebhookDelivery,
  type WebhookEventType,
} from '../../src/contracts/integrations';
import { webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema';
import { cleanupExpiredJob } from '../../src/server/jobs/cleanup-expired.job';
import { deliverWebhook, emitWebhookEvent, resumeStalledDeliveries } from '../../src/server/modules/webhooks';
import { notificationsOf } from '../factories/publishing';
import {
  deliveriesOf,
  deliveryJobsOf,
  onlyDelivery,
  samplePost,
  workspaceWithEndpoint,
} from '../factories/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../fakes/web/webhook-receiver';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Webhook deliveries through the real app and a real receiver on 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE
 * lets the app reach it): signing, retries, rotation, redelivery, giving up. Attempts are made by
 * calling the job's use case (deliverWebhook) with the clock moved on, as the worker would after
 * each backoff. Events from real actions, the plan, DNS rebinding and the worker:
 * webhook-events.test.ts.
 */

/**
 * The receiver's check, written from the docs (not imported): the header's t and v1 values,
 * HMAC-SHA256 of `${t}.${raw body}` keyed with the whole secret, compared in constant time, and t
 * within 5 minutes.
 */
function verifySignature(rawBody: string, header: string, secret: string): boolean {
  const fields = header.split(',').map((field) => field.split('='));
  const t = Number(fields.find(([key]) => key === 't')?.[1]);
  const signatures = fields
    .filter(([key]) => key === 'v1')
    .map(([, value]) => Buffer.from(value ?? '', 'hex'));
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const fresh = Math.abs(Date.now() / 1000 - t) <= 300;
  return fresh && signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected));
}

const MINUTE = 60_000;

describe.each(databaseKinds)('webhook deliveries on %s', (kind) => {
  let open: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    open = await buildTestApp(kind, { WEBHOOKS_ALLOW_PRIVATE: 'true' });
  });
  afterAll(async () => {
    await open?.close();
    await receiver?.close();
  });

  const withEndpoint = (events?: WebhookEventType[]) => workspaceWithEndpoint(open, receiver, events);

  it('sends a signed event that the documented recipe verifies, and logs it', async () => {
    const { api, path, endpoint, workspaceId } = await withEndpoint();
    const data = samplePost();
    await emitWebhookEvent(open.ctx, workspaceId, 'post.published', data);
    const delivery = await onlyDelivery(open, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0, eventType: 'post.published' });
    expect(await deliveryJobsOf(open, delivery.id)).toEqual([{ attempt: 1, startAfter: expect.any(Date) }]);

    expect(await deliverWebhook(open.ctx, { deliveryId: delivery.id, attempt: 1 })).toMatchObject({
      result: 'succeeded',
      responseStatus: 200,
    });
    const [got] = receiver.at(path);
    if (!got) throw new Error('nothing received');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['kitepost-event-type']).toBe('post.published');
    const signature = String(got.headers['kitepost-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(got.body, signature, endpoint.secret)).toBe(true);
    expect(verifySignature(`${got.body} `, signature, endpoint.secret)).toBe(false);
    expect(verifySignature(got.body, signature, `${endpoint.secret}x`)).toBe(false);

    const event = JSON.parse(got.body);
    expect(event).toEqual({
      id: delivery.eventId,
      type: 'post.published',
      createdAt: expect.any(String),
      data,
    });
    expect(got.headers['kitepost-event-id']).toBe(event.id);

    const log = await api.get(`/api/webhooks/${endpoint.id}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json()).toEqual({
      deliveries: [
        expect.objectContaining({
          id: delivery.id,
          eventId: event.id,
          type: 'post.published',
          status: 'succeeded',
          attempts: 1,
          responseStatus: 200,
          durationMs: expect.any(Number),
          error: null,
          nextAttemptAt: null,
          body: got.body,
          redeliveryOf: null,
        }),
      ],
      nextCursor: null,
    });
    // Sent once: the same job run again does nothing.
    expect((await deliverWebhook(open.ctx, { deliveryId: delivery.id, attempt: 1 })).result).toBe('skipped');
    expect(receiver.at(path)).toHaveLength(1);
  });

  it('retries a receiver that fails twice after the backoff: three attempts, then succeeded', async () => {
    const { api, path, endpoint, workspaceId } = await withEndpoint();
    receiver.answer(path, 500, 503, 204);
    await emitWebhookEvent(open.ctx, workspaceId, 'post.published', samplePost());
    const { id } = await onlyDelivery(open, endpoint.id);
    const start = new Date();

    const first = await deliverWebhook(open.ctx, { deliveryId: id, attempt: 1 }, { now: start });
    expect(first).toMatchObject({ result: 'retrying', responseStatus: 500 });
    let log = (await api.get(`/api/webhooks/${endpoint.id}/deliveries`)).json()
      .deliveries[0] as WebhookDelivery;
    expect(log).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect(log.error).toBe('The receiver answered 500: receiver says 500');
    expect(log.durationMs).toEqual(expect.any(Number));
    expect(new Date(log.nextAttemptAt ?? 0).getTime()).toBe(start.getTime() + MINUTE);
    const jobs = await deliveryJobsOf(open, id);
    expect(jobs.map((job) => job.attempt)).toEqual([1, 2]);
    expect(jobs[1]?.startAfter.getTime()).toBeGreaterThanOrEqual(start.getTime() + MINUTE - 1000);

    const second = await deliverWebhook(
      open.ctx,
      { deliveryId: id, attempt: 2 },
      { now: new Date(start.getTime() + MINUTE) },
    );
    expect(second).toMatchObject({ result: 'retrying', responseStatus: 503 });
    log = (await api.get(`/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries[0];
    expect(new Date(log.nextAttemptAt ?? 0).getTime()).toBe(start.getTime() + 6 * MINUTE);

    const third = await deliverWebhook(
      open.ctx,
      { deliveryId: id, attempt: 3 },
      { now: new Date(start.getTime() + 6 * MINUTE) },
    );
    expect(third).toMatchObject({ result: 'succeeded', responseStatus: 204 });
    log = (await api.get(`/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries[0];
    expect(log).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      responseStatus: 204,
      error: null,
      nextAttemptAt: null,
    });

    const got = receiver.at(path);
    expect(got).toHaveLength(3);
    // The same bytes each time, signed anew.
    expect(new Set(got.map((request) => request.body)).size).toBe(1);
    for (const request of got) {
      expect(
        verifySignature(request.body, String(request.headers['kitepost-signature']), endpoint.secret),
      ).toBe(true);
    }
  });

  it('signs with the new and the previous secret for 24 hours after a rotation', async () => {
    const { api, path, endpoint, workspaceId } = await withEndpoint();
    const rotated = (await api.patch(`/api/webhooks/${endpoint.id}`, { rotateSecret: true })).json();
    await emitWebhookEvent(open.ctx, workspaceId, 'post.published', samplePost());
    const delivery = await onlyDelivery(open, endpoint.id);
    await deliverWebhook(open.ctx, { deliveryId: delivery.id, attempt: 1 });
    const [got] = receiver.at(path);
    const header = String(got?.headers['kitepost-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifySignature(got?.body ?? '', header, rotated.secret)).toBe(true);
    expect(verifySignature(got?.body ?? '', header, endpoint.secret)).toBe(true);

    // A day later the old secret no longer signs.
    await emitWebhookEvent(open.ctx, workspaceId, 'post.published', samplePost());
    const later = (await deliveriesOf(open, endpoint.id)).find((row) => row.status === 'pending');
    const dayLater = new Date(Date.now() + 24 * 3_600_000 + MINUTE);
    await deliverWebhook(open.ctx, { deliveryId: later?.id ?? '', attempt: 1 }, { now: dayLater });
    const last = receiver.at(path)[1];
    const single = String(last?.headers['kitepost-signature']);
    expect(single).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(last?.body ?? '', single, rotated.secret)).toBe(true);
    expect(verifySignature(last?.body ?? '', single, endpoint.secret)).toBe(false);
  });

  it('redelivers an event as a new delivery with the same event id and body', async () => {
    const { api, path, endpoint, workspaceId } = await withEndpoint();
    await emitWebhookEvent(open.ctx, workspaceId, 'post.published', samplePost());
    const original = await onlyDelivery(open, endpoint.id);
    await deliverWebhook(open.ctx, { deliveryId: original.id, attempt: 1 });

    const again = await api.post(`/api/webhooks/${endpoint.id}/deliveries/${original.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    const queued = again.json() as WebhookDelivery;
    expect(queued).toMatchObject({
      eventId: original.eventId,
      body: original.body,
      redeliveryOf: original.id,
      status: 'pending',
      attempts: 0,
    });
    expect(await deliveryJobsOf(open, queued.id)).toEqual([{ attempt: 1, startAfter: expect.any(Date) }]);
    expect((await deliverWebhook(open.ctx, { deliveryId: queued.id, attempt: 1 })).result).toBe('succeeded');
    expect(receiver.at(path).map((request) => request.body)).toEqual([original.body, original.body]);
    const log = (await api.get(`/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(log.map((row: WebhookDelivery) => row.id)).toEqual([queued.id, original.id]);

    // Another endpoint's delivery, or none: 404. A turned-off endpoint: 409.
    const other = await withEndpoint();
    const crossed = await other.api.post(
      `/api/webhooks/${other.endpoint.id}/deliveries/${original.id}/redeliver`,
    );
    expect(crossed.statusCode).toBe(404);
    const missing = await api.post(
      `/api/webhooks/${endpoint.id}/deliveries/${crypto.randomUUID()}/redeliver`,
    );
    expect(missing.statusCode).toBe(404);
    await api.patch(`/api/webhooks/${endpoint.id}`, { enabled: false });
    const off = await api.post(`/api/webhooks/${endpoint.id}/deliveries/${original.id}/redeliver`);
    expect(off.statusCode).toBe(409);
  });

  it(`gives up after the last attempt; ${WEBHOOK_DISABLE_AFTER_FAILURES} failed deliveries in a row turn the endpoint off and tell owners and admins`, async () => {
    const { api, path, endpoint, workspaceId } = await withEndpoint();
    receiver.answer(path, 500);
    let now = Date.now();
    /** One event, every attempt made as its backoff comes due: the delivery's final outcome. */
    async function failOneDelivery() {
      await emitWebhookEvent(open.ctx, workspaceId, 'post.published', samplePost());
      const [delivery] = (await deliveriesOf(open, endpoint.id)).filter((row) => row.status === 'pending');
      if (!delivery) throw new Error('no pending delivery');
      let outcome: Awaited<ReturnType<typeof deliverWebhook>> | undefined;
      for (let attempt = 1; attempt <= 8; attempt += 1) {
        outcome = await deliverWebhook(
          open.ctx,
          { deliveryId: delivery.id, attempt },
          { now: new Date(now) },
        );
        now += 10 * 3_600_000;
      }
      return outcome;
    }

    for (let n = 1; n < WEBHOOK_DISABLE_AFTER_FAILURES; n += 1) {
      expect((await failOneDelivery())?.result).toBe('failed');
    }
    const [before] = await open.ctx.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(before).toMatchObject({
      consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILURES - 1,
      disabledAt: null,
    });
    expect(receiver.at(path)).toHaveLength(8 * (WEBHOOK_DISABLE_AFTER_FAILURES - 1));
    expect(await notificationsOf(open, workspaceId)).toEqual([]);

    expect((await failOneDelivery())?.result).toBe('failed');
    const listed = (await api.get('/api/webhooks')).json().webhooks[0];
    expect(listed).toMatchObject({
      enabled: false,
      consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILURES,
      disabledReason: expect.stringMatching(/Turned off after 5 deliveries in a row failed/),
    });
    const notices = await notificationsOf(open, workspaceId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'webhook_disabled', title: 'A webhook was turned off' });
    expect(notices[0]?.body).toContain(endpoint.url);
    expect(notices[0]?.body).toContain('The receiver answered 500');
    const failed = (await api.get(`/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries[0];
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null, responseStatus: 500 });

    // Turned off: no new deliveries. Turned on again: its failures are forgotten.
    const count = (await deliveriesOf(open, endpoint.id)).length;
    await emitWebhookEvent(open.ctx, workspaceId, 'post.published', samplePost());
    expect(await deliveriesOf(open, endpoint.id)).toHaveLength(count);
    const on = await api.patch(`/api/webhooks/${endpoint.id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null });
  });

  it('sends again what was left pending: a lost job, and an attempt cut off by a restart', async () => {
    const { endpoint, workspaceId } = await withEndpoint();
    await emitWebhookEvent(open.ctx, workspaceId, 'post.published', samplePost());
    await emitWebhookEvent(open.ctx, workspaceId, 'post.published', samplePost());
    const [lost, cut] = await deliveriesOf(open, endpoint.id);
    if (!lost || !cut) throw new Error('two deliveries expected');
    const hourAgo = new Date(Date.now() - 3_600_000);
    // Lost: its first attempt was due an hour ago and never ran. Cut off: attempt 1 was claimed
    // an hour ago (a claim clears next_attempt_at) and never recorded.
    const db = open.ctx.database.db;
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: hourAgo })
      .where(eq(webhookDeliveries.id, lost.id));
    await db
      .update(webhookDeliveries)
      .set({ attempts: 1, lastAttemptAt: hourAgo, nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, cut.id));

    expect(await resumeStalledDeliveries(open.ctx)).toBe(2);
    expect((await deliveryJobsOf(open, lost.id)).map((job) => job.attempt)).toEqual([1, 1]);
    expect((await deliveryJobsOf(open, cut.id)).map((job) => job.attempt)).toEqual([1, 2]);
    // Nothing is resumed twice, and a fresh pending delivery is left alone.
    expect(await resumeStalledDeliveries(open.ctx)).toBe(0);

    // The lost job's attempt runs once however many jobs carry it; the cut one goes on to attempt 2.
    expect(await deliverWebhook(open.ctx, { deliveryId: lost.id, attempt: 1 })).toMatchObject({
      result: 'succeeded',
    });
    expect(await deliverWebhook(open.ctx, { deliveryId: lost.id, attempt: 1 })).toMatchObject({
      result: 'skipped',
    });
    expect(await deliverWebhook(open.ctx, { deliveryId: cut.id, attempt: 2 })).toMatchObject({
      result: 'succeeded',
    });
    const rows = await deliveriesOf(open, endpoint.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['succeeded', 1],
      ['succeeded', 2],
    ]);
  });

  it('keeps the delivery log 30 days (the hourly cleanup job)', async () => {
    const { endpoint, workspaceId } = await withEndpoint();
    await emitWebhookEvent(open.ctx, workspaceId, 'post.published', samplePost());
    await emitWebhookEvent(open.ctx, workspaceId, 'post.published', samplePost());
    const [old, recent] = await deliveriesOf(open, endpoint.id);
    await open.ctx.database.db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(webhookDeliveries.id, old?.id ?? ''));
    await cleanupExpiredJob.handle(
      {},
      { database: open.ctx.database, app: open.ctx, log: { info: () => {}, error: () => {} } },
    );
    expect((await deliveriesOf(open, endpoint.id)).map((row) => row.id)).toEqual([recent?.id]);
  });
});
