import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../src/server/integrations/social/social-provider';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { findSocialAccount } from '../../src/server/modules/social-accounts/social-accounts.repository';
import { tokensOf } from '../../src/server/modules/social-accounts/social-accounts.service';
import { attemptsOf, insertScheduledPost, newWorkspace, postRow } from '../factories/publishing';
import { connectX } from '../factories/sandbox';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const HOUR = 60 * 60_000;

/**
 * X's 24-hour caps on creating posts (x-user-limit-24hour-*, x-app-limit-24hour-*): the simulator
 * enforces them with a plain 429 whose 15-minute x-rate-limit-reset is only 15 minutes away, as
 * X does; the adapter must wait for the 24-hour reset, and the publisher must not spend attempts
 * against a cap that lifts after the post's latest time.
 */
describe.each(databaseKinds)("X's daily post caps on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { SANDBOX_X_USER_POSTS_PER_DAY: '2', SANDBOX_X_APP_POSTS_PER_DAY: '5' });
  });
  afterAll(() => t.close());

  async function connectedAccount() {
    const workspace = await newWorkspace(t);
    const { result } = await connectX(t.app, workspace.cookie);
    return { workspaceId: workspace.workspaceId, accountId: result['account-id'] as string };
  }
  async function publishDue(workspaceId: string, accountId: string, content: string, now = new Date()) {
    const post = await insertScheduledPost(t, workspaceId, { socialAccountId: accountId, content });
    const outcome = await publishPost(t.ctx, { postId: post.id, version: 1 }, now);
    return { post, outcome };
  }
  async function x() {
    const provider = t.ctx.socialProviders.twitter;
    if (!provider) throw new Error('no X provider');
    return { ctx: t.ctx, provider };
  }

  it("a spent user cap: a 429 whose reset is X's 24-hour one, and the post fails at once, saying why", async () => {
    const { workspaceId, accountId } = await connectedAccount();
    for (const n of [1, 2]) {
      expect((await publishDue(workspaceId, accountId, `Daily loaf number ${n}.`)).outcome).toBe('published');
    }
    // The adapter reads the daily cap's reset, not the 15-minute window's.
    const { ctx, provider } = await x();
    const row = await findSocialAccount(ctx.database.db, workspaceId, accountId);
    if (!row) throw new Error('no account');
    const refused = await provider
      .publish(tokensOf(ctx, row), {
        account: { externalId: row.externalId, username: row.username },
        text: 'One loaf too many.',
        media: [],
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(RateLimitedError);
    const resetAt = (refused as RateLimitedError).resetAt?.getTime() ?? 0;
    expect(resetAt - Date.now()).toBeGreaterThan(23 * HOUR);
    expect((refused as RateLimitedError).message).toMatch(
      /this account's daily post limit \(2 posts per 24 hours\) is used up until \d{4}-\d{2}-\d{2}T/,
    );

    // The publisher: one attempt, then failed with the reason (the default window is 6 h).
    const start = new Date();
    const { post, outcome } = await publishDue(workspaceId, accountId, 'Third loaf of the day.', start);
    expect(outcome).toBe('failed');
    const after = await postRow(t, post.id);
    expect(after.status).toBe('failed');
    expect(after.failureReason).toMatch(/^Not published: X refused: this account's daily post limit/);
    expect(after.failureReason).toContain('at most 6 h after its scheduled time');
    const attempts = await attemptsOf(t, post.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ outcome: 'failed', errorKind: 'rate_limited' });
  });

  it("a spent app cap (every account's posts count) refuses an account with posts left", async () => {
    // The first test's account used 2 of the app's 5; two more accounts use the rest.
    const second = await connectedAccount();
    for (const n of [1, 2]) {
      expect((await publishDue(second.workspaceId, second.accountId, `Rye ${n} of two.`)).outcome).toBe(
        'published',
      );
    }
    const third = await connectedAccount();
    expect((await publishDue(third.workspaceId, third.accountId, 'Spelt, the fifth post.')).outcome).toBe(
      'published',
    );
    const { post, outcome } = await publishDue(third.workspaceId, third.accountId, 'Spelt, one too many.');
    expect(outcome).toBe('failed');
    expect((await postRow(t, post.id)).failureReason).toMatch(
      /X refused: Kitepost's X app's daily post limit \(5 posts per 24 hours\) is used up until /,
    );
  });

  it('a cap that lifts inside the window is waited for: the post retries at the 24-hour reset', async () => {
    const { workspaceId, accountId } = await connectedAccount();
    // The app's cap is spent (previous test). With a 48 h window, its reset comes before the post's latest time.
    const widened = { ...t.ctx, config: { ...t.ctx.config, publishing: { ...t.ctx.config.publishing } } };
    widened.config.publishing.missedAfterMs = 48 * HOUR;
    const post = await insertScheduledPost(t, workspaceId, {
      socialAccountId: accountId,
      content: 'Wait for it.',
    });
    expect(await publishPost(widened, { postId: post.id, version: 1 }, new Date())).toBe('retrying');
    const waiting = await postRow(t, post.id);
    expect((waiting.nextAttemptAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(23 * HOUR);
  });
});
