import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOKS_PER_WORKSPACE,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '../../src/contracts/integrations';
import { auditLog, webhookEndpoints } from '../../src/server/db/schema';
import { asKey, createApiKey } from '../factories/api-keys';
import { asUser } from '../factories/posts';
import { newWorkspace } from '../factories/publishing';
import { addMember, setWorkspacePlan } from '../factories/team';
import { startWebhookReceiver, type WebhookReceiver } from '../fakes/web/webhook-receiver';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Webhook endpoints through the real app (issue 26): registering, changing, rotating, removing,
 * and the rules on where they may point. The app `open` runs with WEBHOOKS_ALLOW_PRIVATE=true (a
 * receiver on 127.0.0.1 stands in for a public one); `strict` has the default setting.
 * Deliveries are webhook-deliveries.test.ts.
 */

describe.each(databaseKinds)('webhook endpoints on %s', (kind) => {
  let open: TestApp;
  let strict: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    open = await buildTestApp(kind, { WEBHOOKS_ALLOW_PRIVATE: 'true' });
    strict = await buildTestApp(kind);
  });
  afterAll(async () => {
    await open?.close();
    await strict?.close();
    await receiver?.close();
  });

  const hookUrl = () => `${receiver.origin}/hooks/${randomBytes(4).toString('hex')}`;

  async function owner(t: TestApp = open) {
    const created = await newWorkspace(t);
    return { ...created, api: asUser(t.app, created.cookie) };
  }

  it('registers an endpoint and shows its secret once; lists it with the secret prefix only', async () => {
    const { api, workspaceId } = await owner();
    const url = hookUrl();
    const created = await api.post('/api/webhooks', {
      url,
      events: ['post.published', 'post.failed', 'post.published'],
      description: 'Zapier',
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json() as WebhookWithSecret;
    expect(body).toMatchObject({
      url,
      events: ['post.published', 'post.failed'],
      description: 'Zapier',
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
    });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(body.secretPrefix).toBe(body.secret.slice(0, 10));

    const list = await api.get('/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(body.secret);
    expect(list.json().webhooks).toEqual([
      expect.objectContaining({ id: body.id, secretPrefix: body.secretPrefix }),
    ]);
    expect(list.json().webhooks[0]).not.toHaveProperty('secret');

    // Stored sealed, never in clear; the change is audited.
    const [row] = await open.ctx.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, body.id));
    expect(row?.secretSealed).not.toContain(body.secret);
    expect(open.ctx.tokenCipher.decrypt(row?.secretSealed ?? '')).toBe(body.secret);
    const audit = await open.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, body.id), eq(auditLog.action, 'webhook.created')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ workspaceId, url });
  });

  it('changes the URL, events and description, turns it off and on, and rotates the secret', async () => {
    const { api } = await owner();
    const created = (await api.post('/api/webhooks', { url: hookUrl(), events: ['post.published'] })).json();

    const newUrl = hookUrl();
    const changed = await api.patch(`/api/webhooks/${created.id}`, {
      url: newUrl,
      events: ['account.connected', 'subscription.changed'],
      description: 'CRM',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      url: newUrl,
      events: ['account.connected', 'subscription.changed'],
      description: 'CRM',
    });
    expect(changed.json()).not.toHaveProperty('secret');

    const off = await api.patch(`/api/webhooks/${created.id}`, { enabled: false });
    expect(off.json()).toMatchObject({
      enabled: false,
      disabledReason: expect.stringContaining('Turned off'),
    });
    const on = await api.patch(`/api/webhooks/${created.id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });

    const rotated = await api.patch(`/api/webhooks/${created.id}`, { rotateSecret: true });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json() as WebhookWithSecret;
    expect(next.secret).toMatch(/^whsec_/);
    expect(next.secret).not.toBe(created.secret);
    expect(next.secretPrefix).toBe(next.secret.slice(0, 10));
    const [row] = await open.ctx.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    // The old secret keeps signing for 24 hours.
    expect(open.ctx.tokenCipher.decrypt(row?.previousSecretSealed ?? '')).toBe(created.secret);
    const overlap = (row?.previousSecretExpiresAt?.getTime() ?? 0) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3_600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it('deletes an endpoint; another workspace cannot see, change or delete it', async () => {
    const first = await owner();
    const other = await owner();
    const created = (
      await first.api.post('/api/webhooks', { url: hookUrl(), events: ['post.failed'] })
    ).json();

    expect((await other.api.get('/api/webhooks')).json().webhooks).toEqual([]);
    expect((await other.api.patch(`/api/webhooks/${created.id}`, { enabled: false })).statusCode).toBe(404);
    expect((await other.api.get(`/api/webhooks/${created.id}/deliveries`)).statusCode).toBe(404);
    expect((await other.api.delete(`/api/webhooks/${created.id}`)).statusCode).toBe(404);

    expect((await first.api.delete(`/api/webhooks/${created.id}`)).statusCode).toBe(204);
    expect((await first.api.get('/api/webhooks')).json().webhooks).toEqual([]);
    expect((await first.api.delete(`/api/webhooks/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const { api } = await owner();
    const cases: Array<[unknown, string]> = [
      [{ url: hookUrl(), events: [] }, 'events'],
      [{ url: hookUrl(), events: ['post.deleted'] }, 'events'],
      [{ url: '', events: ['post.failed'] }, 'url'],
      [{ events: ['post.failed'] }, 'url'],
    ];
    for (const [payload, field] of cases) {
      const answer = await api.post('/api/webhooks', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.body).toContain(field);
    }
    const notAUrl = await api.post('/api/webhooks', { url: 'not a url', events: ['post.failed'] });
    expect(notAUrl.statusCode).toBe(400);
    expect(notAUrl.json().error.message).toMatch(/full URL/);
    const bad = await api.patch('/api/webhooks/not-an-id', { enabled: false });
    expect(bad.statusCode).toBe(400);
  });

  it('without WEBHOOKS_ALLOW_PRIVATE: https only, and no private, loopback or link-local address', async () => {
    const { api } = await owner(strict);
    const refusals: Array<[string, RegExp]> = [
      [`${receiver.origin}/hook`, /must start with https/],
      ['https://127.0.0.1/hook', /private or local network/],
      ['https://10.1.2.3:8443/hook', /private or local network/],
      ['https://169.254.169.254/latest/meta-data', /private or local network/],
      ['https://[::1]/hook', /private or local network/],
      ['https://localhost/hook', /private or local network/],
      ['ftp://example.com/hook', /full URL/],
      ['https://user:pass@example.com/hook', /user name and password/],
      ['https://kitepost-no-such-host.invalid/hook', /does not resolve/],
    ];
    for (const [url, message] of refusals) {
      const answer = await api.post('/api/webhooks', { url, events: ['post.failed'] });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error.message, url).toMatch(message);
    }
    expect((await api.get('/api/webhooks')).json().webhooks).toEqual([]);
  });

  it('is on Professional and above: 402 with the plan needed on Free and Starter; reading and removing still work', async () => {
    const { api, workspaceId } = await owner();
    const created = (await api.post('/api/webhooks', { url: hookUrl(), events: ['post.failed'] })).json();
    for (const plan of ['free', 'starter'] as const) {
      await setWorkspacePlan(open.ctx, workspaceId, plan);
      const refused = await api.post('/api/webhooks', { url: hookUrl(), events: ['post.failed'] });
      expect(refused.statusCode, plan).toBe(402);
      expect(refused.json().error).toMatchObject({ code: 'plan_limit', planNeeded: 'professional' });
      expect((await api.patch(`/api/webhooks/${created.id}`, { rotateSecret: true })).statusCode).toBe(402);
    }
    expect((await api.get('/api/webhooks')).statusCode).toBe(200);
    expect((await api.patch(`/api/webhooks/${created.id}`, { enabled: false })).statusCode).toBe(200);
    expect((await api.delete(`/api/webhooks/${created.id}`)).statusCode).toBe(204);
    await setWorkspacePlan(open.ctx, workspaceId, 'enterprise');
    expect((await api.post('/api/webhooks', { url: hookUrl(), events: ['post.failed'] })).statusCode).toBe(
      201,
    );
  });

  it(`takes at most ${WEBHOOKS_PER_WORKSPACE} endpoints per workspace`, async () => {
    const { api } = await owner();
    for (let n = 0; n < WEBHOOKS_PER_WORKSPACE; n += 1) {
      expect((await api.post('/api/webhooks', { url: hookUrl(), events: ['post.failed'] })).statusCode).toBe(
        201,
      );
    }
    const refused = await api.post('/api/webhooks', { url: hookUrl(), events: ['post.failed'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/at most 10 webhooks/);
  });

  it('is managed with an admin API key too, audited with the key; an editor key is refused', async () => {
    const { cookie } = await owner();
    const admin = await createApiKey(open.app, cookie, 'admin');
    const editor = await createApiKey(open.app, cookie, 'editor');
    const created = await asKey(open.app, admin.key).post('/api/webhooks', {
      url: hookUrl(),
      events: ['post.published'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as WebhookWithSecret;
    const [entry] = await open.ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry?.after).toMatchObject({ apiKeyId: admin.id });
    expect((await asKey(open.app, editor.key).get('/api/webhooks')).statusCode).toBe(403);
    expect((await asKey(open.app, admin.key).get('/api/webhooks')).json().webhooks).toHaveLength(1);
  });

  it('is for owners and admins (api.manage): an editor is refused', async () => {
    const first = await owner();
    const admin = await addMember(open.app, first.cookie, 'admin');
    const editor = await addMember(open.app, first.cookie, 'editor');
    const byAdmin = await asUser(open.app, admin.cookie).post('/api/webhooks', {
      url: hookUrl(),
      events: ['post.failed'],
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect((await asUser(open.app, editor.cookie).get('/api/webhooks')).statusCode).toBe(403);
    const endpoint = byAdmin.json() as WebhookEndpoint;
    expect((await asUser(open.app, editor.cookie).delete(`/api/webhooks/${endpoint.id}`)).statusCode).toBe(
      403,
    );
  });
});
