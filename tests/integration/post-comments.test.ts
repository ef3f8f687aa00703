import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/contracts/analytics';
import type { WorkspaceRole } from '../../src/contracts/auth';
import type { NotificationList } from '../../src/contracts/notifications';
import type { PostComment } from '../../src/contracts/team';
import { users, workspaceMembers, workspaces } from '../../src/server/db/schema';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

type Person = Awaited<ReturnType<typeof signUp>>;

describe.each(databaseKinds)('comments on posts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;

  /** Someone who signed up, then joined `workspaceId` with `role` and works in it. */
  async function join(workspaceId: string, role: Exclude<WorkspaceRole, 'owner'>, firstName: string) {
    const person = await signUp(t.app, { firstName, lastName: 'Tester' });
    await db().insert(workspaceMembers).values({ workspaceId, userId: person.user.id, role });
    await db().update(users).set({ activeWorkspaceId: workspaceId }).where(eq(users.id, person.user.id));
    return person;
  }

  async function team() {
    const owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
    const workspaceId = (owner.user as unknown as { workspace: { id: string } }).workspace.id;
    return {
      workspaceId,
      owner,
      writer: await join(workspaceId, 'editor', 'Ada'),
      submitter: await join(workspaceId, 'editor', 'Ed'),
      approver: await join(workspaceId, 'approver', 'Sam'),
      other: await join(workspaceId, 'approver', 'Kim'),
      viewer: await join(workspaceId, 'viewer', 'Vic'),
    };
  }

  const comment = (person: Person, postId: string, body: string) =>
    asUser(t.app, person.cookie).post(`/api/posts/${postId}/comments`, { body });
  async function listOf(person: Person, postId: string) {
    const response = await asUser(t.app, person.cookie).get(`/api/posts/${postId}/comments`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ comments: PostComment[] }>().comments;
  }
  async function commentNotices(person: Person) {
    const response = await asUser(t.app, person.cookie).get('/api/notifications');
    return response
      .json<NotificationList>()
      .notifications.filter((notice) => notice.kind === 'post_comment')
      .map((notice) => notice.body);
  }

  it('adds comments and lists them oldest first with their authors', async () => {
    const { writer, approver, viewer } = await team();
    const post = await createPost(t.app, writer.cookie);
    const first = await comment(approver, post.id, '  Could we mention the terrace?  ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<PostComment>()).toMatchObject({
      postId: post.id,
      kind: 'comment',
      body: 'Could we mention the terrace?',
      authorUserId: approver.user.id,
      authorName: 'Sam Tester',
    });
    await comment(writer, post.id, 'Good idea, added.');

    const list = await listOf(viewer, post.id);
    expect(list.map((c) => [c.authorName, c.body])).toEqual([
      ['Sam Tester', 'Could we mention the terrace?'],
      ['Ada Tester', 'Good idea, added.'],
    ]);
    expect(list[0]?.id).toBe(first.json<PostComment>().id);

    const activity = await asUser(t.app, viewer.cookie).get('/api/activity');
    expect(activity.json<ActivityEntry[]>().map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        'Sam Tester commented on a LinkedIn post',
        'Ada Tester commented on a LinkedIn post',
      ]),
    );
  });

  it("tells the post's writer, its submitter and earlier commenters, never the author", async () => {
    const { workspaceId, writer, submitter, approver, other, owner, viewer } = await team();
    await db().update(workspaces).set({ requireApproval: true }).where(eq(workspaces.id, workspaceId));
    const post = await createPost(t.app, writer.cookie);
    await asUser(t.app, submitter.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });

    await comment(approver, post.id, 'Needs a photo.');
    expect(await commentNotices(writer)).toEqual([
      'Sam Tester commented on a LinkedIn post: “Needs a photo.”',
    ]);
    expect(await commentNotices(submitter)).toHaveLength(1);
    expect(await commentNotices(approver)).toEqual([]);
    expect(await commentNotices(other)).toEqual([]);

    await comment(other, post.id, 'Agreed.');
    // Sam commented earlier, so Sam hears of Kim's comment; Kim, the author, does not.
    expect(await commentNotices(approver)).toEqual(['Kim Tester commented on a LinkedIn post: “Agreed.”']);
    expect(await commentNotices(other)).toEqual([]);
    expect(await commentNotices(writer)).toHaveLength(2);
    // Neither the owner nor the viewer is part of this discussion.
    expect(await commentNotices(owner)).toEqual([]);
    expect(await commentNotices(viewer)).toEqual([]);
  });

  it('keeps the comment of a deleted account, without a name', async () => {
    const { writer, approver, owner } = await team();
    const post = await createPost(t.app, writer.cookie);
    await comment(approver, post.id, 'Ship it.');
    await db().delete(users).where(eq(users.id, approver.user.id));
    const [kept] = await listOf(owner, post.id);
    expect(kept).toMatchObject({ body: 'Ship it.', authorUserId: null, authorName: null });
  });

  it("refuses another workspace's post, empty comments, and viewers", async () => {
    const mine = await team();
    const theirs = await team();
    const post = await createPost(t.app, theirs.writer.cookie);
    expect((await asUser(t.app, mine.approver.cookie).get(`/api/posts/${post.id}/comments`)).statusCode).toBe(
      404,
    );
    expect((await comment(mine.approver, post.id, 'Hello?')).statusCode).toBe(404);
    expect(await listOf(theirs.writer, post.id)).toEqual([]);

    const own = await createPost(t.app, mine.writer.cookie);
    const empty = await comment(mine.approver, own.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect((await comment(mine.approver, own.id, 'x'.repeat(2001))).statusCode).toBe(400);
    const byViewer = await comment(mine.viewer, own.id, 'I have thoughts.');
    expect(byViewer.statusCode).toBe(403);
    expect((await asUser(t.app, mine.viewer.cookie).get('/api/posts/not-a-uuid/comments')).statusCode).toBe(
      400,
    );
  });
});
