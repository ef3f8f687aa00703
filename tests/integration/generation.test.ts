import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NDJSON } from '../../src/contracts/generation';
import { posts, workspaces } from '../../src/server/db/schema';
import { AiGenerationError } from '../../src/server/integrations/ai/ai-provider';
import { asUser } from '../factories/posts';
import { randomIp, signUp } from '../factories/users';
import { ideasFor, ScriptedWriter } from '../fakes/ai/scripted-writer';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const campaign = {
  businessType: 'restaurant',
  targetAudience: 'young professionals downtown',
  campaignDescription: 'Weekend brunch special with bottomless mimosas',
  contentType: 'promotional',
  tone: 'casual',
};

describe.each(databaseKinds)('generation with the offline composer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const generatePublic = (
    payload: unknown,
    remoteAddress = randomIp(),
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/generate-content',
      payload: payload as object,
      remoteAddress,
      headers,
    });

  it('names the offline composer as a sandbox in /api/health', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.adapters.ai).toEqual({ adapter: 'offline composer', sandbox: true });
  });

  it('gives a visitor 6 unsaved ai_ ideas for the four platforms and saves nothing', async () => {
    const before = await t.ctx.database.db.select().from(posts);
    const response = await generatePublic(campaign);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.generator).toEqual({ name: 'offline composer', sandbox: true });
    expect(body.posts).toHaveLength(6);
    expect(body.posts.map((p: { platform: string }) => p.platform)).toEqual([
      'linkedin',
      'instagram',
      'twitter',
      'facebook',
      'linkedin',
      'instagram',
    ]);
    for (const post of body.posts) {
      expect(post.id).toMatch(/^ai_/);
      expect(post).toMatchObject({ status: 'draft', tone: 'casual', contentType: 'promotional' });
      expect(post.content.length).toBeGreaterThan(20);
      expect(post.hashtags.length).toBeGreaterThan(0);
      expect(post.suggestedImagePrompt).toBeTruthy();
      expect(post.bestTimeToPost).toBeTruthy();
      expect(post.estimatedReach).toBeGreaterThan(0);
    }
    expect(await t.ctx.database.db.select().from(posts)).toHaveLength(before.length);
  });

  it('fills in the spec defaults for an empty form and honours count and platforms', async () => {
    const empty = await generatePublic({});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().posts[0]).toMatchObject({ tone: 'professional', contentType: 'promotional' });
    const some = await generatePublic({ ...campaign, platforms: ['twitter'], count: 10 });
    expect(some.json().posts).toHaveLength(10);
    expect(new Set(some.json().posts.map((p: { platform: string }) => p.platform))).toEqual(
      new Set(['twitter']),
    );
  });

  it('answers 400 for values outside the enumerations', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...campaign, businessType: 'bakery' }, 'body.businessType'],
      [{ ...campaign, tone: 'angry' }, 'body.tone'],
      [{ ...campaign, contentType: 'memes' }, 'body.contentType'],
      [{ ...campaign, platforms: ['discord'] }, 'body.platforms.0'],
      [{ ...campaign, count: 11 }, 'body.count'],
      [{ ...campaign, campaignDescription: 'x'.repeat(2001) }, 'body.campaignDescription'],
    ];
    for (const [payload, path] of cases) {
      const response = await generatePublic(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.issues[0].path).toBe(path);
    }
  });

  it('limits a visitor to 5 generations an hour per address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await generatePublic(campaign, ip)).statusCode).toBe(200);
    const refused = await generatePublic(campaign, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await generatePublic(campaign)).statusCode).toBe(200);
  });

  it('saves a signed-in user ideas as drafts of the workspace and charges a credit each', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const before = (await api.get('/api/user/credits')).json();
    expect(before).toMatchObject({ used: 0, limit: 200, remaining: 200 });
    expect(new Date(before.resetsAt).getUTCDate()).toBe(1);

    const response = await api.post('/api/user/generate-content', campaign);
    expect(response.statusCode).toBe(200);
    const generated = response.json().posts;
    expect(generated).toHaveLength(6);
    for (const post of generated) expect(post.id).toMatch(/^[0-9a-f-]{36}$/);

    const saved = (await api.get('/api/user/posts')).json();
    expect(saved.map((p: { id: string }) => p.id).sort()).toEqual(
      generated.map((p: { id: string }) => p.id).sort(),
    );
    expect((await api.get('/api/user/credits')).json()).toMatchObject({
      used: 6,
      limit: 200,
      remaining: 194,
    });
  });

  it('grants only the credits left, then answers 402', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const me = (await api.get('/api/auth/user')).json();
    await t.ctx.database.db
      .update(workspaces)
      .set({ plan: 'free' })
      .where(eq(workspaces.id, me.workspace.id));

    expect((await api.post('/api/user/generate-content', campaign)).json().posts).toHaveLength(6);
    expect((await api.post('/api/user/generate-content', campaign)).json().posts).toHaveLength(4);
    expect((await api.get('/api/user/credits')).json()).toMatchObject({ used: 10, limit: 10, remaining: 0 });
    const refused = await api.post('/api/user/generate-content', campaign);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toMatch(/used all AI credits/);
    expect((await api.get('/api/user/posts')).json()).toHaveLength(10);
  });

  it('reports unlimited credits on Enterprise', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const me = (await api.get('/api/auth/user')).json();
    await t.ctx.database.db
      .update(workspaces)
      .set({ plan: 'enterprise' })
      .where(eq(workspaces.id, me.workspace.id));
    await api.post('/api/user/generate-content', campaign);
    expect((await api.get('/api/user/credits')).json()).toMatchObject({
      used: 6,
      limit: null,
      remaining: null,
    });
  });

  it('streams NDJSON: one line per saved post, then done', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/generate-content',
      payload: campaign,
      headers: { cookie, accept: NDJSON },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(NDJSON);
    const events = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.map((e) => e.type)).toEqual(['post', 'post', 'post', 'post', 'post', 'post', 'done']);
    expect(events.at(-1).response.posts.map((p: { id: string }) => p.id)).toEqual(
      events.slice(0, 6).map((e) => e.post.id),
    );
  });

  it('answers a streaming request that fails before any idea with an ordinary error status', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) await generatePublic(campaign, ip);
    const refused = await generatePublic(campaign, ip, { accept: NDJSON });
    expect(refused.statusCode).toBe(429);
  });

  it('needs a session for the signed-in endpoints', async () => {
    for (const [method, url] of [
      ['POST', '/api/user/generate-content'],
      ['GET', '/api/user/credits'],
    ] as const) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'POST' ? campaign : undefined })).statusCode,
      ).toBe(401);
    }
  });
});

