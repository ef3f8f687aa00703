import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadItem } from '../../src/contracts/posts';
import { posts, socialAccounts } from '../../src/server/db/schema';
import {
  InvalidContentError,
  TokenExpiredError,
  TransientPlatformError,
} from '../../src/server/integrations/social/social-provider';
import { POST_FOLLOW_UPS_JOB, runPostFollowUps, sweepFollowUps } from '../../src/server/modules/publishing';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { asUser } from '../factories/posts';
import {
  insertAccount,
  insertScheduledPost,
  newWorkspace,
  postRow,
  type ScriptedPlatform,
  scriptedPlatform,
} from '../factories/publishing';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const pending = (content: string): ThreadItem => ({
  content,
  mediaIds: [],
  status: 'pending',
  externalId: null,
  url: null,
  error: null,
});

describe.each(databaseKinds)('thread posts and first comments after publishing on %s', (kind) => {
  let t: TestApp;
  let platform: ScriptedPlatform;
  beforeAll(async () => {
    platform = scriptedPlatform('twitter');
    t = await buildTestApp(kind, {}, { socialProviders: { twitter: platform } });
  });
  afterAll(() => t.close());

  async function due(options: Parameters<typeof insertScheduledPost>[2]) {
    const workspace = await newWorkspace(t);
    const account = await insertAccount(t, workspace.workspaceId);
    const post = await insertScheduledPost(t, workspace.workspaceId, {
      socialAccountId: account.id,
      ...options,
    });
    return { ...workspace, account, post };
  }
  const followUpJobsOf = async (postId: string) => {
    const result = await t.ctx.database.db.execute(
      sql`select state::text as state from pgboss.job where name = ${POST_FOLLOW_UPS_JOB} and data->>'postId' = ${postId}`,
    );
    return (result as unknown as { rows: { state: string }[] }).rows;
  };
  const marker = () => `m${Math.random().toString(36).slice(2, 8)}`;

  it('publishes a 3-post thread as a chain of replies, each recorded on the post', async () => {
    const m = marker();
    const { post, cookie } = await due({
      postType: 'thread',
      content: `Thread ${m} 1/3`,
      thread: [pending(`Thread ${m} 2/3`), pending(`Thread ${m} 3/3`)],
    });
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('published');
    // The post is out and its follow-ups wait as a job of their own.
    expect(await followUpJobsOf(post.id)).toEqual([{ state: 'created' }]);
    await runPostFollowUps(t.ctx, post.id);

    const after = await postRow(t, post.id);
    const [second, third] = after.thread;
    expect(second).toMatchObject({ status: 'published', externalId: expect.any(String), error: null });
    expect(third).toMatchObject({ status: 'published', externalId: expect.any(String), error: null });
    const replies = platform.replies.filter((reply) => reply.text.includes(m));
    expect(replies.map((reply) => [reply.parent, reply.text])).toEqual([
      [after.externalId, `Thread ${m} 2/3`],
      [second?.externalId, `Thread ${m} 3/3`],
    ]);
    // The API shows each post of the thread with its link.
    const shown = (await asUser(t.app, cookie).get(`/api/posts/${post.id}`)).json();
    expect(shown.thread.map((item: ThreadItem) => item.status)).toEqual(['published', 'published']);
    expect(shown.thread[1].url).toContain(third?.externalId);
    // Run again (a duplicate job): nothing is sent twice.
    await runPostFollowUps(t.ctx, post.id);
    expect(platform.replies.filter((reply) => reply.text.includes(m))).toHaveLength(2);
  });

  it('stops a thread visibly at the post the platform refuses; the rest stay pending, the post stays published', async () => {
    const m = marker();
    platform.plan(`${m} 2/4`, new InvalidContentError('twitter', 'Status is a duplicate.'));
    const { post } = await due({
      postType: 'thread',
      content: `Thread ${m} 1/4`,
      thread: [pending(`${m} 2/4`), pending(`${m} 3/4`), pending(`${m} 4/4`)],
    });
    await publishPost(t.ctx, { postId: post.id, version: 1 });
    await runPostFollowUps(t.ctx, post.id);
    const after = await postRow(t, post.id);
    expect(after.status).toBe('published');
    expect(after.thread.map((item) => item.status)).toEqual(['failed', 'pending', 'pending']);
    expect(after.thread[0]?.error).toBe('Status is a duplicate.');
    expect(platform.replies.filter((reply) => reply.text.includes(m))).toHaveLength(0);
    // A stopped thread is not picked up again by the sweep.
    await sweepFollowUps(t.ctx, new Date(Date.now() + 10 * 60_000));
    expect((await followUpJobsOf(post.id)).filter((job) => job.state === 'created')).toHaveLength(1);
  });

  it('posts the first comment under the post; a refused comment fails alone, never the post', async () => {
    const ok = marker();
    const { post } = await due({ content: `Post ${ok}`, firstComment: `Link in comment ${ok}` });
    await publishPost(t.ctx, { postId: post.id, version: 1 });
    expect((await postRow(t, post.id)).firstCommentStatus).toBe('pending');
    await runPostFollowUps(t.ctx, post.id);
    const after = await postRow(t, post.id);
    expect(after).toMatchObject({
      status: 'published',
      firstCommentStatus: 'posted',
      firstCommentError: null,
    });
    expect(platform.replies.find((reply) => reply.text === `Link in comment ${ok}`)?.parent).toBe(
      after.externalId,
    );

    const bad = marker();
    platform.plan(`comment ${bad}`, new InvalidContentError('twitter', 'Comments are turned off.'));
    const refused = await due({ content: `Post ${bad}`, firstComment: `A comment ${bad}` });
    await publishPost(t.ctx, { postId: refused.post.id, version: 1 });
    await runPostFollowUps(t.ctx, refused.post.id);
    expect(await postRow(t, refused.post.id)).toMatchObject({
      status: 'published',
      firstCommentStatus: 'failed',
      firstCommentError: 'Comments are turned off.',
    });
  });

  it('tries again after a transient error, a few seconds apart', async () => {
    const m = marker();
    platform.plan(`again ${m}`, new TransientPlatformError('twitter', 'Service Unavailable', 'server_error'));
    const { post } = await due({ content: `Post ${m}`, firstComment: `again ${m}` });
    await publishPost(t.ctx, { postId: post.id, version: 1 });
    await runPostFollowUps(t.ctx, post.id);
    expect((await postRow(t, post.id)).firstCommentStatus).toBe('posted');
    expect(platform.calls.filter((call) => call.text === `again ${m}`)).toHaveLength(2);
  });

  /** The account's token expires within the refresh margin: the next run refreshes it first. */
  const expireSoon = (accountId: string) =>
    t.ctx.database.db
      .update(socialAccounts)
      .set({ tokenExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(socialAccounts.id, accountId));

  it('leaves the follow-ups pending when the token refresh fails for a passing reason; the next run sends them', async () => {
    const m = marker();
    const { post, account } = await due({
      postType: 'thread',
      content: `Refresh ${m} 1/2`,
      thread: [pending(`Refresh ${m} 2/2`)],
      firstComment: `Refresh comment ${m}`,
    });
    await publishPost(t.ctx, { postId: post.id, version: 1 });
    await expireSoon(account.id);
    platform.refreshResults.push(
      new TransientPlatformError('twitter', 'token endpoint answered 503', 'server_error'),
    );
    // The job fails, so pg-boss tries it again; nothing is marked failed, nothing is sent.
    await expect(runPostFollowUps(t.ctx, post.id)).rejects.toThrow(
      /Refreshing the X \(Twitter\) token failed: token endpoint answered 503/,
    );
    const waiting = await postRow(t, post.id);
    expect(waiting.thread.map((item) => [item.status, item.error])).toEqual([['pending', null]]);
    expect(waiting).toMatchObject({ firstCommentStatus: 'pending', firstCommentError: null });
    expect(platform.replies.filter((reply) => reply.text.includes(m))).toHaveLength(0);
    // When the job's retries are spent, the sweep still finds them.
    expect(await sweepFollowUps(t.ctx, new Date(Date.now() + 10 * 60_000))).toBeGreaterThanOrEqual(1);

    // The token endpoint is back: the next run refreshes and sends the lot.
    await runPostFollowUps(t.ctx, post.id);
    const after = await postRow(t, post.id);
    expect(after.thread.map((item) => item.status)).toEqual(['published']);
    expect(after.firstCommentStatus).toBe('posted');
    expect(platform.replies.filter((reply) => reply.text.includes(m))).toHaveLength(2);
  });

  it('fails the follow-ups when the platform refuses the refresh for good (reconnect the account)', async () => {
    const m = marker();
    const { post, account } = await due({ content: `Revoked ${m}`, firstComment: `Revoked comment ${m}` });
    await publishPost(t.ctx, { postId: post.id, version: 1 });
    await expireSoon(account.id);
    platform.refreshResults.push(new TokenExpiredError('twitter', 'invalid_grant'));
    await runPostFollowUps(t.ctx, post.id);
    expect(await postRow(t, post.id)).toMatchObject({
      status: 'published',
      firstCommentStatus: 'failed',
      firstCommentError: expect.stringMatching(/no longer accepts Kitepost's access: reconnect the account/),
    });
  });

  it('never sends twice what a crash left sending: it is marked failed, saying the outcome is unknown', async () => {
    const m = marker();
    const { post } = await due({
      postType: 'thread',
      content: `Crash ${m} 1/3`,
      thread: [pending(`Crash ${m} 2/3`), pending(`Crash ${m} 3/3`)],
      firstComment: null,
    });
    await publishPost(t.ctx, { postId: post.id, version: 1 });
    // A worker died after marking the second post as sending.
    const stored = await postRow(t, post.id);
    await t.ctx.database.db
      .update(posts)
      .set({
        thread: stored.thread.map((item, at) => (at === 0 ? { ...item, status: 'sending' as const } : item)),
      })
      .where(eq(posts.id, post.id));
    expect(await sweepFollowUps(t.ctx, new Date(Date.now() + 10 * 60_000))).toBeGreaterThanOrEqual(1);
    await runPostFollowUps(t.ctx, post.id);
    const after = await postRow(t, post.id);
    expect(after.thread.map((item) => item.status)).toEqual(['failed', 'pending']);
    expect(after.thread[0]?.error).toMatch(/lost track of this while sending it to X \(Twitter\)/);
    expect(platform.replies.filter((reply) => reply.text.includes(m))).toHaveLength(0);
  });

  it('"Retry the rest": a stopped thread and a failed comment go back to waiting and go out; 409 when nothing failed', async () => {
    const m = marker();
    platform.plan(`${m} 2/3`, new InvalidContentError('twitter', 'Status is a duplicate.'));
    platform.plan(`comment ${m}`, new InvalidContentError('twitter', 'Comments are turned off.'));
    const { post, cookie } = await due({
      postType: 'thread',
      content: `Retry ${m} 1/3`,
      thread: [pending(`${m} 2/3`), pending(`${m} 3/3`)],
      firstComment: `comment ${m}`,
    });
    const api = asUser(t.app, cookie);
    const retry = (body: object = {}) => api.post(`/api/posts/${post.id}/follow-ups/retry`, body);
    // Not published yet: nothing to retry.
    expect((await retry()).statusCode).toBe(409);
    await publishPost(t.ctx, { postId: post.id, version: 1 });
    await runPostFollowUps(t.ctx, post.id);
    const stopped = await postRow(t, post.id);
    expect(stopped.thread.map((item) => item.status)).toEqual(['failed', 'pending']);
    expect(stopped.firstCommentStatus).toBe('failed');

    const answer = await retry();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ retried: 2 });
    const waiting = await postRow(t, post.id);
    expect(waiting.thread.map((item) => [item.status, item.error])).toEqual([
      ['pending', null],
      ['pending', null],
    ]);
    expect(waiting).toMatchObject({ firstCommentStatus: 'pending', firstCommentError: null });
    // The follow-ups job is queued again.
    expect((await followUpJobsOf(post.id)).some((job) => job.state === 'created')).toBe(true);
    await runPostFollowUps(t.ctx, post.id);
    const after = await postRow(t, post.id);
    expect(after.thread.map((item) => item.status)).toEqual(['published', 'published']);
    expect(after.firstCommentStatus).toBe('posted');
    // Nothing failed any more; an unknown post is 404; a bad body is 400.
    expect((await retry()).statusCode).toBe(409);
    expect((await api.post(`/api/posts/${crypto.randomUUID()}/follow-ups/retry`, {})).statusCode).toBe(404);
    expect((await retry({ confirm: 'yes' })).statusCode).toBe(400);
  });

  it('"Retry the rest" of a step Kitepost lost track of needs the user to confirm', async () => {
    const m = marker();
    const { post, cookie } = await due({
      postType: 'thread',
      content: `Lost ${m} 1/2`,
      thread: [pending(`Lost ${m} 2/2`)],
    });
    await publishPost(t.ctx, { postId: post.id, version: 1 });
    const stored = await postRow(t, post.id);
    await t.ctx.database.db
      .update(posts)
      .set({ thread: stored.thread.map((item) => ({ ...item, status: 'sending' as const })) })
      .where(eq(posts.id, post.id));
    await runPostFollowUps(t.ctx, post.id);
    expect((await postRow(t, post.id)).thread[0]?.error).toMatch(/lost track/);
    const api = asUser(t.app, cookie);
    const unconfirmed = await api.post(`/api/posts/${post.id}/follow-ups/retry`, {});
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toMatchObject({ code: 'confirmation_required' });
    expect((await postRow(t, post.id)).thread[0]?.status).toBe('failed');
    const confirmed = await api.post(`/api/posts/${post.id}/follow-ups/retry`, { confirm: true });
    expect(confirmed.statusCode).toBe(200);
    await runPostFollowUps(t.ctx, post.id);
    expect((await postRow(t, post.id)).thread[0]?.status).toBe('published');
  });
});
