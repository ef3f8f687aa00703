import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishingMessages } from '../../src/contracts/publishing';
import { posts } from '../../src/server/db/schema';
import { claimPost } from '../../src/server/modules/publishing/publish-claims.repository';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { OVERDUE_GRACE_MS, sweepPublishing } from '../../src/server/modules/publishing/publishing-sweeper';
import {
  attemptsOf,
  insertAccount,
  insertScheduledPost,
  newWorkspace,
  postRow,
  type ScriptedPlatform,
  scriptedPlatform,
} from '../factories/publishing';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const HOUR = 3_600_000;

describe.each(databaseKinds)('publishing recovery (the sweeper) on %s', (kind) => {
  let t: TestApp;
  let platform: ScriptedPlatform;
  let leaseMs: number;
  beforeAll(async () => {
    platform = scriptedPlatform('twitter');
    t = await buildTestApp(kind, {}, { socialProviders: { twitter: platform } });
    leaseMs = t.config.publishing.leaseMs;
  });
  afterAll(() => t.close());
  beforeEach(() => platform.setFinder('answers'));

  async function duePost(scheduledAt = new Date(Date.now() - 1000)) {
    const workspace = await newWorkspace(t);
    const account = await insertAccount(t, workspace.workspaceId);
    const post = await insertScheduledPost(t, workspace.workspaceId, {
      socialAccountId: account.id,
      scheduledAt,
    });
    return { ...workspace, account, post };
  }

  /**
   * A worker that died mid-call: it claimed the post and wrote its `started` attempt, and the
   * platform got the request (`reached`) or not. The lease then runs out.
   */
  async function abandoned(reached: boolean) {
    const due = await duePost();
    const now = new Date();
    const claim = await claimPost(t.ctx.database.db, {
      postId: due.post.id,
      version: 1,
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      earliestDue: new Date(now.getTime() - HOUR),
      latestDue: now,
      worker: 'dead-worker:1',
    });
    expect(claim?.attempt.number).toBe(1);
    if (reached)
      platform.posts.push({
        externalId: '777000111',
        text: due.post.content,
        account: due.account.externalId,
      });
    return { ...due, afterLease: new Date(now.getTime() + leaseMs + 1000) };
  }
  const heldFor = (text: string) => platform.posts.filter((post) => post.text === text);

  it('leaves a post alone while its worker still holds the lease', async () => {
    const { post } = await abandoned(false);
    await sweepPublishing(t.ctx);
    expect((await postRow(t, post.id)).status).toBe('publishing');
    expect((await attemptsOf(t, post.id))[0]?.outcome).toBe('started');
  });

  it('a worker killed after the platform created the post: reconciled, published once', async () => {
    const { post, afterLease } = await abandoned(true);
    const report = await sweepPublishing(t.ctx, afterLease);
    expect(report.abandoned).toBeGreaterThanOrEqual(1);
    const after = await postRow(t, post.id);
    expect(after).toMatchObject({ status: 'published', externalId: '777000111', leaseUntil: null });
    expect(await attemptsOf(t, post.id)).toEqual([
      expect.objectContaining({ attemptNumber: 1, outcome: 'reconciled', errorKind: 'worker_lost' }),
    ]);
    expect(heldFor(post.content)).toHaveLength(1);
    expect(platform.calls.filter((call) => call.text === post.content)).toHaveLength(0);
  });

  it('a worker killed before the platform created it: proven absent, sent again once', async () => {
    const { post, afterLease } = await abandoned(false);
    await sweepPublishing(t.ctx, afterLease);
    const waiting = await postRow(t, post.id);
    expect(waiting).toMatchObject({ status: 'scheduled', publishVersion: 2 });
    expect((await attemptsOf(t, post.id))[0]).toMatchObject({
      outcome: 'retrying',
      errorKind: 'worker_lost',
    });

    // Whichever comes first, the retry's job or a sweep after its time, it goes out once.
    const retryAt = waiting.nextAttemptAt as Date;
    const outcomes = await Promise.all([
      publishPost(t.ctx, { postId: post.id, version: 2 }, retryAt),
      sweepPublishing(t.ctx, new Date(retryAt.getTime() + OVERDUE_GRACE_MS + 1000)),
    ]);
    expect(outcomes[0] === 'published' || outcomes[0] === 'skipped').toBe(true);
    expect((await postRow(t, post.id)).status).toBe('published');
    expect(heldFor(post.content)).toHaveLength(1);
    expect((await attemptsOf(t, post.id)).map((a) => a.outcome)).toEqual(['retrying', 'published']);
  });

  it('an abandoned attempt the platform cannot be asked about fails as outcome unknown', async () => {
    const { post, afterLease } = await abandoned(true);
    platform.setFinder('absent');
    await sweepPublishing(t.ctx, afterLease);
    expect(await postRow(t, post.id)).toMatchObject({
      status: 'failed',
      failureReason: publishingMessages.outcomeUnknown,
    });
    expect((await attemptsOf(t, post.id))[0]).toMatchObject({ outcome: 'unknown', errorKind: 'worker_lost' });
    expect(heldFor(post.content)).toHaveLength(1);
  });

  it('a worker killed between its claim and its attempt row sent nothing: the post goes out', async () => {
    const due = await duePost();
    const now = new Date();
    // The claim without the attempt row, as a crash right after the update leaves it.
    await t.ctx.database.db
      .update(posts)
      .set({ status: 'publishing', attemptCount: 1, leaseUntil: new Date(now.getTime() - 1000) })
      .where(eq(posts.id, due.post.id));
    await sweepPublishing(t.ctx, now);
    const back = await postRow(t, due.post.id);
    expect(back.status).toBe('scheduled');
    expect(await publishPost(t.ctx, { postId: due.post.id, version: back.publishVersion })).toBe('published');
    expect(heldFor(due.post.content)).toHaveLength(1);
  });

  it('publishes a scheduled post whose job is late or lost, once it is past the grace', async () => {
    const recent = await duePost(new Date(Date.now() - 500));
    const lost = await duePost(new Date(Date.now() - OVERDUE_GRACE_MS - 5000));
    await sweepPublishing(t.ctx);
    expect((await postRow(t, recent.post.id)).status).toBe('scheduled');
    expect((await postRow(t, lost.post.id)).status).toBe('published');
    expect(heldFor(lost.post.content)).toHaveLength(1);
  });

  it('marks posts missed when it finds them long past their time after downtime', async () => {
    const { post } = await duePost(new Date(Date.now() - 8 * HOUR));
    await sweepPublishing(t.ctx);
    expect(await postRow(t, post.id)).toMatchObject({
      status: 'missed',
      failureReason: publishingMessages.missed(6),
    });
    expect(heldFor(post.content)).toHaveLength(0);
  });
});
