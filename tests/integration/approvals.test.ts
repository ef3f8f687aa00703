import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComposeResponse, Post, ScheduleResponse } from '../../src/contracts/posts';
import { workspaces } from '../../src/server/db/schema';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';
import { approvalsHarness } from './approvals-harness';

describe.each(databaseKinds)('approval workflow on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  const { db, jobsOf, liveJobs, versionOf, team, notices, feed, comments } = approvalsHarness(() => t);

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
    expect(again.json().error.message).toBe('This post is not waiting for approval.');
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
});
