import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/contracts/posts';
import { forbiddenMessage } from '../../src/contracts/team';
import { mcpMessages } from '../../src/server/modules/mcp/mcp.routes';
import { insertGenerationRun, insertPostWithStatus, insertPublishedPost } from '../factories/analytics';
import { createApiKey } from '../factories/api-keys';
import { asUser, daysFromNow } from '../factories/posts';
import { insertAccount, newWorkspace } from '../factories/publishing';
import { setWorkspacePlan } from '../factories/team';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * The MCP server through the SDK's own client, over real HTTP: the app listens on a loopback
 * port, the client speaks Streamable HTTP with an API key. Every tool is called once and its
 * effect checked through the REST API (as the workspace's owner) or the database.
 */

const allTools = [
  'create_draft',
  'generate_ideas',
  'get_brand_kit',
  'get_post_metrics',
  'list_accounts',
  'list_failed_posts',
  'list_upcoming_posts',
  'queue_post',
  'schedule_post',
];

describe.each(databaseKinds)('the MCP server on %s', (kind) => {
  let t: TestApp;
  let url: URL;
  let owner: Awaited<ReturnType<typeof newWorkspace>>;
  let adminKey: string;
  let mcp: Client;
  const clients: Client[] = [];

  async function connect(headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'kitepost-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    clients.push(client);
    return client;
  }
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  }
  /** A tool's answer, read from its text as any client would (and equal to its structured content). */
  async function answer<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}) {
    const result = await call(mcp, name, args);
    const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
    expect(result.isError, `${name}: ${text}`).toBeFalsy();
    expect(JSON.parse(text)).toEqual(result.structuredContent);
    return JSON.parse(text) as T;
  }
  const errorText = (result: CallToolResult) => {
    expect(result.isError).toBe(true);
    return result.content[0]?.type === 'text' ? result.content[0].text : '';
  };
  const rest = () => asUser(t.app, owner.cookie);

  /** The first message a client sends, posted by hand (to see the HTTP answer itself). */
  const postInitialize = (headers: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'curl', version: '1' },
        },
      }),
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = new URL('/api/mcp', address);
    owner = await newWorkspace(t);
    adminKey = (await createApiKey(t.app, owner.cookie, 'admin')).key;
    mcp = await connect(bearer(adminKey));
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await t.close();
  });

  it('lists its nine tools, each described and with an input schema', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(allTools);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('lists the accounts and reads the brand kit', async () => {
    const account = await insertAccount(t, owner.workspaceId, { platform: 'linkedin' });
    const { accounts } = await answer<{ accounts: { id: string; platform: string }[] }>('list_accounts');
    expect(accounts).toContainEqual(expect.objectContaining({ id: account.id, platform: 'linkedin' }));

    const saved = await rest().put('/api/user/brand-kit', {
      brandName: 'Rosie Bakes',
      voiceDescription: 'Warm and local',
      defaultTone: 'casual',
      audience: 'Neighbours',
      keywords: ['sourdough'],
      bannedWords: ['cheap'],
      requiredHashtags: ['RosieBakes'],
      emojiPolicy: 'sparing',
    });
    expect(saved.statusCode).toBe(200);
    expect(await answer('get_brand_kit')).toMatchObject({
      brandName: 'Rosie Bakes',
      bannedWords: ['cheap'],
      requiredHashtags: ['RosieBakes'],
    });
  });

  it('creates a draft, schedules it and a new post, and lists them as upcoming', async () => {
    const account = await insertAccount(t, owner.workspaceId, { platform: 'linkedin' });
    const { post: draft } = await answer<{ post: Post }>('create_draft', {
      platform: 'linkedin',
      content: 'Fresh sourdough every Saturday morning.',
      hashtags: ['#RosieBakes'],
    });
    const stored = (await rest().get(`/api/posts/${draft.id}`)).json();
    expect(stored).toMatchObject({
      status: 'draft',
      hashtags: ['RosieBakes'],
      createdByUserId: owner.user.id,
    });

    const later = daysFromNow(3);
    const scheduled = await answer<{ post: Post; warnings: string[] }>('schedule_post', {
      postId: draft.id,
      scheduledAt: later,
      socialAccountId: account.id,
    });
    expect(scheduled.post).toMatchObject({ id: draft.id, status: 'scheduled', socialAccountId: account.id });
    expect((await rest().get(`/api/posts/${draft.id}`)).json()).toMatchObject({
      status: 'scheduled',
      scheduledAt: new Date(later).toISOString(),
    });

    const sooner = daysFromNow(2);
    const written = await answer<{ post: Post }>('schedule_post', {
      platform: 'linkedin',
      content: 'Croissants are back on Sunday.',
      socialAccountId: account.id,
      scheduledAt: sooner,
    });
    expect((await rest().get(`/api/posts/${written.post.id}`)).json()).toMatchObject({
      status: 'scheduled',
      content: 'Croissants are back on Sunday.',
    });

    const { posts } = await answer<{ posts: Post[] }>('list_upcoming_posts', { limit: 200 });
    const ids = posts.map((post) => post.id);
    expect(ids.indexOf(written.post.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(written.post.id)).toBeLessThan(ids.indexOf(draft.id));
  });

  it('refuses to schedule in the past, with the message REST gives', async () => {
    const { post } = await answer<{ post: Post }>('create_draft', {
      platform: 'linkedin',
      content: 'Too late.',
    });
    const past = new Date(Date.now() - 60_000).toISOString();
    const viaRest = await rest().post(`/api/posts/${post.id}/schedule`, { scheduledAt: past });
    expect(viaRest.statusCode).toBe(400);
    const result = await call(mcp, 'schedule_post', { postId: post.id, scheduledAt: past });
    expect(errorText(result)).toBe(viaRest.json().error.message);
  });

  it('adds a draft to its account’s queue', async () => {
    const account = await insertAccount(t, owner.workspaceId, { platform: 'linkedin' });
    const slots = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time: '09:00' }));
    const schedule = await rest().put(`/api/queue/slots?accountId=${account.id}`, { slots, timeZone: 'UTC' });
    expect(schedule.statusCode).toBe(200);
    const { post } = await answer<{ post: Post }>('create_draft', {
      platform: 'linkedin',
      content: 'Queue me up.',
      socialAccountId: account.id,
    });
    const queued = await answer<{ post: Post }>('queue_post', { postId: post.id });
    expect(queued.post.status).toBe('scheduled');
    expect(queued.post.queueSlotAt).not.toBeNull();
    const stored = (await rest().get(`/api/posts/${post.id}`)).json();
    expect(stored).toMatchObject({ status: 'scheduled', queueSlotAt: queued.post.queueSlotAt });
    expect(new Date(stored.scheduledAt).getUTCHours()).toBe(9);
  });

  it('lists failed and missed posts', async () => {
    const failed = await insertPostWithStatus(t, owner.workspaceId, 'failed');
    const missed = await insertPostWithStatus(t, owner.workspaceId, 'missed');
    const { posts } = await answer<{ posts: Post[] }>('list_failed_posts');
    expect(posts.map((post) => post.id)).toEqual(expect.arrayContaining([failed.id, missed.id]));
    expect(posts.every((post) => post.status === 'failed' || post.status === 'missed')).toBe(true);
  });

  it('reads a published post’s metrics as the analytics list has them', async () => {
    const published = await insertPublishedPost(t, owner.workspaceId, {
      metrics: { impressions: 1200, reach: 800, likes: 40, comments: 5 },
    });
    const metrics = await answer('get_post_metrics', { postId: published.id });
    expect(metrics).toMatchObject({
      postId: published.id,
      metrics: { impressions: 1200, reach: 800, likes: 40, comments: 5, shares: null },
      engagements: 45,
    });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${day(-2)}&to=${day(1)}&timeZone=UTC&limit=100`;
    const listed = (await rest().get(`/api/analytics/posts?${range}`)).json();
    expect(listed).toContainEqual(metrics);

    const draft = await insertPostWithStatus(t, owner.workspaceId, 'draft');
    expect(errorText(await call(mcp, 'get_post_metrics', { postId: draft.id }))).toMatch(/published/);
  });

  it('generates ideas as drafts, charging credits as REST does', async () => {
    const before = (await rest().get('/api/user/credits')).json();
    const { posts } = await answer<{ posts: Post[] }>('generate_ideas', {
      campaignDescription: 'Our new spring menu',
      platforms: ['linkedin'],
      count: 5,
    });
    expect(posts).toHaveLength(5);
    for (const post of posts) {
      expect((await rest().get(`/api/posts/${post.id}`)).json()).toMatchObject({ status: 'draft' });
    }
    expect((await rest().get('/api/user/credits')).json().used).toBe(before.used + 5);
  });

  it('answers a plan refusal as REST does: no credits left', async () => {
    const spent = await newWorkspace(t);
    await insertGenerationRun(t, spent.workspaceId, { postCount: 1000 });
    const campaign = { campaignDescription: 'Spring', platforms: ['linkedin'], count: 5 };
    const viaRest = await asUser(t.app, spent.cookie).post('/api/user/generate-content', campaign);
    expect(viaRest.statusCode).toBe(402);
    const client = await connect(bearer((await createApiKey(t.app, spent.cookie, 'editor')).key));
    const result = await call(client, 'generate_ideas', campaign);
    expect(errorText(result)).toBe(viaRest.json().error.message);
  });

  it('refuses a viewer key what a viewer may not do, with the forbidden message', async () => {
    const viewer = await connect(bearer((await createApiKey(t.app, owner.cookie, 'viewer')).key));
    const result = await call(viewer, 'create_draft', {
      platform: 'linkedin',
      content: 'Not mine to write.',
    });
    expect(errorText(result)).toBe(forbiddenMessage('viewer', 'posts.write'));
    // Reading is a viewer's to do.
    const read = await call(viewer, 'list_accounts');
    expect(read.isError).toBeFalsy();
  });

  it('keeps to the key’s workspace', async () => {
    const other = await newWorkspace(t);
    const theirs = await insertPostWithStatus(t, other.workspaceId, 'draft');
    const scheduled = await insertPostWithStatus(t, other.workspaceId, 'scheduled');
    const result = await call(mcp, 'schedule_post', { postId: theirs.id, scheduledAt: daysFromNow(1) });
    expect(errorText(result)).toBe('Post not found');
    const { posts } = await answer<{ posts: Post[] }>('list_upcoming_posts', { limit: 200 });
    expect(posts.map((post) => post.id)).not.toContain(scheduled.id);
  });

  it('answers bad arguments with a tool error, not a crash', async () => {
    const result = await call(mcp, 'get_post_metrics', { postId: 'not-a-post' });
    expect(errorText(result)).toMatch(/Not a post id/);
    const neither = await call(mcp, 'schedule_post', { scheduledAt: daysFromNow(1) });
    expect(errorText(neither)).toMatch(/postId/);
  });

  it('refuses a request without a key, and a browser session alone, with 401', async () => {
    for (const headers of [{}, { cookie: owner.cookie }] as Record<string, string>[]) {
      const response = await postInitialize(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await response.json()).error.message).toBe(mcpMessages.keyRequired);
    }
    // The SDK's client shows the answer's words to whoever runs the agent.
    await expect(connect({ cookie: owner.cookie })).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('Settings › API'),
    });
  });

  it('refuses a revoked key as every route does', async () => {
    const { id, key } = await createApiKey(t.app, owner.cookie, 'editor');
    expect((await rest().delete(`/api/api-keys/${id}`)).statusCode).toBe(204);
    const response = await postInitialize(bearer(key));
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toMatch(/revoked/);
  });

  it('answers a key of a plan without the API with the refusal REST gives', async () => {
    const starter = await newWorkspace(t);
    const { key } = await createApiKey(t.app, starter.cookie, 'admin');
    await setWorkspacePlan(t.ctx, starter.workspaceId, 'starter');
    const viaRest = await t.app.inject({ url: '/api/posts', headers: bearer(key) });
    expect(viaRest.statusCode).toBe(402);
    const response = await postInitialize(bearer(key));
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual(viaRest.json());
    await expect(connect(bearer(key))).rejects.toMatchObject({
      code: 402,
      message: expect.stringContaining('Upgrade to Professional'),
    });
  });

  it('counts MCP calls against the key’s rate limit and says so', async () => {
    const response = await postInitialize(bearer(adminKey));
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
    expect(response.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
  });

  it('refuses a call from a web page on another origin (DNS rebinding)', async () => {
    const response = await postInitialize({ ...bearer(adminKey), origin: 'http://rebound.example' });
    expect(response.status).toBe(403);
  });

  it('answers through inject too, as the route-walking tests call it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: bearer(adminKey),
      payload: {},
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('answers GET and DELETE with 405: the server keeps no sessions', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(url, {
        method,
        headers: { ...bearer(adminKey), accept: 'text/event-stream' },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });
});
