import { setTimeout as sleep } from 'node:timers/promises';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPosts } from '../../src/server/db/schema';
import { asUser } from '../factories/posts';
import {
  attemptsOf,
  buildAppOnSameDatabase,
  insertAccount,
  newWorkspace,
  postRow,
  type ScriptedPlatform,
  scriptedPlatform,
  startWorkers,
  waitUntilSettled,
} from '../factories/publishing';
import { connectX } from '../factories/sandbox';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** The real queue: posts scheduled through the API, published by pg-boss workers at their time. */
describe.each(databaseKinds)('publish jobs run by workers on %s', (kind) => {
  let t: TestApp;
  let platform: ScriptedPlatform;
  beforeAll(async () => {
    platform = scriptedPlatform('twitter');
    t = await buildTestApp(kind, {}, { socialProviders: { twitter: platform }, role: 'all' });
    await startWorkers(t);
  });
  afterAll(() => t.close());

  async function scheduledThroughApi(content: string, seconds: number) {
    const workspace = await newWorkspace(t);
    const account = await insertAccount(t, workspace.workspaceId);
    const api = asUser(t.app, workspace.cookie);
    const created = (await api.post('/api/posts', { platform: 'twitter', content })).json();
    const answer = await api.post(`/api/posts/${created.id}/schedule`, {
      scheduledAt: secondsFromNow(seconds),
      socialAccountId: account.id,
    });
    expect(answer.statusCode).toBe(200);
    return { ...workspace, api, account, id: created.id as string };
  }
  const callsFor = (text: string) => platform.calls.filter((call) => call.text === text);

  it('publishes a scheduled post at its time through its job', async () => {
    const { id } = await scheduledThroughApi('Croissants are back on Sunday.', 1.5);
    expect(await waitUntilSettled(t, [id])).toEqual(['published']);
    const row = await postRow(t, id);
    expect(row.publishedAt?.getTime()).toBeGreaterThanOrEqual(row.scheduledAt?.getTime() ?? 0);
    expect(callsFor('Croissants are back on Sunday.')).toHaveLength(1);
    expect((await attemptsOf(t, id)).map((a) => a.outcome)).toEqual(['published']);
  });

  it('publishes an edited and rescheduled post once, with its new text, at its new time', async () => {
    const { id, api } = await scheduledThroughApi('Bagels, first draft.', 1.5);
    const moved = secondsFromNow(3);
    expect(
      (await api.patch(`/api/posts/${id}`, { content: 'Bagels, final text.', scheduledAt: moved }))
        .statusCode,
    ).toBe(200);
    expect(await waitUntilSettled(t, [id])).toEqual(['published']);
    expect(callsFor('Bagels, first draft.')).toHaveLength(0);
    expect(callsFor('Bagels, final text.')).toHaveLength(1);
    expect((await postRow(t, id)).publishedAt?.getTime()).toBeGreaterThanOrEqual(new Date(moved).getTime());
  });

  it('never publishes a cancelled post', async () => {
    const { id, api } = await scheduledThroughApi('Pretzels, cancelled.', 1);
    expect((await api.post(`/api/posts/${id}/cancel`)).statusCode).toBe(200);
    await sleep(2500);
    expect((await postRow(t, id)).status).toBe('cancelled');
    expect(callsFor('Pretzels, cancelled.')).toHaveLength(0);
  });
});

describe.skipIf(!databaseKinds.includes('postgres'))('two worker processes on one PostgreSQL', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildAppOnSameDatabase>>;
  let platform: ScriptedPlatform;
  beforeAll(async () => {
    platform = scriptedPlatform('twitter');
    // Each post takes a while at the platform, so both processes hold posts at once.
    platform.delayMs = 20;
    t = await buildTestApp('postgres', {}, { socialProviders: { twitter: platform }, role: 'all' });
    second = await buildAppOnSameDatabase(t, { socialProviders: { twitter: platform } });
    await Promise.all([startWorkers(t), startWorkers(second)]);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('publish every post due at the same second exactly once between them', async () => {
    const { workspaceId, cookie } = await newWorkspace(t);
    const account = await insertAccount(t, workspaceId);
    const api = asUser(t.app, cookie);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const created = (
        await api.post('/api/posts', { platform: 'twitter', content: `Batch post ${i}` })
      ).json();
      ids.push(created.id);
    }
    // The time is chosen once the drafts exist, so that a loaded machine scheduling them does not
    // reach it first (the API refuses a time in the past, and the post would stay a draft).
    const at = secondsFromNow(5);
    for (const id of ids) {
      await api.post(`/api/posts/${id}/schedule`, { scheduledAt: at, socialAccountId: account.id });
    }
    expect(new Set(await waitUntilSettled(t, ids, 30_000))).toEqual(new Set(['published']));
    for (let i = 0; i < 40; i++)
      expect(platform.posts.filter((p) => p.text === `Batch post ${i}`)).toHaveLength(1);
    expect(platform.calls).toHaveLength(40);
    for (const id of ids) {
      expect((await attemptsOf(t, id)).map((a) => a.outcome)).toEqual(['published']);
    }
  });
});

describe.skipIf(!databaseKinds.includes('postgres'))(
  'two worker processes publishing to the X simulator',
  () => {
    let t: TestApp;
    let second: Awaited<ReturnType<typeof buildAppOnSameDatabase>>;
    beforeAll(async () => {
      t = await buildTestApp('postgres', {}, { role: 'all' });
      // Each process reaches the simulator in-process; they share its world in the database.
      second = await buildAppOnSameDatabase(t);
      await Promise.all([startWorkers(t), startWorkers(second)]);
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    it('put every post on X exactly once', async () => {
      const { cookie } = await newWorkspace(t);
      const accounts = [
        (await connectX(t.app, cookie)).result['account-id'] as string,
        (await connectX(t.app, cookie)).result['account-id'] as string,
      ];
      const api = asUser(t.app, cookie);
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const created = (
          await api.post('/api/posts', { platform: 'twitter', content: `Simulated batch ${i}` })
        ).json();
        ids.push(created.id);
      }
      const at = secondsFromNow(5);
      for (const [i, id] of ids.entries()) {
        await api.post(`/api/posts/${id}/schedule`, { scheduledAt: at, socialAccountId: accounts[i % 2] });
      }
      expect(new Set(await waitUntilSettled(t, ids, 30_000))).toEqual(new Set(['published']));
      const onX = await t.ctx.database.db
        .select({ text: sandboxPosts.text })
        .from(sandboxPosts)
        .where(like(sandboxPosts.text, 'Simulated batch %'));
      expect(onX).toHaveLength(30);
      expect(new Set(onX.map((row) => row.text)).size).toBe(30);
    });
  },
);
