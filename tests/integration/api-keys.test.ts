import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  API_KEYS_PER_WORKSPACE,
  type ApiKey,
  type CreatedApiKey,
} from '../../src/contracts/integrations';
import { forbiddenMessage } from '../../src/contracts/team';
import { activity, apiKeys, auditLog } from '../../src/server/db/schema';
import { apiKeyMessages } from '../../src/server/modules/api-keys';
import { createApiKey } from '../../src/server/modules/api-keys/api-keys.service';
import { asUser } from '../factories/posts';
import { newWorkspace } from '../factories/publishing';
import { addMember, setWorkspacePlan } from '../factories/team';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/* Settings › API: making, listing and revoking a workspace's keys (issue 26). */

describe.each(databaseKinds)('API keys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;

  async function owner() {
    const made = await newWorkspace(t);
    return { ...made, api: asUser(t.app, made.cookie) };
  }

  async function makeKey(
    api: ReturnType<typeof asUser>,
    body: Record<string, unknown> = {},
  ): Promise<CreatedApiKey> {
    const response = await api.post('/api/api-keys', { name: 'Zapier', role: 'editor', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const keysOf = async (api: ReturnType<typeof asUser>): Promise<ApiKey[]> => {
    const response = await api.get('/api/api-keys');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().keys;
  };

  it('answers the secret once, keeps only its hash, and lists the key with its prefix and creator', async () => {
    const ada = await owner();
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await makeKey(ada.api, { name: 'n8n', role: 'approver', expiresAt });

    expect(created.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(created).toMatchObject({
      name: 'n8n',
      role: 'approver',
      prefix: created.key.slice(0, API_KEY_SHOWN_CHARS),
      createdBy: { id: ada.user.id, name: 'Ada Lovelace' },
      expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    });

    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const listed = await keysOf(ada.api);
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'n8n',
        role: 'approver',
        prefix: created.prefix,
        createdBy: { id: ada.user.id, name: 'Ada Lovelace' },
        createdAt: created.createdAt,
        expiresAt,
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const feed = await db().select().from(activity).where(eq(activity.workspaceId, ada.workspaceId));
    expect(feed.map((entry) => entry.summary)).toContain('Ada made the API key "n8n" (Approver)');
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.created'), eq(auditLog.targetId, created.id)));
    expect(audit).toMatchObject({ actorUserId: ada.user.id, targetType: 'api_key' });
    expect(JSON.stringify(audit)).not.toContain(created.key);
  });

  it('lists every key of the workspace, newest first, revoked ones too, and no other workspace’s', async () => {
    const ada = await owner();
    const other = await owner();
    const first = await makeKey(ada.api, { name: 'first' });
    const second = await makeKey(ada.api, { name: 'second', role: 'viewer' });
    await makeKey(other.api, { name: 'elsewhere' });
    expect((await ada.api.delete(`/api/api-keys/${first.id}`)).statusCode).toBe(204);

    const listed = await keysOf(ada.api);
    expect(listed.map((key) => key.name)).toEqual(['second', 'first']);
    expect(listed[0]).toMatchObject({ id: second.id, role: 'viewer', revokedAt: null });
    expect(listed[1]?.revokedAt).toEqual(expect.any(String));
  });

  it('revokes a key once: revoking again changes nothing, and another workspace’s key is not found', async () => {
    const ada = await owner();
    const other = await owner();
    const key = await makeKey(ada.api);

    expect((await other.api.delete(`/api/api-keys/${key.id}`)).statusCode).toBe(404);
    expect((await keysOf(ada.api))[0]?.revokedAt).toBeNull();

    expect((await ada.api.delete(`/api/api-keys/${key.id}`)).statusCode).toBe(204);
    const revokedAt = (await keysOf(ada.api))[0]?.revokedAt;
    expect(revokedAt).toEqual(expect.any(String));
    expect((await ada.api.delete(`/api/api-keys/${key.id}`)).statusCode).toBe(204);
    expect((await keysOf(ada.api))[0]?.revokedAt).toBe(revokedAt);

    const revocations = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.revoked'), eq(auditLog.targetId, key.id)));
    expect(revocations).toHaveLength(1);

    const unknown = await ada.api.delete('/api/api-keys/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(apiKeyMessages.notFound);
    expect((await ada.api.delete('/api/api-keys/not-an-id')).statusCode).toBe(400);
  });

  it('refuses bad input with the field: an owner role, no name, an expiry in the past or no date', async () => {
    const ada = await owner();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'Root', role: 'owner' }, 'body.role'],
      [{ name: '  ', role: 'editor' }, 'body.name'],
      [
        { name: 'Old', role: 'editor', expiresAt: new Date(Date.now() - 60_000).toISOString() },
        'body.expiresAt',
      ],
      [{ name: 'Soon', role: 'editor', expiresAt: 'next tuesday' }, 'body.expiresAt'],
      [{ role: 'editor' }, 'body.name'],
    ];
    for (const [body, field] of cases) {
      const response = await ada.api.post('/api/api-keys', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    }
    expect(await keysOf(ada.api)).toEqual([]);
  });

  it('lets an admin make an admin key; an editor may not manage keys at all', async () => {
    const ada = await owner();
    const admin = await addMember(t.app, ada.cookie, 'admin');
    const editor = await addMember(t.app, ada.cookie, 'editor');

    const made = await makeKey(asUser(t.app, admin.cookie), { name: 'Admin robot', role: 'admin' });
    expect(made.createdBy).toEqual({ id: admin.userId, name: 'Sam Rivera' });

    for (const call of [
      asUser(t.app, editor.cookie).get('/api/api-keys'),
      asUser(t.app, editor.cookie).post('/api/api-keys', { name: 'Mine', role: 'editor' }),
      asUser(t.app, editor.cookie).delete(`/api/api-keys/${made.id}`),
    ]) {
      const response = await call;
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(forbiddenMessage('editor', 'api.manage'));
    }
    expect((await keysOf(ada.api)).map((key) => key.revokedAt)).toEqual([null]);
  });

  it('never makes a key that does more than its maker, nor a key made with a key', async () => {
    const ada = await owner();
    const actor = {
      workspaceId: ada.workspaceId,
      userId: ada.user.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: ada.email,
      ip: '10.0.0.1',
    };
    // No role with api.manage lacks an admin's permissions today; the rule holds should one appear.
    await expect(
      createApiKey(db(), { ...actor, role: 'editor', viaApiKey: false }, { name: 'Up', role: 'admin' }),
    ).rejects.toMatchObject({
      code: 'forbidden',
      message: apiKeyMessages.roleAboveCreator('editor', 'admin'),
    });
    await expect(
      createApiKey(db(), { ...actor, role: 'approver', viaApiKey: false }, { name: 'Side', role: 'editor' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      createApiKey(db(), { ...actor, role: 'owner', viaApiKey: true }, { name: 'Child', role: 'viewer' }),
    ).rejects.toMatchObject({ code: 'forbidden', message: apiKeyMessages.keyCannotMakeKeys });
    expect(await keysOf(ada.api)).toEqual([]);
  });

  it('needs Professional or above to make a key; a smaller plan still lists and revokes its keys', async () => {
    const ada = await owner();
    const key = await makeKey(ada.api);
    for (const plan of ['starter', 'free'] as const) {
      await setWorkspacePlan(t.ctx, ada.workspaceId, plan);
      const refused = await ada.api.post('/api/api-keys', { name: 'More', role: 'editor' });
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error).toMatchObject({ code: 'plan_limit', planNeeded: 'professional' });
      expect(refused.json().error.message).toMatch(/does not include the API and webhooks/);
    }
    expect((await keysOf(ada.api)).map((listed) => listed.id)).toEqual([key.id]);
    expect((await ada.api.delete(`/api/api-keys/${key.id}`)).statusCode).toBe(204);
    await setWorkspacePlan(t.ctx, ada.workspaceId, 'enterprise');
    await makeKey(ada.api, { name: 'Back' });
  });

  it(`holds at most ${API_KEYS_PER_WORKSPACE} live keys; revoked and expired ones leave room`, async () => {
    const ada = await owner();
    const base = {
      workspaceId: ada.workspaceId,
      createdByUserId: ada.user.id,
      role: 'viewer' as const,
      prefix: 'kp_live_test',
    };
    const hash = () => createHash('sha256').update(crypto.randomUUID()).digest('hex');
    await db()
      .insert(apiKeys)
      .values([
        ...Array.from({ length: API_KEYS_PER_WORKSPACE - 1 }, (_, index) => ({
          ...base,
          name: `live ${index}`,
          keyHash: hash(),
        })),
        { ...base, name: 'revoked', keyHash: hash(), revokedAt: new Date() },
        { ...base, name: 'expired', keyHash: hash(), expiresAt: new Date(Date.now() - 1000) },
      ]);
    const last = await makeKey(ada.api, { name: 'the last place' });

    const refused = await ada.api.post('/api/api-keys', { name: 'one too many', role: 'viewer' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(apiKeyMessages.tooMany);

    expect((await ada.api.delete(`/api/api-keys/${last.id}`)).statusCode).toBe(204);
    await makeKey(ada.api, { name: 'room again' });
  });
});
