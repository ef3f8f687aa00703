import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvergreenSettingsResponse } from '../../src/contracts/evergreen';
import type { Post } from '../../src/contracts/posts';
import { generations, posts, queueSchedules } from '../../src/server/db/schema';
import type { IdeaRequest } from '../../src/server/integrations/ai/ai-provider';
import { runEvergreenRecycling } from '../../src/server/modules/queue/evergreen.service';
import { uploadImage } from '../factories/media';
import { asUser } from '../factories/posts';
import { insertAccount, newWorkspace } from '../factories/publishing';
import { setWorkspacePlan } from '../factories/team';
import { ScriptedWriter } from '../fakes/ai/scripted-writer';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
/** Every day at 09:00 and 17:00 UTC. */
const DAILY_SLOTS = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
  { weekday, time: '09:00' },
  { weekday, time: '17:00' },
]);

/** The first 09:00 or 17:00 UTC after `from` (ms). */
function nextDailySlot(from: number): Date {
  const day = new Date(from);
  day.setUTCHours(0, 0, 0, 0);
  for (let offset = 0; ; offset += 1) {
    for (const hour of [9, 17]) {
      const at = day.getTime() + offset * DAY + hour * 3_600_000;
      if (at > from) return new Date(at);
    }
  }
}

describe.each(databaseKinds)('evergreen recycling on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;

  /** A workspace with an X account whose queue has daily slots and recycling as given. */
  async function recyclingAccount(setting: Partial<typeof queueSchedules.$inferInsert> = {}) {
    const owner = await newWorkspace(t);
    const account = await insertAccount(t, owner.workspaceId, { platform: 'twitter' });
    await db()
      .insert(queueSchedules)
      .values({
        socialAccountId: account.id,
        workspaceId: owner.workspaceId,
        slots: DAILY_SLOTS,
        timeZone: 'UTC',
        evergreenEnabled: true,
        evergreenMinGapDays: 30,
        ...setting,
      });
    return { ...owner, account, api: asUser(t.app, owner.cookie) };
  }

  type Owner = Awaited<ReturnType<typeof recyclingAccount>>;

  /** A post of the account that went out `publishedAt`, evergreen unless told otherwise. */
  async function publishedPost(
    owner: Owner,
    publishedAt: Date,
    values: Partial<typeof posts.$inferInsert> = {},
  ) {
    const [row] = await db()
      .insert(posts)
      .values({
        workspaceId: owner.workspaceId,
        createdByUserId: owner.user.id,
        platform: 'twitter',
        content: `Our opening hours, posted ${publishedAt.toISOString()}`,
        hashtags: ['Hours'],
        status: 'published',
        scheduledAt: publishedAt,
        publishedAt,
        externalId: String(publishedAt.getTime()),
        socialAccountId: owner.account.id,
        evergreen: true,
        ...values,
      })
      .returning();
    if (!row) throw new Error('post insert returned no row');
    return row;
  }

  async function copiesOf(originalId: string) {
    return db().select().from(posts).where(eq(posts.recycledFromPostId, originalId));
  }

  async function runFor(owner: Owner, ctx: Parameters<typeof runEvergreenRecycling>[0] = t.ctx) {
    const outcomes = await runEvergreenRecycling(ctx);
    return outcomes.filter((outcome) => outcome.accountId === owner.account.id);
  }

  describe('the setting', () => {
    it('answers the defaults, saves once the account has a queue, and validates', async () => {
      const owner = await newWorkspace(t);
      const account = await insertAccount(t, owner.workspaceId);
      const api = asUser(t.app, owner.cookie);
      const url = `/api/queue/evergreen?accountId=${account.id}`;

      const initial = await api.get(url);
      expect(initial.statusCode).toBe(200);
      expect(initial.json()).toEqual({
        accountId: account.id,
        enabled: false,
        minGapDays: 30,
        rewrite: false,
        evergreenPosts: 0,
      });
      // No posting schedule yet: recycling has no queue to fill.
      const early = await api.put(url, { enabled: true, minGapDays: 14, rewrite: true });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toMatch(/posting times/);

      await db()
        .insert(queueSchedules)
        .values({ socialAccountId: account.id, workspaceId: owner.workspaceId, slots: DAILY_SLOTS });
      const saved = await api.put(url, { enabled: true, minGapDays: 14, rewrite: true });
      expect(saved.statusCode).toBe(200);
      expect(saved.json<EvergreenSettingsResponse>()).toMatchObject({
        enabled: true,
        minGapDays: 14,
        rewrite: true,
      });
      expect((await api.get(url)).json()).toMatchObject({ enabled: true, minGapDays: 14, rewrite: true });

      for (const body of [
        { enabled: true, minGapDays: 0, rewrite: false },
        { enabled: true, minGapDays: 366, rewrite: false },
        { enabled: true, minGapDays: 1.5, rewrite: false },
        { enabled: 'yes', minGapDays: 30, rewrite: false },
        { enabled: true, rewrite: false },
      ]) {
        const answer = await api.put(url, body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(answer.json().error.code).toBe('validation_failed');
      }
      expect((await api.get('/api/queue/evergreen?accountId=nope')).statusCode).toBe(400);
      expect((await api.get('/api/queue/evergreen')).statusCode).toBe(400);
      // Another workspace's account is not found.
      const stranger = await newWorkspace(t);
      expect((await asUser(t.app, stranger.cookie).get(url)).statusCode).toBe(404);
    });

    it('marks a published post evergreen, refuses a copy, and the post answers carry the mark', async () => {
      const owner = await recyclingAccount();
      const original = await publishedPost(owner, daysAgo(3), { evergreen: false });
      const marked = await owner.api.put(`/api/posts/${original.id}/evergreen`, { evergreen: true });
      expect(marked.statusCode).toBe(200);
      expect(marked.json<Post>()).toMatchObject({ id: original.id, evergreen: true, status: 'published' });
      expect((await owner.api.get(`/api/posts/${original.id}`)).json()).toMatchObject({ evergreen: true });
      const settings = await owner.api.get(`/api/queue/evergreen?accountId=${owner.account.id}`);
      expect(settings.json()).toMatchObject({ evergreenPosts: 1 });

      const copy = await publishedPost(owner, daysAgo(1), {
        evergreen: false,
        recycledFromPostId: original.id,
      });
      expect((await owner.api.put(`/api/posts/${copy.id}/evergreen`, { evergreen: true })).statusCode).toBe(
        409,
      );
      expect((await owner.api.put(`/api/posts/${original.id}/evergreen`, {})).statusCode).toBe(400);
      expect((await owner.api.put('/api/posts/not-an-id/evergreen', { evergreen: true })).statusCode).toBe(
        400,
      );
      const stranger = await newWorkspace(t);
      const foreign = await asUser(t.app, stranger.cookie).put(`/api/posts/${original.id}/evergreen`, {
        evergreen: false,
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('is a Professional feature: Starter gets 402 naming the plan needed', async () => {
      const owner = await recyclingAccount({ evergreenEnabled: false });
      const post = await publishedPost(owner, daysAgo(40), { evergreen: false });
      await setWorkspacePlan(t.ctx, owner.workspaceId, 'starter');
      const settings = await owner.api.put(`/api/queue/evergreen?accountId=${owner.account.id}`, {
        enabled: true,
        minGapDays: 30,
        rewrite: false,
      });
      expect(settings.statusCode).toBe(402);
      expect(settings.json().error).toMatchObject({ code: 'plan_limit', planNeeded: 'professional' });
      const mark = await owner.api.put(`/api/posts/${post.id}/evergreen`, { evergreen: true });
      expect(mark.statusCode).toBe(402);
      // Unmarking stays possible after a downgrade; and a downgraded workspace's queue is not recycled.
      await db()
        .update(queueSchedules)
        .set({ evergreenEnabled: true })
        .where(eq(queueSchedules.socialAccountId, owner.account.id));
      await db().update(posts).set({ evergreen: true }).where(eq(posts.id, post.id));
      expect(await runFor(owner)).toEqual([]);
      expect(await copiesOf(post.id)).toEqual([]);
      expect((await owner.api.put(`/api/posts/${post.id}/evergreen`, { evergreen: false })).statusCode).toBe(
        200,
      );
    });
  });

  describe('the recycler', () => {
    it('queues a copy in the next slot when the queue runs dry, keeping media, first comment and type', async () => {
      const owner = await recyclingAccount();
      const image = await uploadImage(t.app, owner.cookie, 'png', { width: 64, height: 64 });
      const original = await publishedPost(owner, daysAgo(45), {
        firstComment: 'Menu in the first reply',
        postType: 'post',
        mediaIds: [image.id],
        altTexts: { [image.id]: 'Our shop front' },
      });
      const before = Date.now();
      const [outcome] = await runFor(owner);
      expect(outcome).toMatchObject({ result: 'queued', postId: original.id });
      const [copy] = await copiesOf(original.id);
      expect(copy).toMatchObject({
        status: 'scheduled',
        content: original.content,
        hashtags: ['Hours'],
        firstComment: 'Menu in the first reply',
        postType: 'post',
        mediaIds: [image.id],
        altTexts: { [image.id]: 'Our shop front' },
        socialAccountId: owner.account.id,
        evergreen: false,
        publishedAt: null,
        externalId: null,
      });
      expect(copy?.id).not.toBe(original.id);
      expect(copy?.queueSlotAt).toEqual(copy?.scheduledAt);
      // The next of the daily 09:00 and 17:00 UTC slots (a slot within the next minute is skipped).
      expect(copy?.scheduledAt).toEqual(nextDailySlot(before + 60_000));

      // The queue is no longer dry: the next run queues nothing more.
      expect(await runFor(owner)).toEqual([]);
      expect(await copiesOf(original.id)).toHaveLength(1);
    });

    it('never recycles within the minimum gap, counting every copy that went out', async () => {
      const owner = await recyclingAccount();
      const recent = await publishedPost(owner, daysAgo(10));
      const old = await publishedPost(owner, daysAgo(200));
      // The old post's copy went out 20 days ago: its family last went out then.
      await publishedPost(owner, daysAgo(20), {
        evergreen: false,
        recycledFromPostId: old.id,
        content: 'A copy',
      });
      expect(await runFor(owner)).toEqual([]);

      await db()
        .update(queueSchedules)
        .set({ evergreenMinGapDays: 15 })
        .where(eq(queueSchedules.socialAccountId, owner.account.id));
      const [outcome] = await runFor(owner);
      expect(outcome).toMatchObject({ result: 'queued', postId: old.id });
      expect(await copiesOf(recent.id)).toEqual([]);
    });

    it('takes the post that went out longest ago first', async () => {
      const owner = await recyclingAccount();
      await publishedPost(owner, daysAgo(40));
      const oldest = await publishedPost(owner, daysAgo(90));
      await publishedPost(owner, daysAgo(60));
      // A draft marked evergreen never went out: not a candidate.
      await publishedPost(owner, daysAgo(400), { status: 'draft', publishedAt: null, externalId: null });
      const [outcome] = await runFor(owner);
      expect(outcome).toMatchObject({ result: 'queued', postId: oldest.id });
    });

    it('leaves a queue alone that has a post in the next 48 hours, and an account with recycling off', async () => {
      const busy = await recyclingAccount();
      await publishedPost(busy, daysAgo(50));
      await publishedPost(busy, new Date(Date.now() + 30 * 3_600_000), {
        status: 'scheduled',
        publishedAt: null,
        externalId: null,
        evergreen: false,
        content: 'Already planned',
      });
      const off = await recyclingAccount({ evergreenEnabled: false });
      const offPost = await publishedPost(off, daysAgo(50));
      const paused = await recyclingAccount({ pausedAt: new Date() });
      const pausedPost = await publishedPost(paused, daysAgo(50));
      expect(await runFor(busy)).toEqual([]);
      expect(await runFor(off)).toEqual([]);
      expect(await runFor(paused)).toEqual([]);
      expect(await copiesOf(offPost.id)).toEqual([]);
      expect(await copiesOf(pausedPost.id)).toEqual([]);
    });

    it('queues one copy when two runs race', async () => {
      const owner = await recyclingAccount();
      const first = await publishedPost(owner, daysAgo(70));
      const second = await publishedPost(owner, daysAgo(50));
      const [a, b] = await Promise.all([runFor(owner), runFor(owner)]);
      const queued = [...(a ?? []), ...(b ?? [])].filter((outcome) => outcome.result === 'queued');
      expect(queued).toHaveLength(1);
      expect(await copiesOf(first.id)).toHaveLength(1);
      expect(await copiesOf(second.id)).toEqual([]);
    });

    it('rewrites the text with the AI writer, differently from every earlier copy, for one credit', async () => {
      const owner = await recyclingAccount({ evergreenRewrite: true });
      const original = await publishedPost(owner, daysAgo(120), {
        content: 'Fresh sourdough every morning at our bakery on Elm Street, baked by hand since 1998.',
        contentType: 'promotional',
        tone: 'casual',
      });
      await publishedPost(owner, daysAgo(60), {
        evergreen: false,
        recycledFromPostId: original.id,
        content: 'Our sourdough, still baked by hand every morning.',
      });
      const [outcome] = await runFor(owner);
      expect(outcome).toMatchObject({ result: 'queued', postId: original.id });
      const copies = await copiesOf(original.id);
      const copy = copies.find((row) => row.status === 'scheduled');
      expect(copy?.content).toBeTruthy();
      expect(copy?.content).not.toBe(original.content);
      expect(copy?.content).not.toBe('Our sourdough, still baked by hand every morning.');
      const charged = await db()
        .select()
        .from(generations)
        .where(eq(generations.workspaceId, owner.workspaceId));
      expect(charged.map((row) => row.postCount)).toEqual([1]);
    });

    it('skips, with its reason and no credit, when the writer cannot write a different text', async () => {
      const owner = await recyclingAccount({ evergreenRewrite: true });
      const original = await publishedPost(owner, daysAgo(120), { content: 'The same words again.' });
      // Answers every call with the original's words.
      const parrot = Object.assign(new ScriptedWriter(), {
        generateIdeas: async (input: IdeaRequest) =>
          input.slots.map((platform) => ({
            platform,
            content: ' the SAME words   again. ',
            hashtags: [],
            suggestedImagePrompt: '',
          })),
      });
      const [outcome] = await runFor(owner, { ...t.ctx, ai: parrot });
      expect(outcome).toMatchObject({ result: 'skipped', postId: original.id });
      expect(outcome?.result === 'skipped' && outcome.reason).toMatch(/differing/);
      expect(await copiesOf(original.id)).toEqual([]);
      const charged = await db()
        .select()
        .from(generations)
        .where(eq(generations.workspaceId, owner.workspaceId));
      expect(charged).toEqual([]);
    });
  });
});
