import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEventType } from '../../src/contracts/integrations';
import { InvalidContentError } from '../../src/server/integrations/social/social-provider';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { deliverWebhook, emitWebhookEvent } from '../../src/server/modules/webhooks';
import { createWebhook } from '../../src/server/modules/webhooks/webhooks.service';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import {
  insertAccount,
  insertScheduledPost,
  newWorkspace,
  scriptedPlatform,
  startWorkers,
} from '../factories/publishing';
import { setWorkspacePlan } from '../factories/team';
import { deliveriesOf, onlyDelivery, samplePost, workspaceWithEndpoint } from '../factories/webhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../fakes/web/webhook-receiver';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Which events reach a workspace's webhooks, and when a delivery is refused: an event from a real
 * action, the plan, DNS rebinding at delivery (the app `strict` has the default setting), and the
 * job run by a real worker. Signing, retries and the log: webhook-deliveries.test.ts.
 */

describe.each(databaseKinds)('webhook events on %s', (kind) => {
  let open: TestApp;
  let strict: TestApp;
  let receiver: WebhookReceiver;
  const platform = scriptedPlatform('twitter');

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    open = await buildTestApp(
      kind,
      { WEBHOOKS_ALLOW_PRIVATE: 'true' },
      { socialProviders: { twitter: platform } },
    );
    strict = await buildTestApp(kind);
  });
  afterAll(async () => {
    await open?.close();
    await strict?.close();
    await receiver?.close();
  });

  const withEndpoint = (events?: WebhookEventType[]) => workspaceWithEndpoint(open, receiver, events);

  it('sends post.scheduled when a member schedules a post, with the post in data', async () => {
    const { cookie, path, endpoint, workspaceId } = await withEndpoint(['post.scheduled']);
    const account = await insertAccount(open, workspaceId, { platform: 'twitter' });
    const post = await createPost(open.app, cookie, { platform: 'twitter', content: 'Doors open at 9.' });
    const at = daysFromNow(2);
    const scheduled = await asUser(open.app, cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: at,
      socialAccountId: account.id,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);

    const delivery = await onlyDelivery(open, endpoint.id);
    expect(delivery.eventType).toBe('post.scheduled');
    await deliverWebhook(open.ctx, { deliveryId: delivery.id, attempt: 1 });
    const event = JSON.parse(receiver.at(path)[0]?.body ?? '{}');
    expect(event).toMatchObject({
      type: 'post.scheduled',
      data: {
        post: {
          id: post.id,
          status: 'scheduled',
          content: 'Doors open at 9.',
          platform: 'twitter',
          accountId: account.id,
          scheduledAt: new Date(at).toISOString(),
          publishedAt: null,
          url: null,
          error: null,
        },
      },
    });
  });

  it('sends post.published when the engine publishes a post, and post.failed when the network refuses one', async () => {
    const { workspaceId, endpoint } = await withEndpoint(['post.published', 'post.failed']);
    const account = await insertAccount(open, workspaceId);
    const post = await insertScheduledPost(open, workspaceId, { socialAccountId: account.id });
    expect(await publishPost(open.ctx, { postId: post.id, version: 1 })).toBe('published');
    const refused = await insertScheduledPost(open, workspaceId, { socialAccountId: account.id });
    platform.plan(refused.content, new InvalidContentError('twitter', 'The text of your post is too long.'));
    expect(await publishPost(open.ctx, { postId: refused.id, version: 1 })).toBe('failed');

    const events = (await deliveriesOf(open, endpoint.id)).map((row) => JSON.parse(row.body));
    expect(events.map((event) => [event.type, event.data.post.id])).toEqual([
      ['post.published', post.id],
      ['post.failed', refused.id],
    ]);
    expect(events[0].data.post).toMatchObject({
      status: 'published',
      accountId: account.id,
      url: expect.stringMatching(/^https:\/\/platform\.test\//),
      publishedAt: expect.any(String),
      error: null,
    });
    expect(events[1].data.post).toMatchObject({ status: 'failed', url: null, error: expect.any(String) });
    expect(events[1].data.post.error.length).toBeGreaterThan(0);
  });

  it('sends nothing on a plan without integrations, except subscription.changed', async () => {
    const { endpoint, workspaceId } = await withEndpoint(['post.published', 'subscription.changed']);
    await setWorkspacePlan(open.ctx, workspaceId, 'starter');
    await emitWebhookEvent(open.ctx, workspaceId, 'post.published', samplePost());
    expect(await deliveriesOf(open, endpoint.id)).toEqual([]);
    await emitWebhookEvent(open.ctx, workspaceId, 'subscription.changed', {
      subscription: { plan: 'starter', status: 'active' },
    });
    expect((await deliveriesOf(open, endpoint.id)).map((row) => row.eventType)).toEqual([
      'subscription.changed',
    ]);
  });

  it('refuses at delivery a name that resolved public at registration and private now (DNS rebinding)', async () => {
    const owner = await newWorkspace(strict);
    const api = asUser(strict.app, owner.cookie);
    // The app's own check at registration, with a name server that answers a public address.
    const publicDns = async () => [{ address: '93.184.216.34', family: 4 as const }];
    const rebound = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const endpoint = await createWebhook(
      strict.ctx,
      { workspaceId: owner.workspaceId, userId: owner.user.id, ip: '203.0.113.9' },
      { url: 'https://hooks.rebinding.test/in', events: ['post.published'] },
      { resolve: publicDns },
    );
    expect(endpoint.url).toBe('https://hooks.rebinding.test/in');
    const before = receiver.received.length;

    await emitWebhookEvent(strict.ctx, owner.workspaceId, 'post.published', samplePost());
    const delivery = await onlyDelivery(strict, endpoint.id);
    const outcome = await deliverWebhook(
      strict.ctx,
      { deliveryId: delivery.id, attempt: 1 },
      { resolve: rebound },
    );
    expect(outcome).toMatchObject({ result: 'retrying', responseStatus: null });
    expect(outcome.error).toMatch(/private or local network.*127\.0\.0\.1/);
    expect(receiver.received).toHaveLength(before);
    const log = (await api.get(`/api/webhooks/${endpoint.id}/deliveries`)).json().deliveries[0];
    expect(log).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
    expect(log.error).toMatch(/^Not sent: .*private or local network/);
  });
});

describe.each(databaseKinds)('the webhook delivery job on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await buildTestApp(
      kind,
      { WEBHOOKS_ALLOW_PRIVATE: 'true', JOBS_POLL_SECONDS: '0.5' },
      { role: 'all' },
    );
    await startWorkers(t);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('is run by a worker: an event reaches the receiver without anyone calling it', async () => {
    const owner = await newWorkspace(t);
    const created = await asUser(t.app, owner.cookie).post('/api/webhooks', {
      url: `${receiver.origin}/worker`,
      events: ['account.connected'],
    });
    expect(created.statusCode).toBe(201);
    await emitWebhookEvent(t.ctx, owner.workspaceId, 'account.connected', {
      account: { id: crypto.randomUUID(), platform: 'linkedin', displayName: 'Glow Candles' },
    });
    const deadline = Date.now() + 15_000;
    while (receiver.at('/worker').length === 0 && Date.now() < deadline) await sleep(100);
    expect(receiver.at('/worker')).toHaveLength(1);
    expect(JSON.parse(receiver.at('/worker')[0]?.body ?? '{}').type).toBe('account.connected');
  });
});
