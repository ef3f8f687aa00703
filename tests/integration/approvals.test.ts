import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/contracts/analytics';
import type { WorkspaceRole } from '../../src/contracts/auth';
import type { NotificationList } from '../../src/contracts/notifications';
import type { ComposeResponse, Post, ScheduleResponse } from '../../src/contracts/posts';
import type { PostComment } from '../../src/contracts/team';
import { posts, users, workspaceMembers, workspaces } from '../../src/server/db/schema';
import { updateUnlockedPost } from '../../src/server/modules/posts/posts.repository';
import { PUBLISH_POST_JOB } from '../../src/server/modules/publishing/publish-queue';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

type Person = Awaited<ReturnType<typeof signUp>>;

describe.each(databaseKinds)('approval workflow on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;

  /** The publish jobs pg-boss holds for a post, oldest first. */
  async function jobsOf(postId: string) {
    const result = await t.ctx.database.executeSql(
      `select id::text as id, state::text as state, (data->>'version')::int as version
         from pgboss.job where name = $1 and data->>'postId' = $2 order by created_on`,
      [PUBLISH_POST_JOB, postId],
    );
    return result.rows as Array<{ id: string; state: string; version: number }>;
  }
  const liveJobs = async (postId: string) =>
    (await jobsOf(postId)).filter((job) => job.state === 'created').map((job) => job.version);
  const versionOf = async (id: string) => {
    const [row] = await db().select().from(posts).where(eq(posts.id, id));
    return row?.publishVersion;
  };

  /** Someone who signed up, then joined `workspaceId` with `role` and works in it. */
  async function join(workspaceId: string, role: Exclude<WorkspaceRole, 'owner'>, firstName: string) {
    const person = await signUp(t.app, { firstName, lastName: 'Tester' });
    await db().insert(workspaceMembers).values({ workspaceId, userId: person.user.id, role });
    await db().update(users).set({ activeWorkspaceId: workspaceId }).where(eq(users.id, person.user.id));
    return person;
  }

  /** An owner's workspace (on the Professional trial) with approvals on, and one member per role. */
  async function team(options: { requireApproval?: boolean } = {}) {
    const owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
    const workspaceId = (owner.user as unknown as { workspace: { id: string } }).workspace.id;
    await db()
      .update(workspaces)
      .set({ requireApproval: options.requireApproval ?? true })
      .where(eq(workspaces.id, workspaceId));
    return {
      workspaceId,
      owner,
      admin: await join(workspaceId, 'admin', 'Adam'),
      editor: await join(workspaceId, 'editor', 'Ada'),
      approver: await join(workspaceId, 'approver', 'Sam'),
      viewer: await join(workspaceId, 'viewer', 'Vic'),
    };
  }

  async function notices(person: Person, kind?: string) {
    const response = await asUser(t.app, person.cookie).get('/api/notifications');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<NotificationList>().notifications;
    return kind ? list.filter((notice) => notice.kind === kind) : list;
  }
  async function feed(person: Person) {
    const response = await asUser(t.app, person.cookie).get('/api/activity');
    return response.json<ActivityEntry[]>().map((entry) => entry.summary);
  }
  async function comments(person: Person, postId: string) {
    const response = await asUser(t.app, person.cookie).get(`/api/posts/${postId}/comments`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ comments: PostComment[] }>().comments;
  }

  it("submits an editor's schedule for approval, then request changes, re-submit, approve and re-approval after an edit", async () => {
    const { editor, approver, admin, owner, viewer } = await team();
    const ed = asUser(t.app, editor.cookie);
    const sam = asUser(t.app, approver.cookie);
    const draft = await createPost(t.app, editor.cookie);
    const plannedAt = daysFromNow(2);

    // The editor schedules: it waits, with no publish job.
    const submitted = await ed.post(`/api/posts/${draft.id}/schedule`, { scheduledAt: plannedAt });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<ScheduleResponse>()).toMatchObject({
      status: 'pending_approval',
      scheduledAt: new Date(plannedAt).toISOString(),
      submittedByUserId: editor.user.id,
      approvedByUserId: null,
      approvedAt: null,
    });
    expect(submitted.json<ScheduleResponse>().submittedAt).not.toBeNull();
    expect(await jobsOf(draft.id)).toEqual([]);

    // Approvers, admins and the owner hear of it; the editor and the viewer do not.
    for (const person of [approver, admin, owner]) {
      const [notice] = await notices(person, 'approval_requested');
      expect(notice).toMatchObject({
        title: 'Post waiting for approval',
        link: `/calendar?post=${draft.id}`,
        postId: draft.id,
      });
      expect(notice?.body).toContain('Ada Tester submitted a LinkedIn post for approval');
    }
    expect(await notices(editor, 'approval_requested')).toEqual([]);
    expect(await notices(viewer)).toEqual([]);

    // Changes requested: back to draft, time kept, the comment on the post and in the editor's bell.
    const sentBack = await sam.post(`/api/posts/${draft.id}/request-changes`, {
      comment: 'Please add the opening hours.',
    });
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    expect(sentBack.json<Post>()).toMatchObject({
      status: 'draft',
      scheduledAt: new Date(plannedAt).toISOString(),
      approvedByUserId: null,
    });
    expect(await comments(editor, draft.id)).toMatchObject([
      {
        kind: 'changes_requested',
        body: 'Please add the opening hours.',
        authorUserId: approver.user.id,
        authorName: 'Sam Tester',
      },
    ]);
    const [changes] = await notices(editor, 'changes_requested');
    expect(changes?.body).toBe(
      'Sam Tester asked for changes to your LinkedIn post: “Please add the opening hours.”',
    );
    expect(await jobsOf(draft.id)).toEqual([]);

    // The editor fixes it and submits again; the approver approves: scheduled, with its job.
    await ed.patch(`/api/posts/${draft.id}`, { content: 'Our spring menu is here. Open 8–18 daily.' });
    const resubmitted = await ed.post(`/api/posts/${draft.id}/schedule`, { scheduledAt: plannedAt });
    expect(resubmitted.json<Post>().status).toBe('pending_approval');
    const approved = await sam.post(`/api/posts/${draft.id}/approve`, { comment: 'Looks great.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Post>()).toMatchObject({
      status: 'scheduled',
      scheduledAt: new Date(plannedAt).toISOString(),
      approvedByUserId: approver.user.id,
      submittedByUserId: editor.user.id,
    });
    expect(await liveJobs(draft.id)).toEqual([await versionOf(draft.id)]);
    const [approvedNotice] = await notices(editor, 'post_approved');
    expect(approvedNotice?.title).toBe('Post approved');
    expect(approvedNotice?.body).toMatch(
      /^Sam Tester approved your LinkedIn post\. It goes out on .+ \(UTC\)\. “Looks great\.”$/,
    );
    expect((await comments(approver, draft.id)).map((c) => [c.kind, c.body])).toEqual([
      ['changes_requested', 'Please add the opening hours.'],
      ['approved', 'Looks great.'],
    ]);

    // Approving twice: the second finds nothing waiting and queues nothing.
    const again = await sam.post(`/api/posts/${draft.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe('This post is not waiting for approval.');
    expect(await liveJobs(draft.id)).toHaveLength(1);

    // Two approvers at once on a fresh submission: one schedules it, the other is told it is done.
    const racer = await createPost(t.app, editor.cookie);
    await ed.post(`/api/posts/${racer.id}/schedule`, { scheduledAt: plannedAt });
    const both = await Promise.all([
      sam.post(`/api/posts/${racer.id}/approve`),
      asUser(t.app, admin.cookie).post(`/api/posts/${racer.id}/approve`),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await liveJobs(racer.id)).toHaveLength(1);
    expect((await comments(editor, racer.id)).filter((c) => c.kind === 'approved')).toHaveLength(1);

    // The editor edits the approved, scheduled post: back to approval, its job dropped.
    const edited = await ed.patch(`/api/posts/${draft.id}`, { content: 'Spring menu: now with rhubarb.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Post>()).toMatchObject({
      status: 'pending_approval',
      approvedByUserId: null,
      approvedAt: null,
      submittedByUserId: editor.user.id,
    });
    expect(await liveJobs(draft.id)).toEqual([]);
    expect(await notices(approver, 'approval_requested')).toHaveLength(4);

    // Approved again; now an admin edits it: it stays scheduled, with a new job, approved by them.
    await sam.post(`/api/posts/${draft.id}/approve`);
    const movedTo = daysFromNow(3);
    const adminEdit = await asUser(t.app, admin.cookie).patch(`/api/posts/${draft.id}`, {
      content: 'Spring menu: rhubarb and more.',
      scheduledAt: movedTo,
    });
    expect(adminEdit.statusCode, adminEdit.body).toBe(200);
    expect(adminEdit.json<Post>()).toMatchObject({
      status: 'scheduled',
      scheduledAt: new Date(movedTo).toISOString(),
      approvedByUserId: admin.user.id,
    });
    expect(await liveJobs(draft.id)).toEqual([await versionOf(draft.id)]);

    // Every step is in the team's feed.
    expect(await feed(viewer)).toEqual(
      expect.arrayContaining([
        'Ada Tester submitted a LinkedIn post for approval',
        'Sam Tester requested changes on a LinkedIn post',
        'Sam Tester approved a LinkedIn post',
      ]),
    );
  });

  it("an owner's or admin's schedule goes straight out and counts as an approval", async () => {
    const { owner, approver } = await team();
    const post = await createPost(t.app, owner.cookie);
    const scheduled = await asUser(t.app, owner.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    expect(scheduled.json<Post>()).toMatchObject({
      status: 'scheduled',
      approvedByUserId: owner.user.id,
      submittedByUserId: null,
    });
    expect(await liveJobs(post.id)).toHaveLength(1);
    expect(await notices(approver, 'approval_requested')).toEqual([]);
  });

  it('submits a composed group for approval with one notice naming its platforms', async () => {
    const { editor, approver } = await team();
    const composed = await asUser(t.app, editor.cookie).post('/api/posts/compose', {
      content: 'Fresh bread every morning at 7.',
      targets: [
        { platform: 'linkedin', socialAccountId: null },
        { platform: 'facebook', socialAccountId: null },
        { platform: 'instagram', socialAccountId: null },
      ],
      scheduledAt: daysFromNow(1),
    });
    // Instagram needs an image: the same checks as scheduling refuse it.
    expect(composed.statusCode).toBe(400);

    const answer = await asUser(t.app, editor.cookie).post('/api/posts/compose', {
      content: 'Fresh bread every morning at 7.',
      targets: [
        { platform: 'linkedin', socialAccountId: null },
        { platform: 'facebook', socialAccountId: null },
      ],
      scheduledAt: daysFromNow(1),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { posts: group } = answer.json<ComposeResponse>();
    expect(group.map((p) => [p.status, p.submittedByUserId])).toEqual([
      ['pending_approval', editor.user.id],
      ['pending_approval', editor.user.id],
    ]);
    for (const p of group) expect(await jobsOf(p.id)).toEqual([]);
    const requests = await notices(approver, 'approval_requested');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toContain(
      'Ada Tester submitted 2 posts for LinkedIn and Facebook for approval',
    );

    // A draft saved from the composer is not a submission.
    await asUser(t.app, editor.cookie).post('/api/posts/compose', {
      content: 'A draft.',
      targets: [{ platform: 'linkedin', socialAccountId: null }],
      asDraft: true,
    });
    expect(await notices(approver, 'approval_requested')).toHaveLength(1);
  });

  it('schedules directly while approvals are off, or when the plan has no team collaboration', async () => {
    const off = await team({ requireApproval: false });
    const post = await createPost(t.app, off.editor.cookie);
    const answer = await asUser(t.app, off.editor.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    expect(answer.json<Post>()).toMatchObject({ status: 'scheduled', approvedByUserId: null });
    expect(await liveJobs(post.id)).toHaveLength(1);

    const starter = await team();
    await db().update(workspaces).set({ plan: 'starter' }).where(eq(workspaces.id, starter.workspaceId));
    const other = await createPost(t.app, starter.editor.cookie);
    const direct = await asUser(t.app, starter.editor.cookie).post(`/api/posts/${other.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    expect(direct.json<Post>().status).toBe('scheduled');
    expect(await liveJobs(other.id)).toHaveLength(1);
  });

  it('keeps pending posts pending when approvals are turned off, and they can still be approved', async () => {
    const { workspaceId, editor, approver } = await team();
    const post = await createPost(t.app, editor.cookie);
    await asUser(t.app, editor.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(2),
    });
    await db()
      .update(workspaces)
      .set({ requireApproval: false, plan: 'free' })
      .where(eq(workspaces.id, workspaceId));

    // The editor moves it: still pending, no job.
    const movedTo = daysFromNow(4);
    const moved = await asUser(t.app, editor.cookie).patch(`/api/posts/${post.id}`, { scheduledAt: movedTo });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Post>()).toMatchObject({
      status: 'pending_approval',
      scheduledAt: new Date(movedTo).toISOString(),
    });
    expect(await jobsOf(post.id)).toEqual([]);

    const approved = await asUser(t.app, approver.cookie).post(`/api/posts/${post.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Post>()).toMatchObject({
      status: 'scheduled',
      scheduledAt: new Date(movedTo).toISOString(),
    });
    expect(await liveJobs(post.id)).toHaveLength(1);
  });

  it('asks for a new time when the planned one has passed, then approves with it', async () => {
    const { editor, approver } = await team();
    const post = await createPost(t.app, editor.cookie);
    await asUser(t.app, editor.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    await db()
      .update(posts)
      .set({ scheduledAt: new Date(Date.now() - 60_000) })
      .where(eq(posts.id, post.id));
    const sam = asUser(t.app, approver.cookie);

    const late = await sam.post(`/api/posts/${post.id}/approve`, {});
    expect(late.statusCode).toBe(400);
    expect(late.json<{ error: string }>().error).toBe(
      'The planned time has passed. Choose a new time to approve this post.',
    );
    const stillPast = await sam.post(`/api/posts/${post.id}/approve`, { scheduledAt: daysFromNow(-1) });
    expect(stillPast.statusCode).toBe(400);
    expect(await jobsOf(post.id)).toEqual([]);

    const newTime = daysFromNow(1);
    const approved = await sam.post(`/api/posts/${post.id}/approve`, { scheduledAt: newTime });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Post>()).toMatchObject({
      status: 'scheduled',
      scheduledAt: new Date(newTime).toISOString(),
    });
    expect(await liveJobs(post.id)).toHaveLength(1);
  });

  it('checks publishability again on approval', async () => {
    const { editor, approver } = await team();
    const post = await createPost(t.app, editor.cookie, { platform: 'twitter', content: 'Short and sweet.' });
    await asUser(t.app, editor.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    // Written around the API (e.g. by an older version): too long for X now.
    await db()
      .update(posts)
      .set({ content: 'x'.repeat(400) })
      .where(eq(posts.id, post.id));
    const answer = await asUser(t.app, approver.cookie).post(`/api/posts/${post.id}/approve`);
    expect(answer.statusCode).toBe(400);
    expect(await jobsOf(post.id)).toEqual([]);
  });

  it('lets each role do only its part', async () => {
    const { editor, approver, viewer } = await team();
    const post = await createPost(t.app, editor.cookie);
    await asUser(t.app, editor.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });

    const approverEdit = await asUser(t.app, approver.cookie).patch(`/api/posts/${post.id}`, {
      content: 'Mine now.',
    });
    expect(approverEdit.statusCode).toBe(403);
    expect(approverEdit.json<{ message: string }>().message).toContain(
      '(Approver) cannot create, edit or schedule posts',
    );
    for (const person of [editor, viewer]) {
      expect((await asUser(t.app, person.cookie).post(`/api/posts/${post.id}/approve`)).statusCode).toBe(403);
      const requestChanges = await asUser(t.app, person.cookie).post(
        `/api/posts/${post.id}/request-changes`,
        {
          comment: 'No.',
        },
      );
      expect(requestChanges.statusCode).toBe(403);
    }
    const noComment = await asUser(t.app, approver.cookie).post(`/api/posts/${post.id}/request-changes`, {
      comment: '  ',
    });
    expect(noComment.statusCode).toBe(400);
  });

  it("refuses another workspace's post, and a post that is not waiting", async () => {
    const mine = await team();
    const theirs = await team();
    const post = await createPost(t.app, theirs.editor.cookie);
    await asUser(t.app, theirs.editor.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    const sam = asUser(t.app, mine.approver.cookie);
    expect((await sam.post(`/api/posts/${post.id}/approve`)).statusCode).toBe(404);
    expect((await sam.post(`/api/posts/${post.id}/request-changes`, { comment: 'Hm.' })).statusCode).toBe(
      404,
    );

    const draft = await createPost(t.app, mine.editor.cookie);
    const notWaiting = await sam.post(`/api/posts/${draft.id}/request-changes`, { comment: 'Hm.' });
    expect(notWaiting.statusCode).toBe(409);
    expect((await sam.post(`/api/posts/${draft.id}/approve`)).statusCode).toBe(409);
  });

  it('the approval write applies only while the post is still pending (the guard against a double approval)', async () => {
    const { workspaceId, editor } = await team();
    const post = await createPost(t.app, editor.cookie);
    await asUser(t.app, editor.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    const approve = () =>
      updateUnlockedPost(
        db(),
        workspaceId,
        post.id,
        { status: 'scheduled' },
        { onlyFrom: ['pending_approval'] },
      );
    expect((await approve())?.status).toBe('scheduled');
    // A second approver who read the post while it was pending writes nothing.
    expect(await approve()).toBeUndefined();
  });

  it('retries a failed post without sending it for approval again', async () => {
    const { editor } = await team();
    const post = await createPost(t.app, editor.cookie);
    await db().update(posts).set({ status: 'failed', failureReason: 'Boom' }).where(eq(posts.id, post.id));
    const retried = await asUser(t.app, editor.cookie).post(`/api/posts/${post.id}/retry`, {
      scheduledAt: daysFromNow(1),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Post>().status).toBe('scheduled');
  });
});
