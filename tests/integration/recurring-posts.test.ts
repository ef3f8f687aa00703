import { and, asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../src/contracts/posts';
import { postSeries, posts } from '../../src/server/db/schema';
import { recurringPostsJob } from '../../src/server/jobs/recurring-posts.job';
import { PUBLISH_POST_JOB } from '../../src/server/modules/publishing/publish-queue';
import { asUser, createPost } from '../factories/posts';
import { setWorkspacePlan } from '../factories/team';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';
import { approvalsHarness, type Person } from './approvals-harness';

const BERLIN = 'Europe/Berlin';
const DAY = 86_400_000;

/** 09:00 in Berlin, `days` days from today. */
const berlinNine = (days: number) =>
  DateTime.now().setZone(BERLIN).plus({ days }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });

/** The first day from `after` on whose offset in Berlin differs from the day before's (a DST change). */
function nextDstChange(after: DateTime): DateTime {
  let day = after.setZone(BERLIN).startOf('day');
  while (day.plus({ days: 1 }).offset === day.offset) day = day.plus({ days: 1 });
  return day.plus({ days: 1 });
}

describe.each(databaseKinds)('recurring posts on %s', (kind) => {
  let t: TestApp;
  const h = approvalsHarness(() => t);
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  const db = () => t.ctx.database.db;

  /** A LinkedIn post of `person`, scheduled at `at`. */
  async function scheduled(person: Person, at: DateTime, content = 'Fresh bread every morning.') {
    const post = await createPost(t.app, person.cookie, { content });
    const answer = await asUser(t.app, person.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: at.toUTC().toISO(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Post>();
  }
  async function repeat(person: Person, id: string, body: object) {
    return asUser(t.app, person.cookie).put(`/api/posts/${id}/repeat`, body);
  }
  async function repeating(person: Person, at: DateTime, body: object, content?: string) {
    const post = await scheduled(person, at, content);
    const answer = await repeat(person, post.id, { timeZone: BERLIN, ...body });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Post>();
  }
  /** A series' posts in order. */
  async function occurrences(seriesId: string) {
    return db().select().from(posts).where(eq(posts.seriesId, seriesId)).orderBy(asc(posts.occurrenceIndex));
  }
  async function seriesRow(id: string) {
    const [row] = await db().select().from(postSeries).where(eq(postSeries.id, id));
    return row;
  }
  /** The hourly job's run, as a worker runs it, at `now`. */
  async function runJob(now?: Date) {
    if (now) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
    }
    try {
      await recurringPostsJob.handle({}, { app: t.ctx, database: t.ctx.database, log: t.ctx.log });
    } finally {
      vi.useRealTimers();
    }
  }
  async function liveJobs(postId: string) {
    const result = await t.ctx.database.executeSql(
      `select id from pgboss.job where name = $1 and data->>'postId' = $2 and state = 'created'`,
      [PUBLISH_POST_JOB, postId],
    );
    return result.rows.length;
  }
  const berlinWall = (date: Date | null) => DateTime.fromJSDate(date ?? new Date(0)).setZone(BERLIN);

  it('creates a daily series’ occurrences 30 days ahead, each scheduled with its own publish job', async () => {
    const owner = await signUp(t.app);
    const start = berlinNine(1);
    const first = await repeating(owner, start, { every: 1, unit: 'day' });
    expect(first.series).toMatchObject({ every: 1, unit: 'day', occurrence: 1 });
    const seriesId = first.series?.id ?? '';
    const rows = await occurrences(seriesId);
    // Tomorrow at 9:00 in Berlin and every day up to 30 days from now: 29 before 9:00 there, 30 after.
    const horizon = Date.now() + 30 * DAY;
    let expected = 0;
    while (start.plus({ days: expected }).toMillis() <= horizon) expected += 1;
    expect(rows.length).toBeGreaterThanOrEqual(expected - 1);
    expect(rows.length).toBeLessThanOrEqual(expected);
    expect(rows.length).toBeGreaterThanOrEqual(29);
    for (const [index, row] of rows.entries()) {
      expect(row.occurrenceIndex).toBe(index);
      expect(row.status).toBe('scheduled');
      expect(row.content).toBe('Fresh bread every morning.');
      expect(berlinWall(row.scheduledAt).toFormat('HH:mm')).toBe('09:00');
      expect(row.scheduledAt?.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY);
      expect(await liveJobs(row.id)).toBe(1);
    }
    const third = await asUser(t.app, owner.cookie).get(`/api/posts/${rows[2]?.id}`);
    expect(third.json<Post>().series).toEqual({ id: seriesId, every: 1, unit: 'day', occurrence: 3 });
    const list = await asUser(t.app, owner.cookie).get('/api/posts?limit=200');
    expect(list.json<Post[]>().filter((post) => post.series?.id === seriesId)).toHaveLength(rows.length);
  });

  it('runs twice and creates nothing twice, then adds the next day’s occurrence once', async () => {
    const owner = await signUp(t.app);
    const first = await repeating(owner, berlinNine(1), { every: 1, unit: 'day' });
    const seriesId = first.series?.id ?? '';
    const made = (await occurrences(seriesId)).length;
    await runJob();
    await runJob();
    expect(await occurrences(seriesId)).toHaveLength(made);
    // As if a run crashed before saying how far it got: the unique index still holds.
    await db().update(postSeries).set({ generatedCount: 1 }).where(eq(postSeries.id, seriesId));
    await runJob();
    expect(await occurrences(seriesId)).toHaveLength(made);
    await db().update(postSeries).set({ generatedCount: made }).where(eq(postSeries.id, seriesId));
    const tomorrow = new Date(Date.now() + DAY + 60_000);
    await runJob(tomorrow);
    await runJob(tomorrow);
    const rows = await occurrences(seriesId);
    expect(rows).toHaveLength(made + 1);
    expect(new Set(rows.map((row) => row.occurrenceIndex)).size).toBe(made + 1);
  });

  it('puts a monthly post on the 31st on each month’s last day, ending after the count', async () => {
    const owner = await signUp(t.app);
    let start = berlinNine(2);
    while (start.day !== 31) start = start.plus({ days: 1 });
    const first = await repeating(owner, start, { every: 1, unit: 'month', count: 4 });
    const seriesId = first.series?.id ?? '';
    // Each later run sees the month ahead: one run a month creates that month's post.
    for (let month = 1; month <= 5; month++)
      await runJob(start.plus({ months: month, days: -20 }).toJSDate());
    const rows = await occurrences(seriesId);
    expect(rows).toHaveLength(4);
    rows.forEach((row, index) => {
      const wall = berlinWall(row.scheduledAt);
      const month = start.plus({ months: index });
      expect(wall.toFormat('yyyy-MM HH:mm')).toBe(`${month.toFormat('yyyy-MM')} 09:00`);
      expect(wall.day).toBe(Math.min(31, month.daysInMonth ?? 31));
    });
    expect((await seriesRow(seriesId))?.endedAt).not.toBeNull();
  });

  it('keeps 09:00 local across a daylight saving change, weekly, until the end date', async () => {
    const owner = await signUp(t.app);
    const change = nextDstChange(DateTime.now().plus({ days: 10 }));
    const start = change.minus({ days: 8 }).set({ hour: 9 });
    const until = start.plus({ weeks: 2, hours: 1 });
    const first = await repeating(owner, start, { every: 1, unit: 'week', until: until.toUTC().toISO() });
    const seriesId = first.series?.id ?? '';
    await runJob(start.plus({ hours: 1 }).toJSDate());
    const rows = await occurrences(seriesId);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => berlinWall(row.scheduledAt).toFormat('ccc HH:mm'))).toEqual(
      Array(3).fill(start.toFormat('ccc 09:00')),
    );
    // The same wall time is another UTC time on each side of the change.
    const utcHours = rows.map((row) => row.scheduledAt?.getUTCHours());
    expect(utcHours[0]).not.toBe(utcHours[2]);
    expect((await seriesRow(seriesId))?.endedAt).not.toBeNull();
  });

  it('edits this post only, or this and all future posts (and what the job creates later)', async () => {
    const owner = await signUp(t.app);
    const first = await repeating(owner, berlinNine(1), { every: 1, unit: 'week', count: 6 });
    const seriesId = first.series?.id ?? '';
    const [one, two, three, four, five] = await occurrences(seriesId);
    expect(five).toBeDefined();
    const only = await asUser(t.app, owner.cookie).patch(`/api/posts/${three?.id}?scope=this`, {
      content: 'Only the third.',
    });
    expect(only.statusCode, only.body).toBe(200);
    const future = await asUser(t.app, owner.cookie).patch(`/api/posts/${two?.id}?scope=future`, {
      content: 'From the second on.',
      hashtags: ['Bakery'],
    });
    expect(future.statusCode, future.body).toBe(200);
    expect(future.json<Post>()).toMatchObject({ content: 'From the second on.', hashtags: ['Bakery'] });
    const contents = (await occurrences(seriesId)).map((row) => row.content);
    expect(contents).toEqual([
      'Fresh bread every morning.',
      'From the second on.',
      'From the second on.',
      'From the second on.',
      'From the second on.',
    ]);
    expect((await seriesRow(seriesId))?.template).toMatchObject({
      content: 'From the second on.',
      hashtags: ['Bakery'],
    });
    // The sixth is created later from the edited template.
    await runJob(new Date((four?.scheduledAt?.getTime() ?? 0) + DAY));
    const sixth = (await occurrences(seriesId)).at(-1);
    expect(sixth).toMatchObject({ occurrenceIndex: 5, content: 'From the second on.', hashtags: ['Bakery'] });
    expect(one?.content).toBe('Fresh bread every morning.');
    // Moving every future post at once is refused; one post moves on its own.
    const move = await asUser(t.app, owner.cookie).patch(`/api/posts/${two?.id}?scope=future`, {
      scheduledAt: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    expect(move.statusCode).toBe(400);
  });

  it('deletes this post only (never created again), or this and all future posts, ending the series', async () => {
    const owner = await signUp(t.app);
    const first = await repeating(owner, berlinNine(1), { every: 1, unit: 'day' });
    const seriesId = first.series?.id ?? '';
    const rows = await occurrences(seriesId);
    const third = rows[2];
    const only = await asUser(t.app, owner.cookie).delete(`/api/posts/${third?.id}?scope=this`);
    expect(only.statusCode).toBe(204);
    await runJob();
    const after = await occurrences(seriesId);
    expect(after).toHaveLength(rows.length - 1);
    expect(after.some((row) => row.occurrenceIndex === 2)).toBe(false);
    const fifth = after.find((row) => row.occurrenceIndex === 4);
    const future = await asUser(t.app, owner.cookie).delete(`/api/posts/${fifth?.id}?scope=future`);
    expect(future.statusCode).toBe(204);
    const left = await occurrences(seriesId);
    expect(left.map((row) => row.occurrenceIndex)).toEqual([0, 1, 3]);
    expect(await liveJobs(fifth?.id ?? '')).toBe(0);
    expect((await seriesRow(seriesId))?.endedAt).not.toBeNull();
    await runJob(new Date(Date.now() + 5 * DAY));
    expect(await occurrences(seriesId)).toHaveLength(3);
  });

  it('stops repeating after a post: the later ones go, the post stays', async () => {
    const owner = await signUp(t.app);
    const first = await repeating(owner, berlinNine(1), { every: 2, unit: 'day' });
    const seriesId = first.series?.id ?? '';
    const stopped = await asUser(t.app, owner.cookie).delete(`/api/posts/${first.id}/repeat`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<Post>().series).toMatchObject({ id: seriesId, every: 2, occurrence: 1 });
    expect(await occurrences(seriesId)).toHaveLength(1);
    expect((await seriesRow(seriesId))?.endedAt).not.toBeNull();
  });

  it('with approvals on, an editor’s occurrences wait for an approver; an owner’s are scheduled', async () => {
    const team = await h.team();
    const byEditor = await scheduled(team.editor, berlinNine(1));
    expect(byEditor.status).toBe('pending_approval');
    const answer = await repeat(team.editor, byEditor.id, { every: 1, unit: 'week', count: 3 });
    expect(answer.statusCode, answer.body).toBe(200);
    const editorRows = await occurrences(answer.json<Post>().series?.id ?? '');
    expect(editorRows.map((row) => row.status)).toEqual([
      'pending_approval',
      'pending_approval',
      'pending_approval',
    ]);
    for (const row of editorRows) expect(await liveJobs(row.id)).toBe(0);
    expect(await h.notices(team.approver, 'approval_requested')).not.toHaveLength(0);
    const byOwner = await repeating(team.owner, berlinNine(2), { every: 1, unit: 'week', count: 2 });
    const ownerRows = await occurrences(byOwner.series?.id ?? '');
    expect(ownerRows.map((row) => row.status)).toEqual(['scheduled', 'scheduled']);
    expect(await liveJobs(ownerRows[1]?.id ?? '')).toBe(1);
    // A viewer may not make a post repeat.
    const viewer = await repeat(team.viewer, byEditor.id, { every: 1, unit: 'day' });
    expect(viewer.statusCode).toBe(403);
  });

  it('refuses recurring posts on a plan without them (402 naming the plan)', async () => {
    const owner = await signUp(t.app);
    const post = await scheduled(owner, berlinNine(1));
    const workspaceId = (owner.user as unknown as { workspace: { id: string } }).workspace.id;
    await setWorkspacePlan(t.ctx, workspaceId, 'starter');
    const answer = await repeat(owner, post.id, { every: 1, unit: 'week' });
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toMatchObject({ error: { code: 'plan_limit', planNeeded: 'professional' } });
    expect(answer.json().error.message).toContain('Professional');
    const [row] = await db()
      .select()
      .from(posts)
      .where(and(eq(posts.id, post.id)));
    expect(row?.seriesId).toBeNull();
  });

  it('answers bad input with a 400 that says what is wrong', async () => {
    const owner = await signUp(t.app);
    const post = await scheduled(owner, berlinNine(2));
    const draft = await createPost(t.app, owner.cookie);
    const bad: Array<[string, object]> = [
      [post.id, { every: 0, unit: 'day' }],
      [post.id, { every: 1, unit: 'year' }],
      [post.id, { every: 1, unit: 'day', count: 3, until: berlinNine(9).toISO() }],
      [post.id, { every: 1, unit: 'day', count: 1 }],
      [post.id, { every: 1, unit: 'day', until: 'next week' }],
      [post.id, { every: 1, unit: 'day', until: berlinNine(1).toISO() }],
      [post.id, { every: 1, unit: 'day', timeZone: 'Mars/Olympus' }],
      [post.id, { every: '1', unit: 'day' }],
      [draft.id, { every: 1, unit: 'day' }],
      ['not-an-id', { every: 1, unit: 'day' }],
    ];
    for (const [id, body] of bad) {
      const answer = await repeat(owner, id, body);
      expect(answer.statusCode, `${JSON.stringify(body)}: ${answer.body}`).toBe(400);
      expect(answer.json().error.message).toBeTruthy();
    }
    const scope = await asUser(t.app, owner.cookie).patch(`/api/posts/${post.id}?scope=everything`, {
      content: 'x',
    });
    expect(scope.statusCode).toBe(400);
    const notInSeries = await asUser(t.app, owner.cookie).delete(`/api/posts/${post.id}?scope=future`);
    expect(notInSeries.statusCode).toBe(400);
    // Another workspace's post is not found.
    const stranger = await signUp(t.app);
    expect((await repeat(stranger, post.id, { every: 1, unit: 'day' })).statusCode).toBe(404);
    const twice = await repeat(owner, post.id, { every: 1, unit: 'day', count: 2 });
    expect(twice.statusCode).toBe(200);
    expect((await repeat(owner, post.id, { every: 1, unit: 'day' })).statusCode).toBe(409);
  });
});
