import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VoiceResponse } from '../../src/contracts/ai-voice';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import { insertPublishedPost } from '../factories/analytics';
import { asUser } from '../factories/posts';
import { signUp } from '../factories/users';
import { ScriptedWriter } from '../fakes/ai/scripted-writer';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const DAY = 86_400_000;
const campaign = {
  businessType: 'restaurant',
  targetAudience: 'locals',
  campaignDescription: 'Weekend brunch',
  contentType: 'promotional',
  tone: 'casual',
};

/*
 * The learned voice through the HTTP app (issue 30): which published posts GET /api/ai/voice lists
 * and the writer is given, and the pin / exclude / auto choices. The pick's rules are unit-tested
 * in voice-examples.test.ts; this file checks the query (both databases) and the wiring.
 */
describe.each(databaseKinds)('the learned voice on %s', (kind) => {
  let t: TestApp;
  const writer = new ScriptedWriter();
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { ai: writer });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    writer.calls.length = 0;
  });

  /** `count` measured posts, rates 1 %, 2 %, ... (the last is best), the platforms taking turns. */
  async function measuredPosts(workspaceId: string, count: number, platforms: PublishingPlatform[]) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const post = await insertPublishedPost(t, workspaceId, {
        platform: platforms[i % platforms.length],
        content: `Measured post ${i + 1}`,
        publishedAt: new Date(Date.now() - (i + 1) * DAY),
        metrics: { reach: 1000, likes: (i + 1) * 10 },
      });
      ids.push(post.id);
    }
    return ids;
  }

  async function workspace() {
    const owner = await signUp(t.app);
    const workspaceId = (owner.user as unknown as { workspace: { id: string } }).workspace.id;
    const api = asUser(t.app, owner.cookie);
    const voice = async () => (await api.get('/api/ai/voice')).json() as VoiceResponse;
    const set = (postId: string, state: string) => api.put(`/api/ai/voice/${postId}`, { state });
    return { ...owner, workspaceId, api, voice, set };
  }

  it('picks nothing from 9 measured posts, and the top 5 by rate (2 per network) from 12', async () => {
    const ws = await workspace();
    await measuredPosts(ws.workspaceId, 9, ['twitter']);
    expect(await ws.voice()).toMatchObject({ learning: false, measured: 9, needed: 10, examples: [] });

    const more = await workspace();
    const ids = await measuredPosts(more.workspaceId, 12, ['twitter', 'linkedin', 'facebook']);
    // An unread post and an old one never count.
    await insertPublishedPost(t, more.workspaceId, { platform: 'bluesky' });
    await insertPublishedPost(t, more.workspaceId, {
      platform: 'bluesky',
      publishedAt: new Date(Date.now() - 200 * DAY),
      metrics: { reach: 100, likes: 90 },
    });
    const voice = await more.voice();
    expect(voice).toMatchObject({ learning: true, measured: 12 });
    // Rates 12..1 %: 12 fb, 11 li, 10 tw, 9 fb, 8 li (7 tw would be the 6th).
    expect(voice.examples.map((e) => e.postId)).toEqual([ids[11], ids[10], ids[9], ids[8], ids[7]]);
    expect(voice.examples[0]).toMatchObject({
      platform: 'facebook',
      excerpt: 'Measured post 12',
      engagementRate: 12,
      state: 'auto',
    });
  });

  it('puts a pinned old post first, drops an excluded one, refuses a 6th pin and foreign posts', async () => {
    const ws = await workspace();
    const ids = await measuredPosts(ws.workspaceId, 12, ['twitter', 'linkedin', 'facebook']);
    const old = await insertPublishedPost(t, ws.workspaceId, {
      platform: 'mastodon',
      content: 'An old favourite',
      publishedAt: new Date(Date.now() - 400 * DAY),
    });
    expect((await ws.set(old.id, 'pinned')).json().examples[0]).toMatchObject({
      postId: old.id,
      state: 'pinned',
      engagementRate: null,
    });
    const excluded = await ws.set(ids[11] as string, 'excluded');
    expect(excluded.statusCode).toBe(200);
    expect(excluded.json().examples.map((e: { postId: string }) => e.postId)).not.toContain(ids[11]);
    expect(excluded.json().excluded).toMatchObject([{ postId: ids[11], excerpt: 'Measured post 12' }]);
    // Back to automatic: picked again.
    expect((await ws.set(ids[11] as string, 'auto')).json().examples[1].postId).toBe(ids[11]);

    for (const id of ids.slice(0, 4)) expect((await ws.set(id, 'pinned')).statusCode).toBe(200);
    const sixth = await ws.set(ids[4] as string, 'pinned');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.message).toBe('You can pin up to 5 posts. Unpin one first.');
    // Pinning a pinned post again is no sixth pin.
    expect((await ws.set(old.id, 'pinned')).statusCode).toBe(200);

    const other = await workspace();
    const foreign = await other.set(old.id, 'pinned');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('That post is not a published post of this workspace.');
    expect((await ws.set(old.id, 'sideways')).statusCode).toBe(400);
    expect((await ws.set('not-a-uuid', 'pinned')).statusCode).toBe(400);
  });

  // The wiring, not SQL: PGlite is enough.
  it.runIf(kind === 'pglite')(
    'gives the writer the examples, and only pinned ones with learning from results off',
    async () => {
      const ws = await workspace();
      const ids = await measuredPosts(ws.workspaceId, 10, ['twitter', 'linkedin', 'facebook']);
      await ws.set(ids[0] as string, 'pinned');
      const generate = () =>
        ws.api.post('/api/user/generate-content', { ...campaign, platforms: ['twitter'], count: 5 });
      expect((await generate()).statusCode).toBe(200);
      expect(writer.calls[0]?.examples).toEqual([
        { platform: 'twitter', text: 'Measured post 1' },
        { platform: 'twitter', text: 'Measured post 10' },
        { platform: 'facebook', text: 'Measured post 9' },
        { platform: 'linkedin', text: 'Measured post 8' },
        // Post 7 is a third X post: skipped.
        { platform: 'facebook', text: 'Measured post 6' },
      ]);

      const kit = (await ws.api.get('/api/user/brand-kit')).json();
      const { updatedAt: _, ...body } = kit;
      expect((await ws.api.put('/api/user/brand-kit', { ...body, learnFromResults: false })).statusCode).toBe(
        200,
      );
      expect((await generate()).statusCode).toBe(200);
      expect(writer.calls[1]?.examples).toEqual([{ platform: 'twitter', text: 'Measured post 1' }]);
      expect(await ws.voice()).toMatchObject({ learning: false, measured: 10 });
    },
  );
});
