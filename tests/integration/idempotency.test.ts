import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, idempotencyKeys } from '../../src/server/db/schema';
import { AiGenerationError } from '../../src/server/integrations/ai/ai-provider';
import { cleanupExpiredJob } from '../../src/server/jobs/cleanup-expired.job';
import { generateApiKey } from '../../src/server/modules/api-keys/api-key-secret';
import { activeWorkspaceOf, addMember } from '../factories/team';
import { randomIp, signUp } from '../factories/users';
import { ScriptedWriter } from '../fakes/ai/scripted-writer';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** Issue 26: POST routes that create things take Idempotency-Key (Stripe's rules, decision 077). */
describe.each(databaseKinds)('Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  const writer = new ScriptedWriter();
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { ai: writer });
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  const draft = (content = 'Our new spring menu is here.') => ({
    platform: 'linkedin',
    content,
    hashtags: [],
  });

  /** A POST as a signed-in browser, with an Idempotency-Key (undefined: none). */
  const post = (cookie: string, url: string, key: string | undefined, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      remoteAddress: randomIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const workspacePosts = async (cookie: string) => {
    const list = await t.app.inject({ method: 'GET', url: '/api/posts', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    return list.json() as { id: string; content: string }[];
  };

  it('answers a retry with the same key and body with the first answer, creating one post', async () => {
    const ada = await signUp(t.app);
    const key = randomUUID();
    const first = await post(ada.cookie, '/api/posts', key, draft());
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await post(ada.cookie, '/api/posts', key, draft());
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await workspacePosts(ada.cookie)).toHaveLength(1);
  });

  it('refuses the same key with a different body or path (409), and runs a different key', async () => {
    const ada = await signUp(t.app);
    const key = randomUUID();
    expect((await post(ada.cookie, '/api/posts', key, draft('First'))).statusCode).toBe(201);

    const changed = await post(ada.cookie, '/api/posts', key, draft('Second'));
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toEqual({
      code: 'conflict',
      message: 'This Idempotency-Key was used with a different request.',
    });
    const otherPath = await post(ada.cookie, '/api/posts/compose', key, draft('First'));
    expect(otherPath.statusCode).toBe(409);

    expect((await post(ada.cookie, '/api/posts', randomUUID(), draft('First'))).statusCode).toBe(201);
    const contents = (await workspacePosts(ada.cookie)).map((p) => p.content).sort();
    expect(contents).toEqual(['First', 'First']);
  });

  it('lets one of two concurrent requests with one key run; the other is refused or replayed', async () => {
    const ada = await signUp(t.app);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      post(ada.cookie, '/api/posts', key, draft()),
      post(ada.cookie, '/api/posts', key, draft()),
    ]);
    const answers = [a, b].sort((x, y) => x.statusCode - y.statusCode);
    expect(answers[0]?.statusCode).toBe(201);
    const second = answers[1];
    if (second?.statusCode === 409) {
      expect(second.json().error.message).toBe(
        'A request with this Idempotency-Key is still being processed.',
      );
    } else {
      expect(second?.statusCode).toBe(201);
      expect(second?.headers['idempotent-replayed']).toBe('true');
      expect(second?.body).toBe(answers[0]?.body);
    }
    expect(await workspacePosts(ada.cookie)).toHaveLength(1);
  });

  it('replays a 400 answer too, and keeps nothing for a request refused before it ran', async () => {
    const ada = await signUp(t.app);
    const key = randomUUID();
    const bad = { platform: 'linkedin', content: '' };
    const first = await post(ada.cookie, '/api/posts', key, bad);
    expect(first.statusCode).toBe(400);
    const again = await post(ada.cookie, '/api/posts', key, bad);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);

    // A viewer's 403 comes from the permission check, before the route runs: no key is taken.
    const viewer = await addMember(t.app, ada.cookie, 'viewer');
    const refusedKey = randomUUID();
    expect((await post(viewer.cookie, '/api/posts', refusedKey, draft())).statusCode).toBe(403);
    const rows = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, refusedKey));
    expect(rows).toEqual([]);
  });

  it('gives the key back after a 5xx, so that the retry runs again', async () => {
    const ada = await signUp(t.app);
    const key = randomUUID();
    const campaign = {
      businessType: 'restaurant',
      targetAudience: 'young professionals downtown',
      campaignDescription: 'Weekend brunch special with bottomless mimosas',
      contentType: 'promotional',
      tone: 'casual',
    };
    writer.answer(() => new AiGenerationError('unavailable', 'The AI provider is unavailable right now.'));
    const calls = writer.calls.length;
    const failed = await post(ada.cookie, '/api/user/generate-content', key, campaign);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const retried = await post(ada.cookie, '/api/user/generate-content', key, campaign);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    const replayed = await post(ada.cookie, '/api/user/generate-content', key, campaign);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(retried.body);
    expect(writer.calls.length - calls).toBe(2);
  });

  it('keeps a key 24 hours: an older one runs again, and the cleanup job removes it', async () => {
    const ada = await signUp(t.app);
    const key = randomUUID();
    expect((await post(ada.cookie, '/api/posts', key, draft())).statusCode).toBe(201);
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    await db().update(idempotencyKeys).set({ createdAt: dayAgo }).where(eq(idempotencyKeys.key, key));

    const later = await post(ada.cookie, '/api/posts', key, draft());
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await workspacePosts(ada.cookie)).toHaveLength(2);

    const oldKey = randomUUID();
    expect((await post(ada.cookie, '/api/posts', oldKey, draft('Old'))).statusCode).toBe(201);
    await db().update(idempotencyKeys).set({ createdAt: dayAgo }).where(eq(idempotencyKeys.key, oldKey));
    await cleanupExpiredJob.handle(
      {},
      { database: t.ctx.database, app: t.ctx, log: { info: () => {}, error: () => {} } },
    );
    const left = await db()
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.caller, ada.user.id));
    expect(left.map((row) => row.key)).toEqual([key]);
  });

  it('scopes keys per caller: another member with the same key makes their own post', async () => {
    const ada = await signUp(t.app);
    const editor = await addMember(t.app, ada.cookie, 'editor');
    const key = randomUUID();
    const mine = await post(ada.cookie, '/api/posts', key, draft());
    const theirs = await post(editor.cookie, '/api/posts', key, draft());
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await workspacePosts(ada.cookie)).toHaveLength(2);
  });

  it("scopes keys per API key too: a key replays its own answers, the creator's session runs anew", async () => {
    const ada = await signUp(t.app);
    const workspaceId = (await activeWorkspaceOf(t.app, ada.cookie)).id;
    const secret = generateApiKey();
    await db().insert(apiKeys).values({
      workspaceId,
      createdByUserId: ada.user.id,
      name: 'Zapier',
      role: 'editor',
      prefix: secret.prefix,
      keyHash: secret.hash,
    });
    const key = randomUUID();
    const withApiKey = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: { authorization: `Bearer ${secret.key}`, 'idempotency-key': key },
        payload: draft(),
      });
    const first = await withApiKey();
    expect(first.statusCode).toBe(201);
    const again = await withApiKey();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);

    const bySession = await post(ada.cookie, '/api/posts', key, draft());
    expect(bySession.statusCode).toBe(201);
    expect(bySession.headers['idempotent-replayed']).toBeUndefined();
    expect(await workspacePosts(ada.cookie)).toHaveLength(2);
  });

  it('refuses a malformed key with a 400 that names the header', async () => {
    const ada = await signUp(t.app);
    for (const key of ['', 'x'.repeat(256), 'tab\there']) {
      const refused = await post(ada.cookie, '/api/posts', key, draft());
      expect(refused.statusCode, JSON.stringify(key)).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
      expect(refused.json().error.issues).toEqual([
        {
          path: 'headers.idempotency-key',
          message: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
        },
      ]);
    }
    expect(await workspacePosts(ada.cookie)).toHaveLength(0);
  });

  it('takes a POST without a body (hashed as empty) and declares the header in the API document', async () => {
    const ada = await signUp(t.app);
    const created = await post(ada.cookie, '/api/posts', undefined, draft());
    const id = created.json().id as string;
    const key = randomUUID();
    const first = await post(ada.cookie, `/api/posts/${id}/cancel`, key);
    const again = await post(ada.cookie, `/api/posts/${id}/cancel`, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);

    const docs = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const parameters = (operation: { parameters?: { in: string; name: string }[] } | undefined) =>
      (operation?.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
    const paths = docs.json().paths;
    expect(parameters(paths['/api/posts'].post)).toContain('idempotency-key');
    expect(parameters(paths['/api/posts/{id}/cancel'].post)).toContain('idempotency-key');
    expect(parameters(paths['/api/posts/{id}'].patch)).not.toContain('idempotency-key');
    expect(parameters(paths['/api/media'].post)).not.toContain('idempotency-key');
  });
});
