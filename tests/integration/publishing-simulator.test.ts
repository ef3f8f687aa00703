import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishingMessages } from '../../src/contracts/publishing';
import { sandboxPosts, socialAccounts } from '../../src/server/db/schema';
import { claimPost } from '../../src/server/modules/publishing/publish-claims.repository';
import { BACKOFF_BASE_MS } from '../../src/server/modules/publishing/publish-rules';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { sweepPublishing } from '../../src/server/modules/publishing/publishing-sweeper';
import { tokensOf } from '../../src/server/modules/social-accounts/social-accounts.service';
import { attemptsOf, insertScheduledPost, newWorkspace, postRow } from '../factories/publishing';
import { connectX } from '../factories/sandbox';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const MIN = 60_000;

/**
 * The engine through the real X adapter and the platform simulator (decision 013), with the
 * simulator's faults armed on the account as a worker meets them (no test headers).
 */
describe.each(databaseKinds)('publishing to the X simulator on %s', (kind) => {
  let t: TestApp;
  /** The session of the workspace of the last post made: faults are armed by its member. */
  let session = '';
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function connectedPost(content: string) {
    const workspace = await newWorkspace(t);
    session = workspace.cookie;
    const { result, username } = await connectX(t.app, workspace.cookie);
    const accountId = result['account-id'] as string;
    const post = await insertScheduledPost(t, workspace.workspaceId, { socialAccountId: accountId, content });
    return { ...workspace, accountId, username, post };
  }
  async function arm(username: string, fault: string, times = 1) {
    const armed = await t.app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      headers: { cookie: session },
      payload: { platform: 'twitter', account: username, fault, on: 'publish', times },
    });
    expect(armed.statusCode).toBe(201);
  }
  const onPlatform = (text: string) =>
    t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(and(eq(sandboxPosts.platform, 'twitter'), eq(sandboxPosts.text, text)));

  it('publishes a due post to X: the post page exists and the account counts it', async () => {
    const { post, username, accountId } = await connectedPost('Sourdough starter workshop on Saturday.');
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('published');
    const after = await postRow(t, post.id);
    const [created] = await onPlatform(post.content);
    expect(after.externalId).toBe(created?.externalId);
    expect(after.externalUrl).toBe(
      `${TEST_APP_URL}/sandbox/twitter/${username}/status/${created?.externalId}`,
    );
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(after.externalUrl ?? '').pathname,
      headers: { cookie: session },
    });
    expect(page.statusCode).toBe(200);
    const [account] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, accountId));
    expect(account?.postsCount).toBe(1);
  });

  it('429: waits until the rate limit resets, then publishes once', async () => {
    const { post, username } = await connectedPost('Rate limited rye.');
    await arm(username, 'rate-limit');
    const start = new Date();
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 }, start)).toBe('retrying');
    const waiting = await postRow(t, post.id);
    const wait = (waiting.nextAttemptAt?.getTime() ?? 0) - start.getTime();
    expect(wait).toBeGreaterThan(14 * MIN);
    expect(wait).toBeLessThan(16 * MIN);
    expect((await attemptsOf(t, post.id))[0]).toMatchObject({
      outcome: 'retrying',
      errorKind: 'rate_limited',
    });
    expect(await publishPost(t.ctx, { postId: post.id, version: 2 }, waiting.nextAttemptAt as Date)).toBe(
      'published',
    );
    expect(await onPlatform(post.content)).toHaveLength(1);
  });

  it('503 before anything happened: retried after a backoff', async () => {
    const { post, username } = await connectedPost('Server error spelt.');
    await arm(username, 'server-error');
    const start = new Date();
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 }, start)).toBe('retrying');
    const waiting = await postRow(t, post.id);
    expect((waiting.nextAttemptAt?.getTime() ?? 0) - start.getTime()).toBeGreaterThanOrEqual(BACKOFF_BASE_MS);
    expect((await attemptsOf(t, post.id))[0]).toMatchObject({
      outcome: 'retrying',
      errorKind: 'server_error',
    });
    expect(await onPlatform(post.content)).toHaveLength(0);
  });

  it('500 that did nothing: the outcome is unknown, the timeline shows no post, so it is retried', async () => {
    const { post, username } = await connectedPost('Internal error baguette.');
    await arm(username, 'internal-error');
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('retrying');
    expect((await attemptsOf(t, post.id))[0]).toMatchObject({
      outcome: 'retrying',
      errorKind: 'unknown_outcome',
    });
    const waiting = await postRow(t, post.id);
    expect(await publishPost(t.ctx, { postId: post.id, version: 2 }, waiting.nextAttemptAt as Date)).toBe(
      'published',
    );
    expect(await onPlatform(post.content)).toHaveLength(1);
  });

  for (const fault of ['error-after-create', 'unknown-outcome'] as const) {
    it(`${fault}: created but unanswered, found on the timeline, published once as reconciled`, async () => {
      const { post, username } = await connectedPost(`Reconciled croissant (${fault}).`);
      await arm(username, fault);
      expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('reconciled');
      const after = await postRow(t, post.id);
      const created = await onPlatform(post.content);
      expect(created).toHaveLength(1);
      expect(after).toMatchObject({ status: 'published', externalId: created[0]?.externalId });
      expect((await attemptsOf(t, post.id))[0]).toMatchObject({
        outcome: 'reconciled',
        errorKind: 'unknown_outcome',
      });
    });
  }

  it('a revoked token: the post fails, the account needs reconnecting', async () => {
    const { post, username, accountId } = await connectedPost('Revoked brioche.');
    await arm(username, 'revoked-token');
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('failed');
    expect((await postRow(t, post.id)).failureReason).toBe(publishingMessages.needsReauth('X (Twitter)'));
    const [account] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, accountId));
    expect(account?.status).toBe('needs_reauth');
    expect(await onPlatform(post.content)).toHaveLength(0);
  });

  it('a worker killed mid-publish: the sweeper finds the post on X, or sends it once when X has none', async () => {
    const reached = await connectedPost('Killed worker focaccia, reached.');
    const missing = await connectedPost('Killed worker focaccia, never sent.');
    const now = new Date();
    for (const { post } of [reached, missing]) {
      await claimPost(t.ctx.database.db, {
        postId: post.id,
        version: 1,
        now,
        leaseUntil: new Date(now.getTime() + t.config.publishing.leaseMs),
        earliestDue: new Date(now.getTime() - MIN),
        latestDue: now,
        worker: 'dead-worker:1',
      });
    }
    // The first worker's request reached X before it died.
    const [row] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, reached.accountId));
    if (!row) throw new Error('no account');
    await t.ctx.socialProviders.twitter?.publish(tokensOf(t.ctx, row), {
      account: { externalId: row.externalId, username: row.username },
      text: reached.post.content,
      media: [],
    });

    const afterLease = new Date(now.getTime() + t.config.publishing.leaseMs + 1000);
    await sweepPublishing(t.ctx, afterLease);
    expect(await postRow(t, reached.post.id)).toMatchObject({ status: 'published' });
    expect((await attemptsOf(t, reached.post.id))[0]).toMatchObject({
      outcome: 'reconciled',
      errorKind: 'worker_lost',
    });
    const back = await postRow(t, missing.post.id);
    expect(back.status).toBe('scheduled');
    expect(await publishPost(t.ctx, { postId: back.id, version: back.publishVersion }, afterLease)).toBe(
      'published',
    );

    expect(await onPlatform(reached.post.content)).toHaveLength(1);
    expect(await onPlatform(missing.post.content)).toHaveLength(1);
  });
});
