import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPosts, socialAccounts } from '../../src/server/db/schema';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { tokensOf } from '../../src/server/modules/social-accounts';
import { attemptsOf, insertScheduledPost, newWorkspace, postRow } from '../factories/publishing';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';

/**
 * The engine through the Bluesky adapter and the pretend PDS, faults armed on the account as the
 * worker meets them: a publish, a session refreshed on the way, a lost answer reconciled, a
 * revoked session that asks the user to reconnect.
 */
describe('publishing to the Bluesky simulator', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  async function connectedPost(content: string) {
    const workspace = await newWorkspace(t);
    cookie = workspace.cookie;
    const handle = `pub-${Math.random().toString(36).slice(2, 8)}.bsky.social`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bluesky/settings/app-passwords',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
      payload: new URLSearchParams({ handle }).toString(),
    });
    const password = /<code id="app-password">([^<]+)<\/code>/.exec(made.body)?.[1] ?? '';
    const connected = await t.app.inject({
      method: 'POST',
      url: '/api/user/social-accounts/password',
      headers: { cookie, origin: TEST_APP_URL },
      payload: { platform: 'bluesky', identifier: handle, password },
    });
    expect(connected.statusCode).toBe(200);
    const accountId = connected.json().id as string;
    const post = await insertScheduledPost(t, workspace.workspaceId, {
      platform: 'bluesky',
      socialAccountId: accountId,
      content,
    });
    return { accountId, handle, post };
  }
  const arm = async (handle: string, fault: string) => {
    const armed = await t.app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      headers: { cookie },
      payload: { platform: 'bluesky', account: handle, fault, on: 'publish', times: 1 },
    });
    expect(armed.statusCode).toBe(201);
  };
  const onPlatform = (text: string) =>
    t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(and(eq(sandboxPosts.platform, 'bluesky'), eq(sandboxPosts.text, text)));
  const accountRow = async (id: string) =>
    (await t.ctx.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, id)))[0];

  it('publishes, refreshing an expired session first (the connection kept)', async () => {
    const { post, handle, accountId } = await connectedPost('Rye and caraway, out at 8 #bakery');
    const before = await accountRow(accountId);
    await t.ctx.database.db
      .update(socialAccounts)
      .set({ tokenExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(socialAccounts.id, accountId));
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('published');
    const after = await postRow(t, post.id);
    const [created] = await onPlatform(post.content);
    expect(after.externalId).toBe(created?.externalId);
    expect(after.externalUrl).toContain(`/sandbox/bluesky/profile/${handle}/post/`);
    const refreshed = await accountRow(accountId);
    expect(refreshed?.accessTokenEncrypted).not.toBe(before?.accessTokenEncrypted);
    const tokens = tokensOf(t.ctx, refreshed as NonNullable<typeof refreshed>);
    expect(tokens.connection).toMatchObject({ handle, method: 'app-password' });
  });

  it('a lost answer: the post is found in the repo and published once as reconciled', async () => {
    const { post, handle } = await connectedPost('Reconciled rye, unknown outcome.');
    await arm(handle, 'unknown-outcome');
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('reconciled');
    const created = await onPlatform(post.content);
    expect(created).toHaveLength(1);
    expect(await postRow(t, post.id)).toMatchObject({
      status: 'published',
      externalId: created[0]?.externalId,
    });
    expect((await attemptsOf(t, post.id))[0]).toMatchObject({
      outcome: 'reconciled',
      errorKind: 'unknown_outcome',
    });
  });

  it('a revoked session: the post fails and the account needs reconnecting', async () => {
    const { post, handle, accountId } = await connectedPost('Revoked rye.');
    await arm(handle, 'revoked-token');
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('failed');
    expect((await accountRow(accountId))?.status).toBe('needs_reauth');
    expect(await onPlatform(post.content)).toHaveLength(0);
  });
});
