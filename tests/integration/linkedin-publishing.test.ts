import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPosts, socialAccounts } from '../../src/server/db/schema';
import { DEFAULT_LINKEDIN_API_VERSION } from '../../src/server/integrations/social/linkedin/api-version';
import { runPostFollowUps } from '../../src/server/modules/publishing';
import { BACKOFF_BASE_MS } from '../../src/server/modules/publishing/publish-rules';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { asUser } from '../factories/posts';
import { attemptsOf, insertScheduledPost, newWorkspace, postRow } from '../factories/publishing';
import { connectThroughSimulator } from '../factories/sandbox';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const MIN = 60_000;

/**
 * The publishing engine through the real LinkedIn adapter and the LinkedIn simulator, with the
 * simulator's faults armed on the member as a worker meets them.
 */
describe.each(databaseKinds)('publishing to the LinkedIn simulator on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('reports the default LinkedIn-Version as current in /api/health', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(body.checks.linkedinApiVersion).toEqual({ status: 'ok', version: DEFAULT_LINKEDIN_API_VERSION });
  });

  it('refuses to schedule a LinkedIn post longer than 3000 as LinkedIn counts it (escapes included)', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const compose = (content: string) =>
      user.post('/api/posts/compose', {
        content,
        targets: [{ platform: 'linkedin', socialAccountId: null }],
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
    // 1500 parentheses reach LinkedIn as 3000 characters: the most it takes.
    expect((await compose('('.repeat(1500))).statusCode).toBe(201);
    const refused = await compose(')'.repeat(1501));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'This post has 3002 characters as LinkedIn counts them (symbols such as ( ) * _ @ count 2); LinkedIn allows 3000. Shorten it before scheduling.',
    );
  });

  it('429: retries with the backoff inside the missed window, not at midnight UTC, then publishes', async () => {
    const workspace = await newWorkspace(t);
    const username = `baker-${Date.now().toString(36)}`;
    const { result } = await connectThroughSimulator(t.app, workspace.cookie, 'linkedin', {
      fields: { account: '__new__', username, decision: 'authorize' },
    });
    const accountId = result['account-id'] as string;
    const [account] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, accountId));
    const post = await insertScheduledPost(t, workspace.workspaceId, {
      platform: 'linkedin',
      socialAccountId: accountId,
      content: 'Rye loaves are back on Friday.',
    });
    const armed = await t.app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      headers: { cookie: workspace.cookie },
      payload: {
        platform: 'linkedin',
        account: account?.externalId,
        fault: 'rate-limit',
        on: 'publish',
        times: 1,
      },
    });
    expect(armed.statusCode).toBe(201);

    const start = new Date();
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 }, start)).toBe('retrying');
    const waiting = await postRow(t, post.id);
    const wait = (waiting.nextAttemptAt?.getTime() ?? 0) - start.getTime();
    // The first backoff (30 s), whatever the time of day: LinkedIn's 429 names no reset.
    expect(wait).toBeGreaterThanOrEqual(BACKOFF_BASE_MS);
    expect(wait).toBeLessThan(2 * MIN);
    expect((await attemptsOf(t, post.id))[0]).toMatchObject({
      outcome: 'retrying',
      errorKind: 'rate_limited',
    });
    expect(await publishPost(t.ctx, { postId: post.id, version: 2 }, waiting.nextAttemptAt as Date)).toBe(
      'published',
    );
  });

  it('posts the first comment under the published post through the Comments API, with its link', async () => {
    const workspace = await newWorkspace(t);
    const { result } = await connectThroughSimulator(t.app, workspace.cookie, 'linkedin', {
      fields: { account: '__new__', username: `cafe-${Date.now().toString(36)}`, decision: 'authorize' },
    });
    const post = await insertScheduledPost(t, workspace.workspaceId, {
      platform: 'linkedin',
      socialAccountId: result['account-id'] as string,
      content: 'Our winter menu is out (link in the first comment).',
      firstComment: 'The menu: https://cafe.example/winter (#menu)',
    });
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('published');
    await runPostFollowUps(t.ctx, post.id);
    const after = await postRow(t, post.id);
    expect(after).toMatchObject({
      status: 'published',
      firstCommentStatus: 'posted',
      firstCommentError: null,
    });
    expect(after.firstCommentUrl).toContain(`/sandbox/linkedin/feed/update/${after.externalId}?commentUrn=`);
    // Sent as written (decision 063), under the post the pipeline recorded.
    const [comment] = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(eq(sandboxPosts.text, 'The menu: https://cafe.example/winter (#menu)'));
    expect(comment?.externalId).toMatch(new RegExp(`^urn:li:comment:\\(${after.externalId},\\d+\\)$`));
    expect(after.firstCommentUrl).toContain(encodeURIComponent(comment?.externalId ?? '-'));
    expect(comment?.text).toBe('The menu: https://cafe.example/winter (#menu)');
  });
});
