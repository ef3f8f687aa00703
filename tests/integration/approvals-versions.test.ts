import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComposeResponse, Post } from '../../src/contracts/posts';
import { postComments, posts } from '../../src/server/db/schema';
import { updateUnlockedPost } from '../../src/server/modules/posts/posts.repository';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';
import { approvalsHarness, type Person } from './approvals-harness';

const CHANGED = 'This post changed since you opened it';

/** Issue 18 §2: an approval covers exactly the version an approver saw. */
describe.each(databaseKinds)('an approval covers what was approved, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  const { db, liveJobs: queued, versionOf, team, notices } = approvalsHarness(() => t);
  /** Publish jobs for the post's current version (a job of an older version publishes nothing). */
  const liveJobs = async (postId: string) => {
    const version = await versionOf(postId);
    return (await queued(postId)).filter((jobVersion) => jobVersion === version);
  };

  /** An editor's post, submitted and approved, then ended in `status` (as the publisher ends it). */
  async function approvedThen(editor: Person, approver: Person, status: 'failed' | 'missed' | 'cancelled') {
    const post = await createPost(t.app, editor.cookie, { content: 'Approved words.' });
    await asUser(t.app, editor.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    const approved = await asUser(t.app, approver.cookie).post(`/api/posts/${post.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    await db().update(posts).set({ status, failureReason: 'Boom' }).where(eq(posts.id, post.id));
    return post;
  }

  it.each(['failed', 'missed'] as const)(
    "an editor's edit of a %s post voids its approval: retrying waits for an approver",
    async (status) => {
      const { editor, approver } = await team();
      const post = await approvedThen(editor, approver, status);
      const ed = asUser(t.app, editor.cookie);

      const edited = await ed.patch(`/api/posts/${post.id}`, { content: 'Words nobody approved.' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<Post>()).toMatchObject({ status, approvedAt: null });

      const retried = await ed.post(`/api/posts/${post.id}/retry`, { scheduledAt: daysFromNow(1) });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json<Post>()).toMatchObject({
        status: 'pending_approval',
        submittedByUserId: editor.user.id,
        approvedByUserId: null,
      });
      expect(await liveJobs(post.id)).toEqual([]);
      expect((await notices(approver, 'approval_requested')).map((notice) => notice.postId)).toContain(
        post.id,
      );

      // The approver sees the new words and lets them through: only then is a job queued.
      const approved = await asUser(t.app, approver.cookie).post(`/api/posts/${post.id}/approve`, {
        expectedUpdatedAt: retried.json<Post>().updatedAt,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<Post>()).toMatchObject({ status: 'scheduled', content: 'Words nobody approved.' });
      expect(await liveJobs(post.id)).toHaveLength(1);
    },
  );

  it('retrying now an edited failed post waits too, and asks the approver for a new time', async () => {
    const { editor, approver } = await team();
    const post = await approvedThen(editor, approver, 'failed');
    const ed = asUser(t.app, editor.cookie);
    await ed.patch(`/api/posts/${post.id}`, { hashtags: ['Unseen'] });
    const retried = await ed.post(`/api/posts/${post.id}/retry`);
    expect(retried.json<Post>().status).toBe('pending_approval');
    expect(await liveJobs(post.id)).toEqual([]);
  });

  it('a failed post whose approval stands is retried without asking again', async () => {
    const { editor, approver } = await team();
    const post = await approvedThen(editor, approver, 'failed');
    const retried = await asUser(t.app, editor.cookie).post(`/api/posts/${post.id}/retry`, {
      scheduledAt: daysFromNow(1),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Post>()).toMatchObject({ status: 'scheduled', approvedByUserId: approver.user.id });
    expect(await liveJobs(post.id)).toHaveLength(1);
  });

  it("an admin's retry of an edited failed post is their approval", async () => {
    const { editor, approver, admin } = await team();
    const post = await approvedThen(editor, approver, 'failed');
    await asUser(t.app, editor.cookie).patch(`/api/posts/${post.id}`, { content: 'Edited after failing.' });
    const retried = await asUser(t.app, admin.cookie).post(`/api/posts/${post.id}/retry`, {
      scheduledAt: daysFromNow(1),
    });
    expect(retried.json<Post>()).toMatchObject({ status: 'scheduled', approvedByUserId: admin.user.id });
    expect(await liveJobs(post.id)).toHaveLength(1);
  });

  it.each(['failed', 'cancelled'] as const)(
    "rescheduling an editor's edited %s post waits for an approver",
    async (status) => {
      const { editor, approver } = await team();
      const post = await approvedThen(editor, approver, status);
      const ed = asUser(t.app, editor.cookie);
      await ed.patch(`/api/posts/${post.id}`, { content: 'Changed while stopped.' });
      const scheduled = await ed.post(`/api/posts/${post.id}/schedule`, { scheduledAt: daysFromNow(2) });
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      expect(scheduled.json<Post>().status).toBe('pending_approval');
      expect(await liveJobs(post.id)).toEqual([]);
    },
  );

  it('refuses to approve a version the approver did not see: 409, still pending, no job', async () => {
    const { editor, approver } = await team();
    const post = await createPost(t.app, editor.cookie);
    const ed = asUser(t.app, editor.cookie);
    const submitted = await ed.post(`/api/posts/${post.id}/schedule`, { scheduledAt: daysFromNow(1) });
    const seen = submitted.json<Post>().updatedAt;
    // The editor changes the text while the approver has it open.
    await ed.patch(`/api/posts/${post.id}`, { content: 'Swapped after submitting.' });

    const sam = asUser(t.app, approver.cookie);
    const stale = await sam.post(`/api/posts/${post.id}/approve`, { expectedUpdatedAt: seen });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.message).toBe(CHANGED);
    const after = await asUser(t.app, approver.cookie).get(`/api/posts/${post.id}`);
    expect(after.json<Post>()).toMatchObject({ status: 'pending_approval', approvedAt: null });
    expect(await liveJobs(post.id)).toEqual([]);

    // Approving what they now see works.
    const fresh = await sam.post(`/api/posts/${post.id}/approve`, {
      expectedUpdatedAt: after.json<Post>().updatedAt,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await liveJobs(post.id)).toHaveLength(1);
  });

  it('refuses to request changes on a version the approver did not see: 409, no comment', async () => {
    const { editor, approver } = await team();
    const post = await createPost(t.app, editor.cookie);
    const ed = asUser(t.app, editor.cookie);
    const submitted = await ed.post(`/api/posts/${post.id}/schedule`, { scheduledAt: daysFromNow(1) });
    await ed.patch(`/api/posts/${post.id}`, { content: 'Fixed already.' });
    const stale = await asUser(t.app, approver.cookie).post(`/api/posts/${post.id}/request-changes`, {
      comment: 'Please fix the typo.',
      expectedUpdatedAt: submitted.json<Post>().updatedAt,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.message).toBe(CHANGED);
    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row?.status).toBe('pending_approval');
    expect(await db().select().from(postComments).where(eq(postComments.postId, post.id))).toEqual([]);
  });

  it("matches the updatedAt the API showed, though the database keeps microseconds (a composed post's)", async () => {
    const { editor, approver } = await team();
    const composed = await asUser(t.app, editor.cookie).post('/api/posts/compose', {
      content: 'Composed for approval.',
      hashtags: [],
      targets: [{ platform: 'linkedin', socialAccountId: null }],
      scheduledAt: daysFromNow(1),
    });
    expect(composed.statusCode, composed.body).toBe(201);
    const [waiting] = composed.json<ComposeResponse>().posts;
    expect(waiting?.status).toBe('pending_approval');
    const approved = await asUser(t.app, approver.cookie).post(`/api/posts/${waiting?.id}/approve`, {
      expectedUpdatedAt: waiting?.updatedAt,
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('the approval is one conditional update: a write between the check and it wins over the approval', async () => {
    const { editor, workspaceId } = await team();
    const post = await createPost(t.app, editor.cookie);
    const submitted = await asUser(t.app, editor.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    const seen = new Date(submitted.json<Post>().updatedAt);
    await asUser(t.app, editor.cookie).patch(`/api/posts/${post.id}`, { content: 'Raced in.' });
    const approve = () =>
      updateUnlockedPost(
        db(),
        workspaceId,
        post.id,
        { status: 'scheduled' },
        { onlyFrom: ['pending_approval'], unchangedSince: seen },
      );
    expect(await approve()).toBeUndefined();
  });

  it('an API caller may leave expectedUpdatedAt out, and a bad one is a 400', async () => {
    const { editor, approver } = await team();
    const post = await createPost(t.app, editor.cookie);
    await asUser(t.app, editor.cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    const sam = asUser(t.app, approver.cookie);
    const bad = await sam.post(`/api/posts/${post.id}/approve`, { expectedUpdatedAt: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    const blind = await sam.post(`/api/posts/${post.id}/approve`, {});
    expect(blind.statusCode, blind.body).toBe(200);
  });
});
