import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/contracts/posts';
import { forbiddenMessage } from '../../src/contracts/team';
import { apiKeys } from '../../src/server/db/schema';
import { apiKeyMessages } from '../../src/server/modules/api-keys';
import { generateApiKey } from '../../src/server/modules/api-keys/api-key-secret';
import { asKey, createApiKey } from '../factories/api-keys';
import { asUser, createPost } from '../factories/posts';
import { newWorkspace } from '../factories/publishing';
import { addMember, setWorkspacePlan } from '../factories/team';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * An API key on a request (issue 26, decision 076): it stands for its creator in its workspace
 * with its own role, is refused when revoked, expired, orphaned or outside its reach, and is
 * limited per key. The limit is set low here so that one test can cross it.
 */
const LIMIT = 12;

describe.each(databaseKinds)('calling the API with a key on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { API_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const keyRow = async (id: string) => {
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, id));
    return row;
  };

  it('reads and writes posts as its creator, in its workspace, with its role', async () => {
    const ada = await newWorkspace(t);
    const editor = await createApiKey(t.app, ada.cookie, 'editor');
    const viewer = await createApiKey(t.app, ada.cookie, 'viewer');

    const me = await asKey(t.app, editor.key).get('/api/auth/user');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: ada.user.id, workspace: { id: ada.workspaceId, role: 'editor' } });

    const created = await asKey(t.app, editor.key).post('/api/posts', {
      platform: 'linkedin',
      content: 'Written by a robot on our behalf.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const listed = await asKey(t.app, viewer.key).get('/api/posts');
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as Post[]).map((post) => post.id)).toContain(created.json().id);

    const refused = await asKey(t.app, viewer.key).post('/api/posts', {
      platform: 'linkedin',
      content: 'No.',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(forbiddenMessage('viewer', 'posts.write'));
    // A key answers with its standing against the limit; a session is not counted.
    expect(listed.headers['ratelimit-limit']).toBe(String(LIMIT));
    expect((await asUser(t.app, ada.cookie).get('/api/posts')).headers['ratelimit-limit']).toBeUndefined();
  });

  it('never sees another workspace', async () => {
    const ada = await newWorkspace(t);
    const bob = await newWorkspace(t);
    const adaPost = await createPost(t.app, ada.cookie, { content: 'Ada only.' });
    const bobPost = await createPost(t.app, bob.cookie, { content: 'Bob only.' });
    const adaKey = await createApiKey(t.app, ada.cookie, 'admin');

    const listed = await asKey(t.app, adaKey.key).get('/api/posts');
    const ids = (listed.json() as Post[]).map((post) => post.id);
    expect(ids).toContain(adaPost.id);
    expect(ids).not.toContain(bobPost.id);
    expect((await asKey(t.app, adaKey.key).get(`/api/posts/${bobPost.id}`)).statusCode).toBe(404);
    expect((await asKey(t.app, adaKey.key).delete(`/api/posts/${bobPost.id}`)).statusCode).toBe(404);
    const bobKeys = await asUser(t.app, bob.cookie).get('/api/api-keys');
    expect(bobKeys.json().keys).toEqual([]);
  });

  it('refuses revoked, expired, unknown and malformed keys with 401 and a reason', async () => {
    const ada = await newWorkspace(t);
    const revoked = await createApiKey(t.app, ada.cookie, 'viewer');
    expect((await asKey(t.app, revoked.key).get('/api/posts')).statusCode).toBe(200);
    expect((await asUser(t.app, ada.cookie).delete(`/api/api-keys/${revoked.id}`)).statusCode).toBe(204);
    const afterRevoke = await asKey(t.app, revoked.key).get('/api/posts');
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json().error.message).toMatch(/revoked/);

    const expiring = await createApiKey(t.app, ada.cookie, 'viewer', {
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await asKey(t.app, expiring.key).get('/api/posts')).statusCode).toBe(200);
    await db()
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    const afterExpiry = await asKey(t.app, expiring.key).get('/api/posts');
    expect(afterExpiry.statusCode).toBe(401);
    expect(afterExpiry.json().error.message).toMatch(/expired/);

    const unknown = generateApiKey().key;
    const almost = `${revoked.key.slice(0, -1)}${revoked.key.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [unknown, almost, 'kp_live_short', 'sk_live_something']) {
      const response = await asKey(t.app, token).get('/api/posts');
      expect(response.statusCode, token).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
    const noToken = await t.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: { authorization: 'Bearer' },
    });
    expect(noToken.statusCode).toBe(401);
  });

  it("refuses a person's own account, the admin portal and signing out, saying why", async () => {
    const ada = await newWorkspace(t);
    const admin = await createApiKey(t.app, ada.cookie, 'admin');
    const key = asKey(t.app, admin.key);

    const password = await key.post('/api/user/password', {
      currentPassword: 'correct horse battery',
      newPassword: 'a brand new passphrase',
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().error.message).toMatch(/own account.*API key cannot use it/);
    expect((await key.get('/api/user/sessions')).statusCode).toBe(403);

    const portal = await key.get('/api/admin/me');
    expect(portal.statusCode).toBe(403);
    expect(portal.json().error.message).toBe('An API key cannot use the admin portal.');

    const logout = await key.post('/api/auth/logout');
    expect(logout.statusCode).toBe(403);
    // The person's session still works after all that.
    expect((await asUser(t.app, ada.cookie).get('/api/auth/user')).statusCode).toBe(200);
  });

  it('lets an admin key list and revoke keys, but not make them', async () => {
    const ada = await newWorkspace(t);
    const admin = await createApiKey(t.app, ada.cookie, 'admin');
    const other = await createApiKey(t.app, ada.cookie, 'viewer');
    const key = asKey(t.app, admin.key);

    const listed = await key.get('/api/api-keys');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().keys.map((k: { id: string }) => k.id)).toEqual([other.id, admin.id]);
    const minted = await key.post('/api/api-keys', { name: 'child', role: 'viewer' });
    expect(minted.statusCode).toBe(403);
    expect(minted.json().error.message).toBe(apiKeyMessages.keyCannotMakeKeys);
    expect((await key.delete(`/api/api-keys/${other.id}`)).statusCode).toBe(204);
    expect((await asKey(t.app, other.key).get('/api/posts')).statusCode).toBe(401);
  });

  it('notes when a key was last used', async () => {
    const ada = await newWorkspace(t);
    const made = await createApiKey(t.app, ada.cookie, 'viewer');
    expect((await keyRow(made.id))?.lastUsedAt).toBeNull();
    const before = Date.now();
    await asKey(t.app, made.key).get('/api/posts');
    const used = (await keyRow(made.id))?.lastUsedAt;
    expect(used?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const listed = await asUser(t.app, ada.cookie).get('/api/api-keys');
    expect(listed.json().keys[0].lastUsedAt).toBe(used?.toISOString());
  });

  it(`limits each key to ${LIMIT} requests a minute, with RateLimit headers and Retry-After`, async () => {
    const ada = await newWorkspace(t);
    const busy = await createApiKey(t.app, ada.cookie, 'viewer');
    const calm = await createApiKey(t.app, ada.cookie, 'viewer');
    for (let n = 1; n <= LIMIT; n += 1) {
      const response = await asKey(t.app, busy.key).get('/api/posts');
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe(String(LIMIT));
      expect(response.headers['ratelimit-remaining']).toBe(String(LIMIT - n));
      expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    const over = await asKey(t.app, busy.key).get('/api/posts');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(over.headers['ratelimit-reset']).toBe(String(retryAfter));

    // Another key of the same workspace, and the person's session, are not held back.
    expect((await asKey(t.app, calm.key).get('/api/posts')).statusCode).toBe(200);
    expect((await asUser(t.app, ada.cookie).get('/api/posts')).statusCode).toBe(200);
  });

  it('stops working when its creator leaves, is demoted below it, or the plan loses the API', async () => {
    const ada = await newWorkspace(t);
    const sam = await addMember(t.app, ada.cookie, 'admin');
    const samKey = await createApiKey(t.app, sam.cookie, 'admin');
    const samViewerKey = await createApiKey(t.app, sam.cookie, 'viewer');
    expect((await asKey(t.app, samKey.key).get('/api/team')).statusCode).toBe(200);

    const demoted = await asUser(t.app, ada.cookie).patch(`/api/team/members/${sam.userId}`, {
      role: 'editor',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const above = await asKey(t.app, samKey.key).get('/api/team');
    expect(above.statusCode).toBe(403);
    expect(above.json().error.message).toMatch(/acts as Admin.*now Editor/);
    expect((await asKey(t.app, samViewerKey.key).get('/api/team')).statusCode).toBe(200);

    const removed = await asUser(t.app, ada.cookie).delete(`/api/team/members/${sam.userId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const orphan = await asKey(t.app, samViewerKey.key).get('/api/team');
    expect(orphan.statusCode).toBe(401);
    expect(orphan.json().error.message).toMatch(/no longer a member/);

    const adaKey = await createApiKey(t.app, ada.cookie, 'viewer');
    await setWorkspacePlan(t.ctx, ada.workspaceId, 'starter');
    const downgraded = await asKey(t.app, adaKey.key).get('/api/posts');
    expect(downgraded.statusCode).toBe(402);
    expect(downgraded.json().error).toMatchObject({ code: 'plan_limit', planNeeded: 'professional' });
    await setWorkspacePlan(t.ctx, ada.workspaceId, 'professional');
    expect((await asKey(t.app, adaKey.key).get('/api/posts')).statusCode).toBe(200);
  });
});
