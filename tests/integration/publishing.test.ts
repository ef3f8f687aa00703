import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishingMessages } from '../../src/contracts/publishing';
import { posts, socialAccounts } from '../../src/server/db/schema';
import {
  InvalidContentError,
  RateLimitedError,
  TokenExpiredError,
  TransientPlatformError,
  UnknownOutcomeError,
} from '../../src/server/integrations/social/social-provider';
import { severalAccountsReason } from '../../src/server/modules/publishing/publish-account';
import { BACKOFF_BASE_MS } from '../../src/server/modules/publishing/publish-rules';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { asUser } from '../factories/posts';
import {
  attemptsOf,
  feedOf,
  insertAccount,
  insertScheduledPost,
  newWorkspace,
  notificationsOf,
  postRow,
  publishJobsOf,
  type ScriptedPlatform,
  scriptedPlatform,
} from '../factories/publishing';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe.each(databaseKinds)('the publishing engine on %s', (kind) => {
  let t: TestApp;
  let platform: ScriptedPlatform;
  beforeAll(async () => {
    platform = scriptedPlatform('twitter');
    t = await buildTestApp(kind, {}, { socialProviders: { twitter: platform } });
  });
  afterAll(() => t.close());
  beforeEach(() => platform.setFinder('answers'));

  /** A workspace with one connected X account and one post of it due a second ago. */
  async function duePost(content?: string) {
    const workspace = await newWorkspace(t);
    const account = await insertAccount(t, workspace.workspaceId);
    const post = await insertScheduledPost(t, workspace.workspaceId, {
      socialAccountId: account.id,
      ...(content ? { content } : {}),
    });
    return { ...workspace, account, post };
  }
  const callsFor = (text: string) => platform.calls.filter((call) => call.text.startsWith(text));
  const heldFor = (text: string) => platform.posts.filter((post) => post.text.startsWith(text));

  it('publishes a due post: scheduled -> publishing -> published, with the attempt on the post', async () => {
    const { cookie, workspaceId, account, post } = await duePost();
    await t.ctx.database.db
      .update(posts)
      .set({ hashtags: ['Bakery'] })
      .where(eq(posts.id, post.id));

    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('published');

    const after = await postRow(t, post.id);
    expect(after).toMatchObject({
      status: 'published',
      attemptCount: 1,
      leaseUntil: null,
      failureReason: null,
    });
    expect(after.externalId).toMatch(/^\d+$/);
    expect(after.externalUrl).toBe(`https://platform.test/${account.username}/${after.externalId}`);
    expect(after.publishedAt?.getTime()).toBeGreaterThanOrEqual(post.scheduledAt?.getTime() ?? 0);
    // The text as published: content, a blank line, the hashtags.
    expect(heldFor(post.content)).toEqual([
      { externalId: after.externalId, text: `${post.content}\n\n#Bakery`, account: account.externalId },
    ]);
    const detail = (await asUser(t.app, cookie).get(`/api/posts/${post.id}`)).json();
    expect(detail).toMatchObject({ status: 'published', attemptCount: 1, externalUrl: after.externalUrl });
    expect(detail.attempts).toEqual([
      expect.objectContaining({
        attemptNumber: 1,
        outcome: 'published',
        errorKind: null,
        finishedAt: expect.any(String),
      }),
    ]);
    const [stored] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, account.id));
    expect(stored?.postsCount).toBe(1);
    expect(await feedOf(t, workspaceId, 'post.published')).toHaveLength(1);
  });

  it('does nothing for a stale version, a cancelled post, or a post already published', async () => {
    const { post } = await duePost();
    expect(await publishPost(t.ctx, { postId: post.id, version: 0 })).toBe('skipped');
    await t.ctx.database.db
      .update(posts)
      .set({ status: 'cancelled', publishVersion: 2 })
      .where(eq(posts.id, post.id));
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('skipped');
    expect(await publishPost(t.ctx, { postId: post.id, version: 2 })).toBe('skipped');
    expect(callsFor(post.content)).toHaveLength(0);
    expect(await attemptsOf(t, post.id)).toEqual([]);

    const other = await duePost();
    expect(await publishPost(t.ctx, { postId: other.post.id, version: 1 })).toBe('published');
    expect(await publishPost(t.ctx, { postId: other.post.id, version: 1 })).toBe('skipped');
    expect(callsFor(other.post.content)).toHaveLength(1);
  });

  it('replaces the job on reschedule and removes it on cancel; an old job never publishes the post', async () => {
    const { cookie, account } = await duePost();
    const api = asUser(t.app, cookie);
    const created = (
      await api.post('/api/posts', { platform: 'twitter', content: 'Rye loaves on Friday.' })
    ).json();
    const first = new Date(Date.now() + HOUR).toISOString();
    await api.post(`/api/posts/${created.id}/schedule`, { scheduledAt: first, socialAccountId: account.id });
    const [job1] = await publishJobsOf(t, created.id);
    const moved = new Date(Date.now() + 2 * HOUR).toISOString();
    expect((await api.patch(`/api/posts/${created.id}`, { scheduledAt: moved })).statusCode).toBe(200);
    const jobs = await publishJobsOf(t, created.id);
    expect(jobs.map((job) => job.state)).toEqual(['cancelled', 'created']);
    const version = (await postRow(t, created.id)).publishVersion;
    expect(jobs[1]?.version).toBe(version);

    // The first job, run anyway (as if cancelling had lost a race), finds another version.
    expect(
      await publishPost(t.ctx, { postId: created.id, version: job1?.version ?? -1 }, new Date(first)),
    ).toBe('skipped');
    // The current job at its time publishes it; after a cancel, even the current one does not.
    expect((await api.post(`/api/posts/${created.id}/cancel`)).statusCode).toBe(200);
    expect((await publishJobsOf(t, created.id)).map((job) => job.state)).toEqual(['cancelled', 'cancelled']);
    expect(await publishPost(t.ctx, { postId: created.id, version }, new Date(moved))).toBe('skipped');
    expect(callsFor('Rye loaves on Friday.')).toHaveLength(0);
    expect((await postRow(t, created.id)).status).toBe('cancelled');
  });

  it('waits out a rate limit until its reset, as a new version with its own job, then publishes', async () => {
    const { post } = await duePost();
    const resetAt = new Date(Date.now() + 15 * MIN);
    platform.plan(post.content, new RateLimitedError('twitter', 'Too Many Requests', resetAt));

    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('retrying');
    const waiting = await postRow(t, post.id);
    expect(waiting).toMatchObject({
      status: 'scheduled',
      publishVersion: 2,
      leaseUntil: null,
      attemptCount: 1,
    });
    expect(waiting.nextAttemptAt?.toISOString()).toBe(resetAt.toISOString());
    const jobs = await publishJobsOf(t, post.id);
    expect(jobs.at(-1)).toMatchObject({ version: 2, state: 'created' });
    expect(jobs.at(-1)?.startAfter.toISOString()).toBe(resetAt.toISOString());
    expect(await attemptsOf(t, post.id)).toEqual([
      expect.objectContaining({
        outcome: 'retrying',
        errorKind: 'rate_limited',
        message: 'Too Many Requests',
      }),
    ]);

    // Not before its time, and the old job's version is gone.
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 }, resetAt)).toBe('skipped');
    expect(await publishPost(t.ctx, { postId: post.id, version: 2 })).toBe('skipped');
    expect(await publishPost(t.ctx, { postId: post.id, version: 2 }, resetAt)).toBe('published');
    expect(heldFor(post.content)).toHaveLength(1);
    expect((await attemptsOf(t, post.id)).map((a) => a.outcome)).toEqual(['retrying', 'published']);
  });

  it('retries a 5xx before any response and a network failure with growing backoff', async () => {
    const { post } = await duePost();
    platform.plan(
      post.content,
      new TransientPlatformError('twitter', 'Service Unavailable', 'server_error'),
      new TransientPlatformError('twitter', 'connect ECONNREFUSED', 'network'),
    );
    const start = new Date();
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 }, start)).toBe('retrying');
    const first = await postRow(t, post.id);
    const firstWait = (first.nextAttemptAt?.getTime() ?? 0) - start.getTime();
    expect(firstWait).toBeGreaterThanOrEqual(BACKOFF_BASE_MS);
    expect(firstWait).toBeLessThan(BACKOFF_BASE_MS + 5_000);

    const second = first.nextAttemptAt as Date;
    expect(await publishPost(t.ctx, { postId: post.id, version: 2 }, second)).toBe('retrying');
    const after = await postRow(t, post.id);
    const secondWait = (after.nextAttemptAt?.getTime() ?? 0) - second.getTime();
    expect(secondWait).toBeGreaterThanOrEqual(4 * BACKOFF_BASE_MS);
    expect(secondWait).toBeLessThan(4 * BACKOFF_BASE_MS + 5_000);

    expect(await publishPost(t.ctx, { postId: post.id, version: 3 }, after.nextAttemptAt as Date)).toBe(
      'published',
    );
    expect((await attemptsOf(t, post.id)).map((a) => [a.outcome, a.errorKind])).toEqual([
      ['retrying', 'server_error'],
      ['retrying', 'network'],
      ['published', null],
    ]);
  });

  it('gives up after five attempts, says why, and tells the workspace', async () => {
    const { post, workspaceId } = await duePost();
    const outage = () => new TransientPlatformError('twitter', 'Service Unavailable', 'server_error');
    platform.plan(post.content, outage(), outage(), outage(), outage(), outage());
    let at = new Date();
    for (let version = 1; version <= 5; version++) {
      const outcome = await publishPost(t.ctx, { postId: post.id, version }, at);
      expect(outcome).toBe(version < 5 ? 'retrying' : 'failed');
      at = (await postRow(t, post.id)).nextAttemptAt ?? at;
    }
    const failed = await postRow(t, post.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe(publishingMessages.gaveUp(5, 'Service Unavailable'));
    expect((await attemptsOf(t, post.id)).map((a) => a.outcome)).toEqual([
      'retrying',
      'retrying',
      'retrying',
      'retrying',
      'failed',
    ]);
    const [notice] = await notificationsOf(t, workspaceId);
    expect(notice).toMatchObject({ kind: 'post_failed', postId: post.id, link: `/calendar?post=${post.id}` });
    expect(notice?.body).toContain(publishingMessages.gaveUp(5, 'Service Unavailable'));
  });

  it('a revoked token fails the post, marks the account needs_reauth and tells the user', async () => {
    const { post, account, workspaceId } = await duePost();
    platform.plan(post.content, new TokenExpiredError('twitter', 'Unauthorized'));
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('failed');
    const failed = await postRow(t, post.id);
    expect(failed.failureReason).toBe(publishingMessages.needsReauth('X (Twitter)'));
    const [stored] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, account.id));
    expect(stored?.status).toBe('needs_reauth');
    expect(await attemptsOf(t, post.id)).toEqual([
      expect.objectContaining({ outcome: 'failed', errorKind: 'token_expired', message: 'Unauthorized' }),
    ]);
    expect((await notificationsOf(t, workspaceId)).map((n) => n.kind)).toContain('post_failed');

    // The next post of that account fails before any call to the platform.
    const next = await insertScheduledPost(t, workspaceId, { socialAccountId: account.id });
    expect(await publishPost(t.ctx, { postId: next.id, version: 1 })).toBe('failed');
    expect(callsFor(next.content)).toHaveLength(0);
    expect((await postRow(t, next.id)).failureReason).toBe(publishingMessages.needsReauth('X (Twitter)'));
    expect((await attemptsOf(t, next.id))[0]).toMatchObject({ outcome: 'failed', errorKind: 'needs_reauth' });
  });

  it('fails with the platform message when the content is refused, without retrying', async () => {
    const { post, workspaceId } = await duePost();
    platform.plan(post.content, new InvalidContentError('twitter', 'The text of your post is too long.'));
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('failed');
    expect(await postRow(t, post.id)).toMatchObject({
      status: 'failed',
      failureReason: 'The text of your post is too long.',
    });
    expect((await attemptsOf(t, post.id))[0]).toMatchObject({
      outcome: 'failed',
      errorKind: 'invalid_content',
    });
    expect((await notificationsOf(t, workspaceId))[0]?.kind).toBe('post_failed');
    expect(callsFor(post.content)).toHaveLength(1);
  });

  it('reconciles an unknown outcome: found on the platform -> published once, as reconciled', async () => {
    const { post } = await duePost();
    platform.plan(post.content, 'create-then-lose-answer');
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('reconciled');
    const after = await postRow(t, post.id);
    expect(after.status).toBe('published');
    expect(after.externalId).toBe(heldFor(post.content)[0]?.externalId);
    expect(heldFor(post.content)).toHaveLength(1);
    expect(await attemptsOf(t, post.id)).toEqual([
      expect.objectContaining({ outcome: 'reconciled', errorKind: 'unknown_outcome' }),
    ]);
  });

  it('reconciles an unknown outcome: proven absent -> retried with backoff', async () => {
    const { post } = await duePost();
    platform.plan(post.content, new UnknownOutcomeError('twitter', 'Gateway timeout'));
    const start = new Date();
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 }, start)).toBe('retrying');
    const waiting = await postRow(t, post.id);
    expect(waiting.status).toBe('scheduled');
    expect((waiting.nextAttemptAt?.getTime() ?? 0) - start.getTime()).toBeGreaterThanOrEqual(BACKOFF_BASE_MS);
    expect((await attemptsOf(t, post.id))[0]).toMatchObject({
      outcome: 'retrying',
      errorKind: 'unknown_outcome',
    });
    expect(await publishPost(t.ctx, { postId: post.id, version: 2 }, waiting.nextAttemptAt as Date)).toBe(
      'published',
    );
    expect(heldFor(post.content)).toHaveLength(1);
  });

  it('fails as outcome unknown when the platform cannot be asked, or asking fails', async () => {
    for (const mode of ['absent', 'throws'] as const) {
      const { post, workspaceId } = await duePost();
      platform.setFinder(mode);
      platform.plan(post.content, 'create-then-lose-answer');
      expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('unknown');
      expect(await postRow(t, post.id)).toMatchObject({
        status: 'failed',
        failureReason: publishingMessages.outcomeUnknown,
      });
      expect((await attemptsOf(t, post.id))[0]).toMatchObject({
        outcome: 'unknown',
        errorKind: 'unknown_outcome',
      });
      expect((await notificationsOf(t, workspaceId))[0]?.body).toContain(publishingMessages.outcomeUnknown);
      expect(heldFor(post.content)).toHaveLength(1);
    }
  });

  it('a post without an account fails at its time with "no connected account"', async () => {
    const { workspaceId } = await newWorkspace(t);
    const post = await insertScheduledPost(t, workspaceId);
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('failed');
    expect((await postRow(t, post.id)).failureReason).toBe(publishingMessages.noAccount);
    expect((await attemptsOf(t, post.id))[0]).toMatchObject({ outcome: 'failed', errorKind: 'no_account' });
    expect((await notificationsOf(t, workspaceId))[0]?.kind).toBe('post_failed');
  });

  it('uses the one account of the platform connected by then, and asks to choose among several', async () => {
    const { workspaceId } = await newWorkspace(t);
    const post = await insertScheduledPost(t, workspaceId);
    const account = await insertAccount(t, workspaceId);
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('published');
    expect((await postRow(t, post.id)).socialAccountId).toBe(account.id);

    await insertAccount(t, workspaceId);
    const second = await insertScheduledPost(t, workspaceId);
    expect(await publishPost(t.ctx, { postId: second.id, version: 1 })).toBe('failed');
    expect((await postRow(t, second.id)).failureReason).toBe(severalAccountsReason('X (Twitter)'));
  });

  it('refreshes a token about to expire before publishing; a refused refresh means needs_reauth', async () => {
    const workspace = await newWorkspace(t);
    const expiring = await insertAccount(t, workspace.workspaceId, {
      tokenExpiresAt: new Date(Date.now() + MIN),
    });
    const post = await insertScheduledPost(t, workspace.workspaceId, { socialAccountId: expiring.id });
    const refreshesBefore = platform.refreshes.length;
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('published');
    expect(platform.refreshes.length).toBe(refreshesBefore + 1);
    const [stored] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, expiring.id));
    expect(stored?.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + HOUR);

    const refused = await insertAccount(t, workspace.workspaceId, {
      tokenExpiresAt: new Date(Date.now() + MIN),
    });
    const other = await insertScheduledPost(t, workspace.workspaceId, { socialAccountId: refused.id });
    platform.refreshResults.push(new TokenExpiredError('twitter', 'invalid_grant'));
    expect(await publishPost(t.ctx, { postId: other.id, version: 1 })).toBe('failed');
    expect((await postRow(t, other.id)).failureReason).toBe(publishingMessages.needsReauth('X (Twitter)'));
    const [marked] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, refused.id));
    expect(marked?.status).toBe('needs_reauth');
    expect(callsFor(other.content)).toHaveLength(0);
  });

  it('marks a post missed after downtime instead of publishing it late, and tells the workspace', async () => {
    const { workspaceId, account } = await duePost();
    const post = await insertScheduledPost(t, workspaceId, {
      socialAccountId: account.id,
      scheduledAt: new Date(Date.now() - 7 * HOUR),
    });
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('missed');
    expect(await postRow(t, post.id)).toMatchObject({
      status: 'missed',
      failureReason: publishingMessages.missed(6),
    });
    expect(await attemptsOf(t, post.id)).toEqual([
      expect.objectContaining({
        outcome: 'missed',
        errorKind: 'missed',
        message: publishingMessages.missed(6),
      }),
    ]);
    expect((await notificationsOf(t, workspaceId))[0]).toMatchObject({
      kind: 'post_missed',
      postId: post.id,
    });
    expect(callsFor(post.content)).toHaveLength(0);

    // Five hours late is still within the window: it goes out.
    const late = await insertScheduledPost(t, workspaceId, {
      socialAccountId: account.id,
      scheduledAt: new Date(Date.now() - 5 * HOUR),
    });
    expect(await publishPost(t.ctx, { postId: late.id, version: 1 })).toBe('published');
  });

  it('two attempts racing on one post publish it exactly once', async () => {
    const { post } = await duePost();
    platform.delayMs = 50;
    try {
      const outcomes = await Promise.all([
        publishPost(t.ctx, { postId: post.id, version: 1 }),
        publishPost(t.ctx, { postId: post.id, version: 1 }),
        publishPost(t.ctx, { postId: post.id, version: 1 }),
      ]);
      expect(outcomes.sort()).toEqual(['published', 'skipped', 'skipped']);
    } finally {
      platform.delayMs = 0;
    }
    expect(callsFor(post.content)).toHaveLength(1);
    expect(heldFor(post.content)).toHaveLength(1);
    expect(await attemptsOf(t, post.id)).toHaveLength(1);
  });
});
