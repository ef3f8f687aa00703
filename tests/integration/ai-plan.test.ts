import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiPlan, PlanStreamEvent } from '../../src/contracts/ai-plan';
import { NDJSON } from '../../src/contracts/generation';
import { generations, posts, queueSchedules } from '../../src/server/db/schema';
import { AiGenerationError } from '../../src/server/integrations/ai/ai-provider';
import { insertGenerationRun } from '../factories/analytics';
import { asUser } from '../factories/posts';
import { insertAccount, newWorkspace } from '../factories/publishing';
import { setWorkspacePlan } from '../factories/team';
import { ideasFor, ScriptedWriter } from '../fakes/ai/scripted-writer';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

// A Monday at least a week ahead, in UTC (the test users choose no zone).
const startsOn = DateTime.utc().startOf('day').plus({ days: 8 }).startOf('week');
const day = (offset: number) => startsOn.plus({ days: offset }).toISODate() as string;
/** Monday, Wednesday and Friday at 09:30 (weekday 0 = Sunday). */
const X_SLOTS = [1, 3, 5].map((weekday) => ({ weekday, time: '09:30' }));

const brief = (networks: unknown[], extra: object = {}) => ({
  goal: 'Fill the tables on weekday evenings this winter',
  businessType: 'restaurant',
  tone: 'casual',
  offers: [{ title: 'Winter menu', details: 'Three courses for 35 euros', from: day(2) }],
  dates: [{ date: day(9), label: 'Our 10th birthday' }],
  skipDates: [day(3)],
  startsOn: day(0),
  weeks: 2,
  networks,
  ...extra,
});

/** A Starter workspace with an X account on a Mon/Wed/Fri queue and a LinkedIn account. */
async function plannedWorkspace(t: TestApp) {
  const owner = await newWorkspace(t);
  await setWorkspacePlan(t.ctx, owner.workspaceId, 'starter');
  const x = await insertAccount(t, owner.workspaceId, { platform: 'twitter' });
  const linkedin = await insertAccount(t, owner.workspaceId, { platform: 'linkedin' });
  await t.ctx.database.db
    .insert(queueSchedules)
    .values({ socialAccountId: x.id, workspaceId: owner.workspaceId, slots: X_SLOTS, timeZone: 'UTC' });
  return { ...owner, x, linkedin, api: asUser(t.app, owner.cookie) };
}

const networks = [
  { platform: 'twitter', postsPerWeek: 3 },
  { platform: 'linkedin', postsPerWeek: 2 },
];

