import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, sandboxPosts, socialAccounts } from '../../src/server/db/schema';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { uploadImage } from '../factories/media';
import { asUser } from '../factories/posts';
import { newWorkspace, postRow } from '../factories/publishing';
import { connectThroughSimulator, connectX } from '../factories/sandbox';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/**
 * Pinterest through the app: boards read and made for the composer, a Pin scheduled with its
 * board, title, link and alt text, and published by the engine through the real adapter and the
 * simulator (which downloads the image from the app's media link).
 */
describe.each(databaseKinds)('Pinterest boards and Pins through the app on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function connectPinterest(cookie: string) {
    const { result } = await connectThroughSimulator(t.app, cookie, 'pinterest', {
      fields: { account: '__new__', username: `maple_${Date.now().toString(36)}`, decision: 'authorize' },
      checkAuthorize: (url) => expect(url.searchParams.get('scope')).toContain('boards:write'),
    });
    expect(result).toMatchObject({ type: 'OAUTH_SUCCESS', platform: 'pinterest' });
    return result['account-id'] as string;
  }

  it('lists and makes boards for the caller’s Pinterest account only, with clear refusals', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const accountId = await connectPinterest(workspace.cookie);
    const boards = `/api/user/social-accounts/${accountId}/boards`;

    expect((await user.get(boards)).json()).toEqual({ boards: [] });
    const made = await user.post(boards, { name: ' Winter baking ' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Winter baking', privacy: 'PUBLIC', description: null });
    expect((await user.get(boards)).json().boards).toHaveLength(1);

    const again = await user.post(boards, { name: 'winter baking' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/already have a board/);
    expect((await user.post(boards, { name: '' })).statusCode).toBe(400);
    expect((await user.post(boards, { name: 'x', color: 'red' })).statusCode).toBe(400);

    const x = await connectX(t.app, workspace.cookie);
    const notPinterest = await user.get(`/api/user/social-accounts/${x.result['account-id']}/boards`);
    expect(notPinterest.statusCode).toBe(400);
    expect(notPinterest.json().error.message).toBe('Only a Pinterest account has boards.');

    // Another workspace's account is not found.
    const other = await newWorkspace(t);
    expect((await asUser(t.app, other.cookie).get(boards)).statusCode).toBe(404);
    expect((await user.get('/api/user/social-accounts/not-a-uuid/boards')).statusCode).toBe(400);
  });

  it('refuses a Pin without a board before scheduling, then publishes one with its board', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const accountId = await connectPinterest(workspace.cookie);
    const board = (
      await user.post(`/api/user/social-accounts/${accountId}/boards`, { name: 'Tarts' })
    ).json();
    const image = await uploadImage(t.app, workspace.cookie, 'jpeg', { width: 1000, height: 1500 });
    const compose = (platformOptions: Record<string, string>) =>
      user.post('/api/posts/compose', {
        content: 'Rhubarb and custard tart, the recipe.',
        title: 'Rhubarb tart',
        media: [{ id: image.id, altText: 'A rhubarb tart on a blue plate' }],
        platformOptions,
        targets: [{ platform: 'pinterest', socialAccountId: accountId }],
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      });

    const refused = await compose({});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Choose a board for this Pin.');
    const withoutImage = await user.post('/api/posts/compose', {
      content: 'Words only',
      platformOptions: { boardId: board.id },
      targets: [{ platform: 'pinterest', socialAccountId: accountId }],
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(withoutImage.statusCode).toBe(400);

    const scheduled = await compose({ boardId: board.id, link: 'https://bakery.example/tart' });
    expect(scheduled.statusCode).toBe(201);
    const post = scheduled.json().posts[0];
    expect(post.platformOptions).toEqual({ boardId: board.id, link: 'https://bakery.example/tart' });

    const stored = await postRow(t, post.id);
    const at = new Date((stored.scheduledAt as Date).getTime() + 1000);
    expect(await publishPost(t.ctx, { postId: post.id, version: stored.publishVersion }, at)).toBe(
      'published',
    );
    const row = await postRow(t, post.id);
    expect(row.status).toBe('published');
    expect(row.externalUrl).toContain(`/sandbox/pinterest/pin/${row.externalId}/`);
    const [pin] = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(
        and(eq(sandboxPosts.platform, 'pinterest'), eq(sandboxPosts.externalId, row.externalId as string)),
      );
    expect(pin?.text).toBe('Rhubarb and custard tart, the recipe.');
    expect(pin?.media[0]).toMatchObject({
      boardId: board.id,
      title: 'Rhubarb tart',
      link: 'https://bakery.example/tart',
      altText: 'A rhubarb tart on a blue plate',
    });
  });

  it('finds the Pin on its board after an answer lost behind a created Pin (reconciled, not sent twice)', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const accountId = await connectPinterest(workspace.cookie);
    const board = (await user.post(`/api/user/social-accounts/${accountId}/boards`, { name: 'Pies' })).json();
    const image = await uploadImage(t.app, workspace.cookie, 'jpeg', { width: 1000, height: 1500 });
    const scheduled = await user.post('/api/posts/compose', {
      content: 'Apple pie with a lattice top',
      media: [{ id: image.id }],
      platformOptions: { boardId: board.id },
      targets: [{ platform: 'pinterest', socialAccountId: accountId }],
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(scheduled.statusCode).toBe(201);
    const post = scheduled.json().posts[0];
    const [connected] = await t.ctx.database.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.id, accountId));
    const armed = await t.app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      headers: { cookie: workspace.cookie },
      payload: {
        platform: 'pinterest',
        account: connected?.externalId,
        fault: 'error-after-create',
        on: 'publish',
        times: 1,
      },
    });
    expect(armed.statusCode).toBe(201);

    // Due now: the reconciliation looks for Pins created since the attempt, by the platform's clock.
    await t.ctx.database.db
      .update(posts)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, post.id));
    const stored = await postRow(t, post.id);
    expect(await publishPost(t.ctx, { postId: post.id, version: stored.publishVersion })).toBe('reconciled');
    const row = await postRow(t, post.id);
    expect(row.status).toBe('published');
    const pins = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(
        and(eq(sandboxPosts.platform, 'pinterest'), eq(sandboxPosts.text, 'Apple pie with a lattice top')),
      );
    expect(pins.map((pin) => pin.externalId)).toEqual([row.externalId]);
  });
});