describe.each(databaseKinds)('generation with a scripted writer on %s', (kind) => {
  let t: TestApp;
  const writer = new ScriptedWriter();
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { ai: writer });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    writer.calls.length = 0;
  });

  it('feeds the brand kit to the writer and shows its findings on each post', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const kit = {
      brandName: 'Sunny Side Cafe',
      voiceDescription: 'Warm and witty',
      defaultTone: 'casual',
      audience: 'Locals',
      keywords: ['brunch'],
      bannedWords: ['cheap'],
      requiredHashtags: ['SunnySide'],
      emojiPolicy: 'none',
    };
    expect((await api.put('/api/user/brand-kit', kit)).statusCode).toBe(200);
    writer.answer((input) => ideasFor(input, (i) => (i === 0 ? 'A cheap brunch deal' : 'A lovely brunch')));
    const generated = (await api.post('/api/user/generate-content', { ...campaign, count: 5 })).json().posts;
    expect(writer.calls[0]?.brandKit).toMatchObject({ brandName: 'Sunny Side Cafe', bannedWords: ['cheap'] });
    expect(generated[0].brandFindings.map((f: { kind: string }) => f.kind)).toEqual([
      'banned-word',
      'missing-hashtag',
    ]);
    expect(generated[1].brandFindings).toEqual([
      { kind: 'missing-hashtag', value: 'SunnySide', message: 'Missing the required hashtag #SunnySide.' },
    ]);
    // Editing fixes the finding.
    const fixed = await api.patch(`/api/posts/${generated[1].id}`, { hashtags: ['SunnySide'] });
    expect(fixed.json().brandFindings).toEqual([]);
  });

  it('asks for one idea per slot, sending the posts already shown', async () => {
    const { cookie } = await signUp(t.app);
    await asUser(t.app, cookie).post('/api/user/generate-content', {
      ...campaign,
      platforms: ['twitter', 'facebook'],
      count: 5,
      previousPosts: ['An earlier idea'],
    });
    expect(writer.calls[0]?.slots).toEqual(['twitter', 'facebook', 'twitter', 'facebook', 'twitter']);
    expect(writer.calls[0]?.request.previousPosts).toEqual(['An earlier idea']);
  });

  it('refunds the credits and answers 502 with the message when the writer fails', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    writer.answer(
      () => new AiGenerationError('invalid-output', 'The AI writer could not produce usable posts.'),
    );
    const failed = await api.post('/api/user/generate-content', campaign);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toBe('The AI writer could not produce usable posts.');
    expect((await api.get('/api/user/credits')).json().used).toBe(0);
    expect((await api.get('/api/user/posts')).json()).toEqual([]);
  });

  it('answers 504 when the writer times out', async () => {
    const { cookie } = await signUp(t.app);
    writer.answer(
      () => new AiGenerationError('timeout', 'The AI writer took too long to answer. Please try again.'),
    );
    const failed = await asUser(t.app, cookie).post('/api/user/generate-content', campaign);
    expect(failed.statusCode).toBe(504);
  });

  it('charges only the ideas the writer delivered', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    writer.answer((input) => ideasFor(input).slice(0, 2));
    expect((await api.post('/api/user/generate-content', campaign)).json().posts).toHaveLength(2);
    expect((await api.get('/api/user/credits')).json().used).toBe(2);
  });

  it('ends a stream that fails after an idea with an error line, keeping what was saved', async () => {
    const { cookie } = await signUp(t.app);
    // A writer that streams one idea, then fails.
    const original = writer.generateIdeas.bind(writer);
    writer.generateIdeas = async (input, options) => {
      writer.generateIdeas = original;
      for (const idea of ideasFor(input).slice(0, 1)) options?.onIdea?.(idea);
      throw new AiGenerationError('unavailable', 'The AI provider is unavailable right now.');
    };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/generate-content',
      payload: campaign,
      headers: { cookie, accept: NDJSON },
      remoteAddress: randomIp(),
    });
    const events = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.map((e) => e.type)).toEqual(['post', 'done']);
    expect(events[1].response.posts).toHaveLength(1);
    expect((await asUser(t.app, cookie).get('/api/user/credits')).json().used).toBe(1);
  });
});
