import { setTimeout as delay } from 'node:timers/promises';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, sandboxAccounts, sandboxGrants, socialAccounts } from '../../src/server/db/schema';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { tokensOf } from '../../src/server/modules/social-accounts/social-accounts.service';
import {
  refreshAccountTokens,
  runTokenLifecycle,
} from '../../src/server/modules/social-accounts/token-lifecycle.service';
import { asUser } from '../factories/posts';
import { insertScheduledPost } from '../factories/publishing';
import { connectX } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const MIN = 60 * 1000;
const DAY = 24 * 60 * MIN;

describe.each(databaseKinds)('the social token job on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function connected() {
    const { cookie } = await signUp(t.app);
    const { result } = await connectX(t.app, cookie);
    const id = result['account-id'] as string;
    return { cookie, id };
  }
  const rowOf = async (id: string) => {
    const [row] = await t.ctx.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
    if (!row) throw new Error('no account');
    return row;
  };
  /** Makes the stored token look `age` old with `left` to live. */
  const age = (id: string, age: number, left: number) =>
    t.ctx.database.db
      .update(socialAccounts)
      .set({ updatedAt: new Date(Date.now() - age), tokenExpiresAt: new Date(Date.now() + left) })
      .where(eq(socialAccounts.id, id));
  /** The app as another process sees it, whose X adapter is `twitter`. */
  const withX = (twitter: TestApp['ctx']['socialProviders']['twitter']) => ({
    ...t.ctx,
    socialProviders: { ...t.ctx.socialProviders, twitter },
  });
  const feedOf = async (workspaceId: string) =>
    t.ctx.database.db
      .select()
      .from(activity)
      .where(eq(activity.workspaceId, workspaceId))
      .orderBy(desc(activity.createdAt));

  it('refreshes a token in its last quarter, through the real X adapter and the simulator', async () => {
    const { id } = await connected();
    const before = await rowOf(id);
    await age(id, 100 * MIN, 20 * MIN);
    const report = await runTokenLifecycle(t.ctx);
    expect(report.refreshed).toBeGreaterThanOrEqual(1);
    const after = await rowOf(id);
    expect(after.status).toBe('connected');
    expect(t.ctx.tokenCipher.decrypt(after.accessTokenEncrypted)).not.toBe(
      t.ctx.tokenCipher.decrypt(before.accessTokenEncrypted),
    );
    expect(after.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 100 * MIN);
  });

  it('marks an account whose refresh is refused as needing the user, and says so in the feed', async () => {
    const { cookie, id } = await connected();
    // The platform withdraws this account's grant (as when the user removes the app on X).
    const [pretend] = await t.ctx.database.db
      .select()
      .from(sandboxAccounts)
      .where(
        and(
          eq(sandboxAccounts.platform, 'twitter'),
          eq(sandboxAccounts.username, (await rowOf(id)).username),
        ),
      );
    await t.ctx.database.db
      .update(sandboxGrants)
      .set({ revokedAt: new Date() })
      .where(and(eq(sandboxGrants.accountId, pretend?.id ?? ''), isNull(sandboxGrants.revokedAt)));
    await age(id, 110 * MIN, 10 * MIN);
    await runTokenLifecycle(t.ctx);
    const [account] = (await asUser(t.app, cookie).get('/api/user/social-accounts')).json();
    expect(account).toMatchObject({
      status: 'needs_reauth',
      statusReason: "X (Twitter) no longer accepts Kitepost's access.",
    });
    const feed = await feedOf((await rowOf(id)).workspaceId);
    expect(feed[0]?.kind).toBe('account.needs_reauth');
    // Reconnecting brings it back.
    const again = await connectX(t.app, cookie, account.username);
    expect(again.result['account-id']).toBe(id);
    expect((await rowOf(id)).status).toBe('connected');
  });

  it('does not mark the account when another process refreshed first (X refuses a used refresh token)', async () => {
    const { id } = await connected();
    await age(id, 100 * MIN, 20 * MIN);
    const real = t.ctx.socialProviders.twitter;
    if (!real) throw new Error('no X provider');
    // The publisher refreshes the same account between the job's read and the job's refresh: the
    // refresh token the job holds is spent, and X answers the job's refresh with invalid_request.
    const racing = Object.create(real) as typeof real;
    racing.refreshTokens = async (tokens) => {
      await refreshAccountTokens(t.ctx, await rowOf(id), real);
      return real.refreshTokens(tokens);
    };
    const report = await runTokenLifecycle(withX(racing));
    expect(report).toMatchObject({ needsReauth: 0, refreshed: 1 });
    expect(await rowOf(id)).toMatchObject({ status: 'connected', statusReason: null });
    expect((await feedOf((await rowOf(id)).workspaceId)).map((entry) => entry.kind)).not.toContain(
      'account.needs_reauth',
    );
  });

  it("two refreshes at once (two processes): the one X refuses waits for the winner's tokens, never needs_reauth", async () => {
    const { id } = await connected();
    await age(id, 100 * MIN, 20 * MIN);
    const real = t.ctx.socialProviders.twitter;
    if (!real) throw new Error('no X provider');
    // Process A's refresh reaches X first: X rotates the refresh token, and its answer is still on
    // its way back (network latency) when process B sends the same, now spent, refresh token.
    let rotated!: () => void;
    const rotatedAtX = new Promise<void>((resolve) => {
      rotated = resolve;
    });
    const slowAnswer = Object.create(real) as typeof real;
    slowAnswer.refreshTokens = async (tokens) => {
      const fresh = await real.refreshTokens(tokens);
      rotated();
      await delay(400);
      return fresh;
    };
    const processA = runTokenLifecycle(withX(slowAnswer));
    await rotatedAtX;
    const processB = runTokenLifecycle(withX(real));
    const [a, b] = await Promise.all([processA, processB]);
    expect(a).toMatchObject({ needsReauth: 0, failed: 0 });
    expect(b).toMatchObject({ needsReauth: 0, failed: 0 });
    const after = await rowOf(id);
    expect(after).toMatchObject({ status: 'connected', statusReason: null });
    expect(after.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 100 * MIN);
    expect((await feedOf(after.workspaceId)).map((entry) => entry.kind)).not.toContain(
      'account.needs_reauth',
    );
    // The stored tokens are the winner's, and they work at X.
    expect(await real.listAccounts(tokensOf(t.ctx, after))).toHaveLength(1);
  });

  it("the token job and the publisher refresh at once: the publisher adopts the job's tokens and publishes", async () => {
    const { id } = await connected();
    const row = await rowOf(id);
    await age(id, 118 * MIN, 2 * MIN);
    const post = await insertScheduledPost(t, row.workspaceId, {
      socialAccountId: id,
      content: 'Raced rye.',
    });
    const real = t.ctx.socialProviders.twitter;
    if (!real) throw new Error('no X provider');
    // The token job (another process) gets its refresh to X first; X's answer is slow to come back.
    let rotated!: () => void;
    const rotatedAtX = new Promise<void>((resolve) => {
      rotated = resolve;
    });
    const slowAnswer = Object.create(real) as typeof real;
    slowAnswer.refreshTokens = async (tokens) => {
      const fresh = await real.refreshTokens(tokens);
      rotated();
      await delay(400);
      return fresh;
    };
    const job = runTokenLifecycle(withX(slowAnswer));
    await rotatedAtX;
    // The publisher's refresh of the same, now spent, refresh token is refused by X.
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('published');
    expect(await job).toMatchObject({ needsReauth: 0, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'connected', statusReason: null });
  });

  it('warns once, 7 days before a token that cannot be refreshed expires, then needs the user', async () => {
    const { id } = await connected();
    await t.ctx.database.db
      .update(socialAccounts)
      .set({ refreshTokenEncrypted: null })
      .where(eq(socialAccounts.id, id));
    await age(id, 50 * DAY, 6 * DAY);
    await runTokenLifecycle(t.ctx);
    await runTokenLifecycle(t.ctx);
    const workspaceId = (await rowOf(id)).workspaceId;
    const warnings = (await feedOf(workspaceId)).filter((entry) => entry.kind === 'account.expiring');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.summary).toMatch(/stops working on \d{4}-\d{2}-\d{2}: reconnect it before then\./);
    expect((await rowOf(id)).status).toBe('connected');

    await age(id, 60 * DAY, -MIN);
    await runTokenLifecycle(t.ctx);
    expect(await rowOf(id)).toMatchObject({ status: 'needs_reauth' });
    expect((await rowOf(id)).statusReason).toMatch(/^Access expired on /);
  });
});