describe.each(databaseKinds)('plan a month with the offline composer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('places, writes, streams, charges and accepts a two-week plan', async () => {
    const owner = await plannedWorkspace(t);
    const db = t.ctx.database.db;
    // A LinkedIn post already scheduled on the Tuesday of the first week at 08:30.
    const busyAt = startsOn.plus({ days: 1, hours: 8, minutes: 30 }).toJSDate();
    await db.insert(posts).values({
      workspaceId: owner.workspaceId,
      platform: 'linkedin',
      socialAccountId: owner.linkedin.id,
      content: 'Already planned',
      status: 'scheduled',
      scheduledAt: busyAt,
    });

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ai/plan',
      headers: { cookie: owner.cookie, accept: NDJSON },
      payload: brief(networks),
    });
    expect(response.statusCode).toBe(200);
    const events = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as PlanStreamEvent);
    const progress = events.flatMap((event) => (event.type === 'progress' ? [event.written] : []));
    expect(progress).toEqual([8, 10]);
    expect(events.filter((event) => event.type === 'item')).toHaveLength(10);
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error(`no done event: ${response.body.slice(-300)}`);
    const plan: AiPlan = done.plan;
    expect(plan).toMatchObject({ status: 'ready', plannedCount: 10, writtenCount: 10, sandbox: true });
    expect(plan.items).toHaveLength(10);

    const xItems = plan.items.filter((item) => item.platform === 'twitter');
    expect(xItems).toHaveLength(6);
    for (const item of xItems) {
      const at = DateTime.fromISO(item.plannedAt, { zone: 'utc' });
      expect(at.toFormat('HH:mm')).toBe('09:30');
      expect([1, 3, 5]).toContain(at.weekday);
      expect(item.socialAccountId).toBe(owner.x.id);
    }
    for (const item of plan.items) {
      expect(DateTime.fromISO(item.plannedAt, { zone: 'utc' }).toISODate()).not.toBe(day(3));
      expect(item.content.length).toBeGreaterThan(20);
    }
    for (const item of plan.items.filter((entry) => entry.platform === 'linkedin')) {
      expect(Math.abs(new Date(item.plannedAt).getTime() - busyAt.getTime())).toBeGreaterThanOrEqual(
        3_600_000,
      );
      expect(item.socialAccountId).toBe(owner.linkedin.id);
    }
    expect(plan.items.some((item) => item.occasion === 'Winter menu')).toBe(true);
    expect(plan.items.some((item) => item.occasion === 'Our 10th birthday')).toBe(true);

    const charged = await db
      .select()
      .from(generations)
      .where(and(eq(generations.workspaceId, owner.workspaceId), eq(generations.kind, 'plan')));
    expect(charged.map((row) => row.postCount)).toEqual([10]);
    expect((await owner.api.get('/api/user/credits')).json()).toMatchObject({ used: 10 });

    expect((await owner.api.get(`/api/ai/plan/${plan.id}`)).json()).toMatchObject({
      id: plan.id,
      writtenCount: 10,
    });

    // Another workspace sees no such plan.
    const stranger = await plannedWorkspace(t);
    expect((await stranger.api.get(`/api/ai/plan/${plan.id}`)).statusCode).toBe(404);
    const foreign = await stranger.api.post(`/api/ai/plan/${plan.id}/accept`, {
      items: [{ id: plan.items[0]?.id }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('That plan does not exist');

    const nine = plan.items.slice(0, 9).map((item) => ({ id: item.id }));
    const accepted = await owner.api.post(`/api/ai/plan/${plan.id}/accept`, { items: nine });
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json();
    expect(body.skipped).toEqual([]);
    expect(body.posts).toHaveLength(9);
    for (const [index, post] of body.posts.entries()) {
      const item = plan.items[index];
      expect(post).toMatchObject({
        status: 'draft',
        platform: item?.platform,
        content: item?.content,
        socialAccountId: item?.socialAccountId,
        contentType: item?.contentType,
      });
      expect(new Date(post.scheduledAt).toISOString()).toBe(item?.plannedAt);
    }
    const drafts = await db
      .select()
      .from(posts)
      .where(eq(posts.generationId, charged[0]?.id as string));
    expect(drafts).toHaveLength(9);

    const again = (await owner.api.post(`/api/ai/plan/${plan.id}/accept`, { items: nine })).json();
    expect(again.posts).toEqual([]);
    expect(again.skipped).toHaveLength(9);
    expect(again.skipped[0]).toMatchObject({ reason: 'already accepted' });

    const last = plan.items[9]?.id;
    const past = await owner.api.post(`/api/ai/plan/${plan.id}/accept`, {
      items: [{ id: last, plannedAt: '2020-01-01T10:00:00Z' }],
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toMatch(/is in the past: pick a later time for this post\.$/);
  });

  it('refuses the Free plan with 402 naming Starter, and more than 100 posts with 400', async () => {
    const owner = await plannedWorkspace(t);
    await setWorkspacePlan(t.ctx, owner.workspaceId, 'free');
    const refused = await owner.api.post('/api/ai/plan', brief(networks));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({
      message:
        'The Free plan does not include monthly planning. Upgrade to Starter to plan a month of posts from one brief.',
      planNeeded: 'starter',
    });
    const tooMany = await owner.api.post(
      '/api/ai/plan',
      brief(
        [
          { platform: 'twitter', postsPerWeek: 14 },
          { platform: 'linkedin', postsPerWeek: 14 },
        ],
        { weeks: 5 },
      ),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('A plan holds at most 100 posts');
  });

  it.runIf(kind === 'pglite')(
    'adapts a text per network for 1 credit each, and composes per-target texts',
    async () => {
      const owner = await plannedWorkspace(t);
      const text = [
        'Our winter menu is here, and it is the warmest thing we have cooked in years.',
        'Slow-braised beef, roasted roots and a chocolate tart that people have already asked for twice.',
        'Every dish is made from scratch in our kitchen each morning by the same small team.',
        'Tables fill quickly on Fridays, so book early to be sure of a seat by the window.',
        'Book your table at https://example.com/book today.',
      ].join(' ');
      const response = await owner.api.post('/api/ai/variants', {
        text,
        hashtags: ['WinterMenu', 'Food', 'Local', 'Dinner'],
        platforms: ['instagram', 'twitter', 'linkedin'],
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ generator: 'offline composer', sandbox: true });
      const byPlatform = Object.fromEntries(
        body.variants.map((variant: { platform: string }) => [variant.platform, variant]),
      );
      expect(byPlatform.instagram.content).not.toContain('https://');
      expect(byPlatform.instagram.content).toContain('Link in bio.');
      expect(byPlatform.twitter.thread.length).toBeGreaterThan(1);
      expect(byPlatform.twitter.thread[0]).toMatch(/ 1\/\d+$/);
      expect(byPlatform.linkedin.content).toContain('https://example.com/book');
      for (const variant of body.variants) expect(variant.problems).toEqual([]);
      const credits = (await owner.api.get('/api/user/credits')).json();
      expect(credits.used).toBe(3);

      const composed = await owner.api.post('/api/posts/compose', {
        content: 'The shared text',
        asDraft: true,
        targets: [
          {
            platform: 'twitter',
            socialAccountId: owner.x.id,
            content: byPlatform.twitter.content,
            hashtags: [],
          },
          { platform: 'linkedin', socialAccountId: owner.linkedin.id, content: byPlatform.linkedin.content },
        ],
      });
      expect(composed.statusCode).toBe(201);
      const [xPost, linkedinPost] = composed.json().posts;
      expect(xPost.content).toBe(byPlatform.twitter.content);
      expect(xPost.hashtags).toEqual([]);
      expect(linkedinPost.content).toBe(byPlatform.linkedin.content);
    },
  );
});

describe('plan a month with a scripted writer on pglite', () => {
  let t: TestApp;
  const writer = new ScriptedWriter();
  beforeAll(async () => {
    t = await buildTestApp('pglite', {}, { ai: writer });
  });
  afterAll(() => t.close());

  it('sends batches of 8 with slot notes, the voice examples and the posts written so far', async () => {
    const owner = await plannedWorkspace(t);
    const response = await owner.api.post('/api/ai/plan', brief(networks));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ writtenCount: 10, sandbox: false, generator: 'scripted writer' });
    const [first, second] = writer.calls;
    expect(first?.slots).toHaveLength(8);
    expect(second?.slots).toHaveLength(2);
    expect(first?.slotNotes).toHaveLength(8);
    expect(first?.slotNotes?.[0]).toMatchObject({
      contentType: expect.any(String),
      dateLabel: expect.any(String),
    });
    expect(first?.slotNotes?.some((note) => note.occasion === 'Winter menu')).toBe(true);
    expect(first?.examples).toEqual(expect.any(Array));
    expect(second?.previousPosts).toHaveLength(8);
    expect(first?.request.campaignDescription).toContain('Fill the tables');
  });

  it('writes only the earliest posts the credits cover, with a notice', async () => {
    const owner = await plannedWorkspace(t);
    // Starter has 50 credits a month: 45 spent leave 5 of the 10 posts.
    await insertGenerationRun(t, owner.workspaceId, { postCount: 45 });
    const response = await owner.api.post('/api/ai/plan', brief(networks));
    expect(response.statusCode).toBe(200);
    const plan: AiPlan = response.json();
    expect(plan).toMatchObject({
      plannedCount: 5,
      writtenCount: 5,
      notice: 'Your credits cover 5 of the 10 posts.',
    });
    const times = plan.items.map((item) => item.plannedAt);
    expect(times).toEqual([...times].sort());
    expect(new Date(times.at(-1) as string).getTime()).toBeLessThan(startsOn.plus({ days: 9 }).toMillis());
  });

  it('keeps the batches written when the writer stops half way, and charges only those', async () => {
    const owner = await plannedWorkspace(t);
    writer.answer(ideasFor).answer(() => new AiGenerationError('timeout', 'The AI writer took too long.'));
    const response = await owner.api.post('/api/ai/plan', brief(networks));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cut_short', plannedCount: 10, writtenCount: 8 });
    expect((await owner.api.get('/api/user/credits')).json()).toMatchObject({ used: 8 });
  });

  it('refunds the credits when the writer fails before any post', async () => {
    const owner = await plannedWorkspace(t);
    writer.answer(() => new AiGenerationError('unavailable', 'The AI writer is not available right now.'));
    const response = await owner.api.post('/api/ai/plan', brief(networks));
    expect(response.statusCode).toBe(502);
    expect((await owner.api.get('/api/user/credits')).json()).toMatchObject({ used: 0 });
  });
});
