import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/contracts/posts';
import { outbox, posts, users } from '../../src/server/db/schema';
import { approvalOverdueJob } from '../../src/server/jobs/approval-overdue.job';
import { allJobs } from '../../src/server/jobs/registry';
import { runApprovalOverdue } from '../../src/server/modules/approvals/approval-overdue.service';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';
import { approvalsHarness, type Person } from './approvals-harness';

const TITLE = 'Post waiting for approval missed its time';
const at = (iso: string) => new Date(iso);
const hoursAfter = (iso: string, hours: number) => new Date(new Date(iso).getTime() + hours * 3_600_000);

describe.each(databaseKinds)('a post waiting for approval that misses its time, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  const { db, team, notices, feed } = approvalsHarness(() => t);

  const run = (now: Date) => runApprovalOverdue(t.ctx, now);
  const overdue = (person: Person) => notices(person, 'approval_overdue');

  /** The editor's post, scheduled for `plannedAt` with approvals on: it waits for approval. */
  async function submit(editor: Person, plannedAt: string, content?: string) {
    const draft = await createPost(t.app, editor.cookie, content ? { content } : {});
    const answer = await asUser(t.app, editor.cookie).post(`/api/posts/${draft.id}/schedule`, {
      scheduledAt: plannedAt,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<Post>().status).toBe('pending_approval');
    return draft.id;
  }

  it('runs every 5 minutes as a registered job', () => {
    expect(allJobs).toContain(approvalOverdueJob);
    expect(approvalOverdueJob).toMatchObject({ name: 'approvals.overdue.v1', cron: '*/5 * * * *' });
  });

  it('tells approvers and the submitter once per planned time, and nobody about other posts', async () => {
    const { owner, admin, editor, approver, viewer } = await team();
    await db().update(users).set({ timezone: 'Europe/Berlin' }).where(eq(users.id, owner.user.id));
    const plannedAt = daysFromNow(1);
    const waiting = await submit(editor, plannedAt, 'Our spring menu is here. Come and taste it.');

    // Not due: a post still waiting with a later time, one sent back (a draft, its time kept) and
    // one the owner scheduled.
    const later = await submit(editor, daysFromNow(10));
    const sentBack = await submit(editor, plannedAt);
    const answer = await asUser(t.app, approver.cookie).post(`/api/posts/${sentBack}/request-changes`, {
      comment: 'Not this week.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const ownPost = await createPost(t.app, owner.cookie);
    const scheduled = await asUser(t.app, owner.cookie).post(`/api/posts/${ownPost.id}/schedule`, {
      scheduledAt: plannedAt,
    });
    expect(scheduled.json<Post>().status).toBe('scheduled');

    // Before the planned time: nothing.
    expect(await run(hoursAfter(plannedAt, -1))).toEqual({ announced: 0 });
    expect(await overdue(approver)).toEqual([]);

    expect(await run(hoursAfter(plannedAt, 1))).toEqual({ announced: 1 });
    for (const person of [owner, admin, approver]) {
      const list = await overdue(person);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ title: TITLE, postId: waiting, link: `/calendar?post=${waiting}` });
      expect(list[0]?.body).toMatch(
        /^Ada Tester's LinkedIn post “Our spring menu is here\. Come and taste it\.” was planned for .+ and has not gone out: it is still waiting for approval\. Approve it with a new time, or ask for changes\.$/,
      );
    }
    // Each reads the time in their own zone.
    expect((await overdue(owner))[0]?.body).toContain('(Europe/Berlin)');
    expect((await overdue(approver))[0]?.body).toContain('(UTC)');
    const [mine] = await overdue(editor);
    expect(mine?.body).toMatch(
      /^Your LinkedIn post “.+” was planned for .+ \(UTC\) and has not gone out: it is still waiting for approval\. Give it a new time, or ask an approver to approve it with one\.$/,
    );
    expect(await overdue(viewer)).toEqual([]);
    expect(await feed(owner)).toContain('A LinkedIn post waiting for approval missed its planned time');
    // The email too (notifications are on by default).
    const mails = await db()
      .select({ to: outbox.toAddress })
      .from(outbox)
      .where(
        and(
          eq(outbox.subject, `Kitepost: ${TITLE}`),
          inArray(outbox.toAddress, [approver.email, viewer.email]),
        ),
      );
    expect(mails).toEqual([{ to: approver.email }]);

    // The post still waits, with its time; later runs do not repeat the notice.
    const [row] = await db().select().from(posts).where(eq(posts.id, waiting));
    expect(row).toMatchObject({ status: 'pending_approval', scheduledAt: at(plannedAt) });
    expect(await run(hoursAfter(plannedAt, 2))).toEqual({ announced: 0 });
    expect(await run(hoursAfter(plannedAt, 48))).toEqual({ announced: 0 });
    expect(await overdue(approver)).toHaveLength(1);
    expect(await overdue(editor)).toHaveLength(1);
    for (const id of [later, sentBack, ownPost.id]) {
      const all = [...(await notices(owner)), ...(await notices(editor))];
      expect(all.filter((notice) => notice.kind === 'approval_overdue' && notice.postId === id)).toEqual([]);
    }

    // The editor moves it to a new time: that one is announced when it passes, once.
    const newTime = daysFromNow(4);
    const moved = await asUser(t.app, editor.cookie).patch(`/api/posts/${waiting}`, { scheduledAt: newTime });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Post>().status).toBe('pending_approval');
    expect(await run(hoursAfter(newTime, -1))).toEqual({ announced: 0 });
    expect(await run(hoursAfter(newTime, 1))).toEqual({ announced: 1 });
    expect(await run(hoursAfter(newTime, 2))).toEqual({ announced: 0 });
    expect(await overdue(approver)).toHaveLength(2);
    expect(await overdue(editor)).toHaveLength(2);
    expect(await overdue(viewer)).toEqual([]);
  });

  it('announces a post once when two runs go at once', async () => {
    const { approver, editor } = await team();
    const plannedAt = daysFromNow(1);
    const id = await submit(editor, plannedAt);
    const now = hoursAfter(plannedAt, 1);

    await Promise.all([run(now), run(now)]);
    expect((await overdue(approver)).filter((notice) => notice.postId === id)).toHaveLength(1);
    expect((await overdue(editor)).filter((notice) => notice.postId === id)).toHaveLength(1);
  });

  it('announces to approvers alone when the submitter has left, and to a submitter who can approve by now once', async () => {
    const { owner, approver, editor } = await team();
    const gone = await submit(editor, daysFromNow(1));
    const promoted = await team();
    const mine = await submit(promoted.editor, daysFromNow(1));
    // The editor of the second workspace becomes an approver: one notice, the approvers' one.
    const role = await asUser(t.app, promoted.owner.cookie).patch(
      `/api/team/members/${promoted.editor.user.id}`,
      { role: 'approver' },
    );
    expect(role.statusCode, role.body).toBe(200);
    // The first workspace's editor leaves it.
    const left = await asUser(t.app, owner.cookie).delete(`/api/team/members/${editor.user.id}`);
    expect(left.statusCode, left.body).toBe(204);

    await run(hoursAfter(daysFromNow(1), 1));
    expect((await overdue(approver)).map((notice) => notice.postId)).toEqual([gone]);
    expect(await overdue(editor)).toEqual([]);
    const promotedNotices = await overdue(promoted.editor);
    expect(promotedNotices.map((notice) => notice.postId)).toEqual([mine]);
    expect(promotedNotices[0]?.body).toContain('Approve it with a new time, or ask for changes.');
  });
});
