import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postListResponse } from '../../src/contracts/posts';
import { buildApp } from '../../src/server/app';
import { type Database, type Db, openPostgres } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { postListCacheFor } from '../../src/server/modules/posts/post-list-cache';
import { serializePostList, toPost } from '../../src/server/modules/posts/post-view';
import { listPosts as listPostRows } from '../../src/server/modules/posts/posts.repository';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';
import { countQueries as countQueriesOf, workspaceVersion } from '../setup/queries';

type Api = ReturnType<typeof asUser>;
const ids = (response: { json(): unknown }) => (response.json() as Array<{ id: string }>).map((p) => p.id);

/**
 * The signed-in post lists are cached per workspace posts version (modules/posts/post-list-cache.ts):
 * these pin down that the version follows every write to posts, whoever makes it, and that no
 * list is ever stale, in one app or across two on one database.
 */
describe.each(databaseKinds)('cached post lists on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const sql = (text: string, values?: unknown[]) => t.ctx.database.executeSql(text, values);
  const versionOf = (workspaceId: string) => workspaceVersion(t, workspaceId, 'posts_version');
  const account = async () => {
    const signed = await signUp(t.app);
    const api = asUser(t.app, signed.cookie);
    const workspaceId: string = (await api.get('/api/auth/user')).json().workspace.id;
    return { ...signed, api, workspaceId };
  };
  const stats = () => postListCacheFor(t.ctx.database.db).stats();
  const countQueries = <T>(run: () => Promise<T>) => countQueriesOf(t, run);

  it('bumps the workspace posts version on every insert, update and delete of its posts', async () => {
    const owner = await account();
    const other = await account();
    const otherBefore = await versionOf(other.workspaceId);
    let expected = await versionOf(owner.workspaceId);
    const bumped = async (what: string) => {
      expected += 1n;
      expect(await versionOf(owner.workspaceId), what).toBe(expected);
    };

    const post = await createPost(t.app, owner.cookie);
    await bumped('insert through the API');
    await owner.api.patch(`/api/posts/${post.id}`, { content: 'Edited' });
    await bumped('update through the API');
    await owner.api.post(`/api/posts/${post.id}/schedule`, { scheduledAt: daysFromNow(2) });
    // Scheduling writes the post, then the id of its publish job: two writes.
    expected += 1n;
    await bumped('schedule through the API');
    await sql(`update posts set status = 'publishing' where id = $1`, [post.id]);
    await bumped('a direct SQL update, as the publishing worker makes');
    await sql(`update posts set status = 'published', published_at = now() where id = $1`, [post.id]);
    await bumped('a second direct SQL update');
    await sql(`insert into posts (workspace_id, platform, content) values ($1, 'twitter', 'by SQL')`, [
      owner.workspaceId,
    ]);
    await bumped('a direct SQL insert');
    await owner.api.delete(`/api/posts/${post.id}`);
    await bumped('delete through the API');
    await sql('delete from posts where workspace_id = $1', [owner.workspaceId]);
    await bumped('a direct SQL delete');
    expect(await versionOf(other.workspaceId), "another workspace's version").toBe(otherBefore);

    // A post moved between workspaces changes both lists.
    const moved = await createPost(t.app, owner.cookie);
    await bumped('insert');
    await sql('update posts set workspace_id = $1 where id = $2', [other.workspaceId, moved.id]);
    await bumped('moved out');
    expect(await versionOf(other.workspaceId), 'moved in').toBe(otherBefore + 1n);

    // A rolled-back write leaves the version as it was.
    await expect(
      t.ctx.database.db.transaction(async (tx) => {
        await tx.update(schema.posts).set({ content: 'never' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await versionOf(owner.workspaceId)).toBe(expected);
  });

  it('answers a repeated list from the cache, reading nothing but the session', async () => {
    const owner = await account();
    await createPost(t.app, owner.cookie, { content: 'one' });
    await createPost(t.app, owner.cookie, { content: 'two' });
    const first = await owner.api.get('/api/posts');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const before = stats();
    const { result: again, queries } = await countQueries(() => owner.api.get('/api/posts'));
    expect(queries).toBe(1);
    expect(stats()).toMatchObject({ hits: before.hits + 1, misses: before.misses });
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));

    // The other path answers the same query: same key, same entry.
    const { result: other, queries: otherQueries } = await countQueries(() =>
      owner.api.get('/api/user/posts'),
    );
    expect(otherQueries).toBe(1);
    expect(other.body).toBe(first.body);

    // A miss reads the posts: the session query and the list query.
    const { queries: missQueries } = await countQueries(() => owner.api.get('/api/posts?limit=1'));
    expect(missQueries).toBe(2);
  });

  it('keys one entry per distinct answer: status order and date notation do not matter', async () => {
    const owner = await account();
    await createPost(t.app, owner.cookie);
    const from = new Date(Date.now() - 60 * 60 * 1000);
    from.setUTCMilliseconds(0);
    const zulu = from.toISOString();
    const plusTwo = new Date(from.getTime() + 2 * 60 * 60 * 1000).toISOString().replace('Z', '+02:00');
    expect(Date.parse(plusTwo)).toBe(from.getTime());

    const pairs: Array<[string, string]> = [
      ['status=draft,scheduled', 'status=scheduled,draft,draft'],
      [`from=${encodeURIComponent(zulu)}`, `from=${encodeURIComponent(plusTwo)}`],
      ['', 'limit=50'],
    ];
    for (const [a, b] of pairs) {
      const cold = await owner.api.get(`/api/posts?${a}`);
      expect(cold.statusCode, a).toBe(200);
      const { result: warm, queries } = await countQueries(() => owner.api.get(`/api/posts?${b}`));
      expect(queries, `${a} then ${b}`).toBe(1);
      expect(warm.body).toBe(cold.body);
    }
    // Different answers are different entries.
    const { queries } = await countQueries(() => owner.api.get('/api/posts?status=draft'));
    expect(queries).toBe(2);
  });

  it('runs one list query for many requests missing the same entry at once', async () => {
    const owner = await account();
    await createPost(t.app, owner.cookie);
    const before = stats();
    const { result, queries } = await countQueries(() =>
      Promise.all(Array.from({ length: 8 }, () => owner.api.get('/api/posts'))),
    );
    expect(new Set(result.map((r) => r.body)).size).toBe(1);
    expect(queries).toBe(8 + 1);
    expect(stats().misses).toBe(before.misses + 1);
  });

  it('sends exactly the bytes the response schema serializer would', async () => {
    const owner = await account();
    await owner.api.put('/api/user/brand-kit', {
      brandName: 'Glow',
      voiceDescription: '',
      defaultTone: 'casual',
      audience: '',
      keywords: [],
      bannedWords: ['cheap'],
      requiredHashtags: ['Glow'],
      emojiPolicy: 'liberal',
    });
    const rich = await owner.api.post('/api/posts', {
      platform: 'instagram',
      content: 'Cheap "quotes", a \\ backslash, emoji 🕯️✨, line\nbreak, tab\t, and \u2028 separators',
      hashtags: ['Candles', 'Ünïcode'],
      suggestedImagePrompt: 'A candle at dusk',
      tone: 'humorous',
      contentType: 'promotional',
      bestTimeToPost: 'Weekdays 9–11 AM',
      estimatedReach: 1200,
    });
    expect(rich.statusCode).toBe(201);
    const plain = await createPost(t.app, owner.cookie, { content: 'Plain' });
    await owner.api.post(`/api/posts/${plain.id}/schedule`, { scheduledAt: daysFromNow(3) });
    await sql(
      `update posts set failure_reason = 'timeout', external_url = 'https://x.test/1' where id = $1`,
      [plain.id],
    );

    const response = await owner.api.get('/api/posts');
    const rows = await listPostRows(t.ctx.database.db, owner.workspaceId, { limit: 50 });
    const serialize = serializerCompiler({ schema: postListResponse, method: 'GET', url: '/api/posts' });
    const expected = serialize(rows.map(toPost));
    expect(serializePostList(rows)).toBe(expected);
    expect(response.body).toBe(expected);
    // A browser asks for br or gzip: the same bytes, compressed once when the list was stored.
    const encodings = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const;
    for (const [accept, encoding, decode] of encodings) {
      const compressed = await t.app.inject({
        url: '/api/posts',
        headers: { cookie: owner.cookie, 'accept-encoding': accept },
      });
      expect(compressed.headers['content-encoding'], accept).toBe(encoding);
      expect(compressed.headers.vary).toBe('accept-encoding');
      expect(compressed.rawPayload.length).toBeLessThan(Buffer.byteLength(expected) / 2);
      expect(decode(compressed.rawPayload).toString()).toBe(expected);
    }
    expect(response.json()[1].brandFindings).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'banned-word', value: 'cheap' })]),
    );

    // The OpenAPI document still describes both list routes' answer.
    const docs = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of ['/api/posts', '/api/user/posts']) {
      const schemaOf200 = docs.paths[path].get.responses['200'].content['application/json'].schema;
      expect(schemaOf200.type, path).toBe('array');
    }
  });

  it('shows every kind of change at once, with the cache warm before each', async () => {
    const owner = await account();
    const api = owner.api;
    /** Warms the cache, makes the change, and returns the list read right after it. */
    const listAfter = async (change: () => Promise<unknown>, query = '') => {
      const warm = await api.get(`/api/posts${query}`);
      expect((await countQueries(() => api.get(`/api/posts${query}`))).queries).toBe(1);
      const outcome = await change();
      if (outcome && typeof outcome === 'object' && 'statusCode' in outcome) {
        expect(outcome.statusCode, String((outcome as { body?: string }).body)).toBeLessThan(300);
      }
      const after = await api.get(`/api/posts${query}`);
      expect(after.statusCode).toBe(200);
      expect(after.body).not.toBe(warm.body);
      return after.json() as Array<Record<string, unknown>>;
    };

    let created: { id: string } | undefined;
    let list = await listAfter(async () => {
      created = await createPost(t.app, owner.cookie, { content: 'Created', hashtags: [] });
    });
    const id = created?.id ?? '';
    expect(list.map((p) => p.id)).toEqual([id]);

    list = await listAfter(() => api.patch(`/api/posts/${id}`, { content: 'Edited, cheap' }));
    expect(list[0]).toMatchObject({ content: 'Edited, cheap', brandFindings: [] });

    const at = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    at.setUTCSeconds(0, 0);
    list = await listAfter(() => api.post(`/api/posts/${id}/schedule`, { scheduledAt: at.toISOString() }));
    expect(list[0]).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString() });

    list = await listAfter(() =>
      api.put('/api/user/brand-kit', {
        brandName: 'Glow',
        voiceDescription: '',
        defaultTone: 'casual',
        audience: '',
        keywords: [],
        bannedWords: ['cheap'],
        requiredHashtags: [],
        emojiPolicy: 'sparing',
      }),
    );
    expect(list[0]?.brandFindings).toMatchObject([{ kind: 'banned-word', value: 'cheap' }]);

    // The publishing worker changes posts with its own SQL, outside this app's services.
    list = await listAfter(() => sql(`update posts set status = 'publishing' where id = $1`, [id]));
    expect(list[0]).toMatchObject({ status: 'publishing' });
    list = await listAfter(
      () => sql(`update posts set status = 'published', published_at = now() where id = $1`, [id]),
      '?status=scheduled,publishing,published',
    );
    expect(list[0]).toMatchObject({ status: 'published' });
    expect(list[0]?.publishedAt).toEqual(expect.any(String));

    list = await listAfter(() =>
      api.post('/api/user/generate-content', {
        businessType: 'restaurant',
        targetAudience: 'neighbours',
        campaignDescription: 'Fresh sourdough every morning',
        contentType: 'promotional',
        tone: 'casual',
      }),
    );
    expect(list.length).toBeGreaterThan(1);

    const before = list.length;
    const draft = list.find((p) => p.status === 'draft');
    list = await listAfter(() => api.delete(`/api/posts/${draft?.id}`));
    expect(list).toHaveLength(before - 1);
    expect(list.map((p) => p.id)).not.toContain(draft?.id);
  });

  it('never serves one app stale lists written through another app on the same database', async () => {
    // A second app with its own database handle and so its own cache. On PostgreSQL it has its own
    // pool, as another web process would. PGlite is one connection in one process by design
    // (stack-notes: a second process must never open it), so there the second app shares the
    // connection and only the caches are separate.
    const second = await buildSecondApp(t, kind);
    try {
      const owner = await account();
      const inA = owner.api;
      const inB = asUser(second.app, owner.cookie);
      const both = async () => [ids(await inA.get('/api/posts')), ids(await inB.get('/api/posts'))];

      expect(await both()).toEqual([[], []]);
      const p1 = await createPost(t.app, owner.cookie, { content: 'written in A' });
      expect(await both()).toEqual([[p1.id], [p1.id]]);
      const p2 = await createPost(second.app, owner.cookie, { content: 'written in B' });
      expect(await both()).toEqual([
        [p2.id, p1.id],
        [p2.id, p1.id],
      ]);
      await inB.patch(`/api/posts/${p1.id}`, { content: 'edited in B' });
      const contents = async (api: Api) =>
        (await api.get('/api/posts')).json().map((p: { content: string }) => p.content);
      expect(await contents(inA)).toEqual(['written in B', 'edited in B']);
      await sql(`update posts set status = 'failed', failure_reason = 'worker' where id = $1`, [p2.id]);
      for (const api of [inA, inB]) {
        expect((await api.get('/api/posts?status=failed')).json().map((p: { id: string }) => p.id)).toEqual([
          p2.id,
        ]);
      }
      await inA.delete(`/api/posts/${p2.id}`);
      expect(await both()).toEqual([[p1.id], [p1.id]]);
      // With nothing changed, each app answers from its own cache.
      const cacheA = postListCacheFor(t.ctx.database.db);
      const cacheB = postListCacheFor(second.database.db);
      expect(cacheB).not.toBe(cacheA);
      const hitsBefore = [cacheA.stats().hits, cacheB.stats().hits];
      expect(await both()).toEqual([[p1.id], [p1.id]]);
      expect([cacheA.stats().hits, cacheB.stats().hits]).toEqual(hitsBefore.map((n) => n + 1));
    } finally {
      await second.close();
    }
  });
});

async function buildSecondApp(
  t: TestApp,
  kind: 'pglite' | 'postgres',
): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  const first = t.ctx.database as Database & { url?: string };
  let database: Database;
  if (kind === 'postgres') {
    if (!first.url) throw new Error('the test database has no URL');
    database = await openPostgres(first.url, 4);
  } else {
    const client = (first.db as unknown as { $client: Parameters<typeof drizzlePglite>[0] }).$client;
    const db = drizzlePglite(client as never, { schema, casing: 'snake_case' }) as unknown as Db;
    database = { ...first, db, close: async () => {} };
  }
  const { app } = await buildApp(t.config, { database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
