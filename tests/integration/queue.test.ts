import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type QueueList, type QueueSchedule, queueMoveMessages } from '../../src/contracts/queue';
import { users, workspaceMembers, workspaces } from '../../src/server/db/schema';
import { asUser, createPost } from '../factories/posts';
import { insertAccount, newWorkspace, postRow, publishJobsOf } from '../factories/publishing';
import { setWorkspacePlan } from '../factories/team';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const NEW_YORK = 'America/New_York';

/** The next instant after `from` at which New York's offset changes to `offsetMinutes` (-240 or -300). */
function nextChangeTo(offsetMinutes: number, from = DateTime.now()): DateTime {
  let day = from.setZone(NEW_YORK).startOf('day');
  while (day.plus({ days: 1 }).offset !== offsetMinutes || day.offset === offsetMinutes)
    day = day.plus({ days: 1 });
  return day.plus({ days: 1 });
}

describe.each(databaseKinds)('posting schedules and queues on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  /** A workspace with an X account whose queue has `slots` in New York. */
  async function queueWith(slots: { weekday: number; time: string }[]) {
    const owner = await newWorkspace(t);
    const api = asUser(t.app, owner.cookie);
    const account = await insertAccount(t, owner.workspaceId, { platform: 'twitter' });
    const saved = await api.put(`/api/queue/slots?accountId=${account.id}`, { slots, timeZone: NEW_YORK });
    expect(saved.statusCode).toBe(200);
    return { ...owner, api, account };
  }

  /** `count` drafts on the account (X), each queued in turn; answers their ids in order. */
  async function queuedPosts(
    api: ReturnType<typeof asUser>,
    cookie: string,
    accountId: string,
    count: number,
  ) {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const post = await createPost(t.app, cookie, { platform: 'twitter', content: `Queued post ${index}` });
      expect((await api.patch(`/api/posts/${post.id}`, { socialAccountId: accountId })).statusCode).toBe(200);
      const queued = await api.post(`/api/posts/${post.id}/queue`);
      expect(queued.statusCode, queued.body).toBe(200);
      ids.push(post.id);
    }
    return ids;
  }

  const listOf = async (api: ReturnType<typeof asUser>, accountId: string) => {
    const response = await api.get(`/api/queue?accountId=${accountId}`);
    expect(response.statusCode).toBe(200);
    return response.json() as QueueList;
  };

  it('suggests a week from the account best times in the user zone, then keeps what is saved', async () => {
    const owner = await newWorkspace(t);
    const api = asUser(t.app, owner.cookie);
    expect((await api.put('/api/user/timezone', { timezone: 'Asia/Tokyo' })).statusCode).toBe(200);
    const account = await insertAccount(t, owner.workspaceId, { platform: 'linkedin' });
    const suggested = (await api.get(`/api/queue/slots?accountId=${account.id}`)).json() as QueueSchedule;
    // LinkedIn's general pattern: Tue–Thu at 8 and 9.
    expect(suggested).toMatchObject({ saved: false, paused: false, timeZone: 'Asia/Tokyo' });
    expect(suggested.slots).toEqual(
      [2, 3, 4].flatMap((weekday) => ['08:00', '09:00'].map((time) => ({ weekday, time }))),
    );
    expect(suggested.upcoming).toHaveLength(5);

    const saved = await api.put(`/api/queue/slots?accountId=${account.id}`, {
      slots: [
        { weekday: 5, time: '17:30' },
        { weekday: 1, time: '09:00' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      saved: true,
      timeZone: 'Asia/Tokyo',
      slots: [
        { weekday: 1, time: '09:00' },
        { weekday: 5, time: '17:30' },
      ],
    });
    const again = (await api.get(`/api/queue/slots?accountId=${account.id}&timeZone=UTC`)).json();
    expect(again).toMatchObject({ saved: true, timeZone: 'Asia/Tokyo' });
    for (const at of (again as QueueSchedule).upcoming) {
      const local = DateTime.fromISO(at, { zone: 'Asia/Tokyo' });
      expect([`1 09:00`, `5 17:30`]).toContain(`${local.weekday % 7} ${local.toFormat('HH:mm')}`);
    }
  });

  it('keeps a 09:00 slot at 09:00 local across the spring and fall clock changes', async () => {
    for (const [offsetBefore, change] of [
      [-300, nextChangeTo(-240)],
      [-240, nextChangeTo(-300)],
    ] as const) {
      // The Wednesday before the change (a Sunday): Wed, Sun (the change), Wed, Sun.
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(change.minus({ days: 5 }).toJSDate());
      const { api, cookie, account } = await queueWith([
        { weekday: 0, time: '09:00' },
        { weekday: 3, time: '09:00' },
      ]);
      await queuedPosts(api, cookie, account.id, 4);
      const { posts } = await listOf(api, account.id);
      const local = posts.map((post) => DateTime.fromISO(post.queueSlotAt, { zone: NEW_YORK }));
      expect(local.map((at) => at.toFormat('ccc HH:mm'))).toEqual([
        'Wed 09:00',
        'Sun 09:00',
        'Wed 09:00',
        'Sun 09:00',
      ]);
      expect(local[0]?.offset).toBe(offsetBefore);
      expect(local.at(-1)?.offset).toBe(offsetBefore === -300 ? -240 : -300);
      for (const post of posts) expect(post.scheduledAt).toBe(post.queueSlotAt);
      vi.useRealTimers();
    }
  });

  it('gives ten racing posts ten different slots, the next ten of the week', async () => {
    const { api, cookie, account } = await queueWith([
      { weekday: 1, time: '10:00' },
      { weekday: 4, time: '15:45' },
    ]);
    const posts = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        createPost(t.app, cookie, { platform: 'twitter', content: `Racing post ${index}` }),
      ),
    );
    for (const post of posts) await api.patch(`/api/posts/${post.id}`, { socialAccountId: account.id });
    const answers = await Promise.all(posts.map((post) => api.post(`/api/posts/${post.id}/queue`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const times = answers.map((answer) => answer.json().scheduledAt as string);
    expect(new Set(times).size).toBe(10);
    const upcoming = (await api.get(`/api/queue/slots?accountId=${account.id}`)).json() as QueueSchedule;
    const sorted = [...times].sort();
    expect(sorted.slice(0, 5)).toEqual(upcoming.upcoming);
    expect((await listOf(api, account.id)).posts.map((post) => post.queueSlotAt)).toEqual(sorted);
  });

  it('reorders and shuffles over the same slots, each moved post with a new publish job', async () => {
    const { api, cookie, account } = await queueWith([{ weekday: 2, time: '08:15' }]);
    const ids = await queuedPosts(api, cookie, account.id, 3);
    const before = await listOf(api, account.id);
    const slots = before.posts.map((post) => post.queueSlotAt);
    const reversed = [...ids].reverse();
    const reordered = await api.put('/api/queue/order', { accountId: account.id, postIds: reversed });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const after = reordered.json() as QueueList;
    expect(after.posts.map((post) => post.id)).toEqual(reversed);
    expect(after.posts.map((post) => post.queueSlotAt)).toEqual(slots);
    // The first and last swapped: each has a new version and a job at its new slot.
    for (const id of [ids[0] as string, ids[2] as string]) {
      const row = await postRow(t, id);
      const jobs = await publishJobsOf(t, id);
      const live = jobs.filter((job) => job.state === 'created');
      expect(live).toHaveLength(1);
      expect(live[0]).toMatchObject({ version: row.publishVersion, startAfter: row.scheduledAt });
    }

    const shuffled = await api.post('/api/queue/shuffle', { accountId: account.id });
    expect(shuffled.statusCode).toBe(200);
    const mixed = shuffled.json() as QueueList;
    expect(mixed.posts.map((post) => post.queueSlotAt)).toEqual(slots);
    expect(mixed.posts.map((post) => post.id).sort()).toEqual([...ids].sort());

    // A post not in this queue is not moved: nothing changes.
    const stranger = await createPost(t.app, cookie, { platform: 'twitter' });
    const refused = await api.put('/api/queue/order', {
      accountId: account.id,
      postIds: [stranger.id, ...ids],
    });
    expect(refused.statusCode).toBe(409);
  });

  it('holds posts while paused and re-flows them from now when resumed', async () => {
    const { api, cookie, account } = await queueWith([
      { weekday: 1, time: '07:00' },
      { weekday: 3, time: '07:00' },
      { weekday: 5, time: '07:00' },
    ]);
    const ids = await queuedPosts(api, cookie, account.id, 2);
    const paused = await api.post('/api/queue/pause', { accountId: account.id });
    expect(paused.statusCode).toBe(200);
    const held = paused.json() as QueueList;
    expect(held.paused).toBe(true);
    expect(held.posts.map((post) => [post.id, post.status])).toEqual(ids.map((id) => [id, 'draft']));
    for (const id of ids) {
      expect((await publishJobsOf(t, id)).filter((job) => job.state === 'created')).toEqual([]);
    }
    // Added while paused: held in the next slot, no job.
    const [third] = await queuedPosts(api, cookie, account.id, 1);
    expect((await postRow(t, third as string)).status).toBe('draft');

    const resumed = await api.post('/api/queue/resume', { accountId: account.id });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const running = resumed.json() as QueueList;
    expect(running.paused).toBe(false);
    expect(running.posts.map((post) => [post.id, post.status])).toEqual(
      [...ids, third].map((id) => [id, 'scheduled']),
    );
    const upcoming = (await api.get(`/api/queue/slots?accountId=${account.id}`)).json() as QueueSchedule;
    expect(running.posts.map((post) => post.queueSlotAt)).toEqual(upcoming.upcoming.slice(0, 3));
    for (const post of running.posts) {
      const jobs = (await publishJobsOf(t, post.id)).filter((job) => job.state === 'created');
      expect(jobs.map((job) => job.startAfter.toISOString())).toEqual([post.queueSlotAt]);
    }
    expect((await api.post('/api/queue/resume', { accountId: account.id })).statusCode).toBe(409);
  });

  it('holds a post approved into its slot while the queue is paused, and sends it on resume', async () => {
    const { api, account, workspaceId } = await queueWith([{ weekday: 2, time: '07:00' }]);
    await t.ctx.database.db
      .update(workspaces)
      .set({ requireApproval: true })
      .where(eq(workspaces.id, workspaceId));
    const editor = await signUp(t.app, { firstName: 'Ada', lastName: 'Editor' });
    await t.ctx.database.db
      .insert(workspaceMembers)
      .values({ workspaceId, userId: editor.user.id, role: 'editor' });
    await t.ctx.database.db
      .update(users)
      .set({ activeWorkspaceId: workspaceId })
      .where(eq(users.id, editor.user.id));
    const [id] = await queuedPosts(asUser(t.app, editor.cookie), editor.cookie, account.id, 1);
    expect((await postRow(t, id as string)).status).toBe('pending_approval');
    expect((await api.post('/api/queue/pause', { accountId: account.id })).statusCode).toBe(200);

    const approved = await api.post(`/api/posts/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const held = await postRow(t, id as string);
    expect(held).toMatchObject({ status: 'draft' });
    expect(held.approvedAt).not.toBeNull();
    expect((await publishJobsOf(t, id as string)).filter((job) => job.state === 'created')).toEqual([]);

    const resumed = await api.post('/api/queue/resume', { accountId: account.id });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const [post] = (resumed.json() as QueueList).posts;
    expect(post).toMatchObject({ id, status: 'scheduled' });
    // The post's own answer says which slot it holds.
    expect((await api.get(`/api/posts/${id}`)).json()).toMatchObject({ queueSlotAt: post?.queueSlotAt });
    const jobs = (await publishJobsOf(t, id as string)).filter((job) => job.state === 'created');
    expect(jobs.map((job) => job.startAfter.toISOString())).toEqual([post?.queueSlotAt]);
  });

  it('removes a post as a draft, closing the gap on request', async () => {
    const { api, cookie, account } = await queueWith([
      { weekday: 2, time: '12:00' },
      { weekday: 6, time: '18:00' },
    ]);
    const ids = await queuedPosts(api, cookie, account.id, 4);
    const slots = (await listOf(api, account.id)).posts.map((post) => post.queueSlotAt);

    const kept = await api.delete(`/api/queue/posts/${ids[1]}?closeGap=false`);
    expect(kept.statusCode).toBe(200);
    expect((kept.json() as QueueList).posts.map((post) => post.queueSlotAt)).toEqual([
      slots[0],
      slots[2],
      slots[3],
    ]);
    expect(await postRow(t, ids[1] as string)).toMatchObject({
      status: 'draft',
      queueSlotAt: null,
      scheduledAt: null,
    });

    const closed = await api.delete(`/api/queue/posts/${ids[0]}?closeGap=true`);
    expect(closed.statusCode).toBe(200);
    const after = closed.json() as QueueList;
    // Each later post moved up one slot: the third into the first slot, the fourth into the third's.
    expect(after.posts.map((post) => [post.id, post.queueSlotAt])).toEqual([
      [ids[2], slots[0]],
      [ids[3], slots[2]],
    ]);
    expect((await api.delete(`/api/queue/posts/${ids[0]}`)).statusCode).toBe(404);
  });

  it('lets a post leave its queue when it is cancelled or scheduled at a time of its own', async () => {
    const { api, cookie, account } = await queueWith([{ weekday: 4, time: '11:00' }]);
    const [cancelled, moved] = await queuedPosts(api, cookie, account.id, 2);
    expect((await api.post(`/api/posts/${cancelled}/cancel`)).statusCode).toBe(200);
    const own = DateTime.now().plus({ days: 3 }).set({ minute: 7 }).toUTC().toISO();
    expect((await api.post(`/api/posts/${moved}/schedule`, { scheduledAt: own })).statusCode).toBe(200);
    expect((await listOf(api, account.id)).posts).toEqual([]);
    expect((await postRow(t, cancelled as string)).queueSlotAt).toBeNull();
  });

  it('queues a draft written for a platform on that platform’s one queue, and says when there is none', async () => {
    const { api, cookie, account, workspaceId } = await queueWith([{ weekday: 3, time: '16:00' }]);
    const forX = await createPost(t.app, cookie, { platform: 'twitter', content: 'From the generator' });
    const queued = await api.post(`/api/posts/${forX.id}/queue`);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toMatchObject({ socialAccountId: account.id, status: 'scheduled' });

    const forLinkedIn = await createPost(t.app, cookie, { platform: 'linkedin' });
    const none = await api.post(`/api/posts/${forLinkedIn.id}/queue`);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(queueMoveMessages.noAccountOn('LinkedIn'));

    // Two X accounts with posting times: the person chooses.
    const second = await insertAccount(t, workspaceId, { platform: 'twitter' });
    await api.put(`/api/queue/slots?accountId=${second.id}`, { slots: [{ weekday: 3, time: '17:00' }] });
    const another = await createPost(t.app, cookie, { platform: 'twitter' });
    const several = await api.post(`/api/posts/${another.id}/queue`);
    expect(several.statusCode).toBe(400);
    expect(several.json().error.message).toBe(queueMoveMessages.severalAccountsOn('X (Twitter)'));
  });

  it('gives a plan with one queue a 402 naming the plan for a second account', async () => {
    const { api, workspaceId } = await queueWith([{ weekday: 1, time: '09:00' }]);
    await setWorkspacePlan(t.ctx, workspaceId, 'starter');
    const second = await insertAccount(t, workspaceId, { platform: 'linkedin' });
    for (const response of [
      await api.get(`/api/queue/slots?accountId=${second.id}`),
      await api.put(`/api/queue/slots?accountId=${second.id}`, { slots: [{ weekday: 1, time: '10:00' }] }),
    ]) {
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toMatchObject({ code: 'plan_limit', planNeeded: 'professional' });
    }
  });

  it('refuses bad input with 400 and another workspace with 404', async () => {
    const { api, account } = await queueWith([{ weekday: 1, time: '09:00' }]);
    const url = `/api/queue/slots?accountId=${account.id}`;
    const bad: unknown[] = [
      { slots: [{ weekday: 7, time: '09:00' }] },
      { slots: [{ weekday: -1, time: '09:00' }] },
      { slots: [{ weekday: 1.5, time: '09:00' }] },
      { slots: [{ weekday: 1, time: '24:00' }] },
      { slots: [{ weekday: 1, time: '9:00' }] },
      { slots: [{ weekday: 1, time: '09:60' }] },
      {
        slots: [
          { weekday: 1, time: '09:00' },
          { weekday: 1, time: '09:00' },
        ],
      },
      {
        slots: Array.from({ length: 169 }, (_, i) => ({
          weekday: i % 7,
          time: `${String(i % 24).padStart(2, '0')}:${String(Math.floor(i / 24)).padStart(2, '0')}`,
        })),
      },
      { slots: [], timeZone: 'Mars/Olympus_Mons' },
      { slots: 'every day' },
    ];
    for (const body of bad) expect((await api.put(url, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await api.get('/api/queue/slots?accountId=12')).statusCode).toBe(400);
    expect((await api.get('/api/queue')).statusCode).toBe(400);
    expect((await api.put('/api/queue/order', { accountId: account.id, postIds: [] })).statusCode).toBe(400);
    const id = '00000000-0000-4000-8000-000000000001';
    expect((await api.put('/api/queue/order', { accountId: account.id, postIds: [id, id] })).statusCode).toBe(
      400,
    );
    expect((await api.delete(`/api/queue/posts/${id}?closeGap=maybe`)).statusCode).toBe(400);
    expect((await api.post('/api/queue/pause', {})).statusCode).toBe(400);

    const stranger = asUser(t.app, (await newWorkspace(t)).cookie);
    expect((await stranger.get(url)).statusCode).toBe(404);
    expect((await stranger.get(`/api/queue?accountId=${account.id}`)).statusCode).toBe(404);
    expect((await stranger.post('/api/queue/shuffle', { accountId: account.id })).statusCode).toBe(404);
  });
});
