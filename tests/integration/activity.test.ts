import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/contracts/analytics';
import { users } from '../../src/server/db/schema';
import { addMember, insertActivityEntry } from '../factories/analytics';
import { type BillingMember, signUpMember } from '../factories/billing';
import { asUser } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('activity feed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function feedOf(member: { cookie: string }, query = ''): Promise<ActivityEntry[]> {
    const response = await asUser(t.app, member.cookie).get(`/api/activity${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it("lists the caller workspace's feed newest first, with who did it", async () => {
    const owner: BillingMember = await signUpMember(t.app);
    const ws = owner.workspaceId;
    const viewer = await addMember(t, ws, 'viewer', { firstName: 'Grace', lastName: 'Hopper' });
    const nameless = await addMember(t, ws, 'editor');
    await t.ctx.database.db
      .update(users)
      .set({ firstName: '', lastName: '', name: '' })
      .where(eq(users.id, nameless.user.id));
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await insertActivityEntry(t, {
      workspaceId: ws,
      actorUserId: null,
      kind: 'post.published',
      summary: 'Your LinkedIn post went out.',
      createdAt: minutesAgo(30),
    });
    const approved = await insertActivityEntry(t, {
      workspaceId: ws,
      actorUserId: viewer.user.id,
      kind: 'post.approved',
      summary: 'Grace approved a post.',
      createdAt: minutesAgo(10),
    });
    await insertActivityEntry(t, {
      workspaceId: ws,
      actorUserId: nameless.user.id,
      kind: 'post.scheduled',
      summary: 'A post was scheduled.',
      createdAt: minutesAgo(5),
    });
    // Another workspace's entry, newer than all of them.
    const stranger = await signUpMember(t.app);
    await insertActivityEntry(t, {
      workspaceId: stranger.workspaceId,
      actorUserId: stranger.user.id,
      kind: 'post.scheduled',
      summary: 'Not yours.',
      createdAt: minutesAgo(1),
    });

    const feed = await feedOf(viewer);
    expect(feed.map((entry) => [entry.kind, entry.actorName])).toEqual([
      ['workspace.created', 'Ada Lovelace'], // written at sign-up, just now
      ['post.scheduled', nameless.email], // no names: the email
      ['post.approved', 'Grace Hopper'],
      ['post.published', null], // Kitepost itself
    ]);
    expect(feed[2]).toEqual({
      id: approved.id,
      kind: 'post.approved',
      summary: 'Grace approved a post.',
      actorName: 'Grace Hopper',
      createdAt: approved.createdAt.toISOString(),
    });
    expect(feed.some((entry) => entry.summary === 'Not yours.')).toBe(false);

    expect((await feedOf(owner, '?limit=2')).map((entry) => entry.kind)).toEqual([
      'workspace.created',
      'post.scheduled',
    ]);
  });

  it('gives a new workspace just its own sign-up', async () => {
    const member = await signUpMember(t.app);
    const feed = await feedOf(member);
    expect(feed).toHaveLength(1);
    expect(feed[0]).toMatchObject({ kind: 'workspace.created', actorName: 'Ada Lovelace' });
  });

  it('answers a bad limit with 400 and no session with 401', async () => {
    const member = await signUpMember(t.app);
    for (const query of ['?limit=0', '?limit=101', '?limit=many']) {
      const response = await asUser(t.app, member.cookie).get(`/api/activity${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.issues.length).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
  });
});
