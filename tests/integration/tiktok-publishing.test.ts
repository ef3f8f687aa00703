import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPosts } from '../../src/server/db/schema';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { uploadImage } from '../factories/media';
import { asUser } from '../factories/posts';
import { newWorkspace, postRow } from '../factories/publishing';
import { connectThroughSimulator, connectX } from '../factories/sandbox';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/**
 * TikTok through the app (issue 28): the composer's creator info for the caller's TikTok account
 * only, and a photo post scheduled and published by the engine through the real adapter and the
 * simulator, which pulls the photos from the app's own (verified) media links. The app is
 * unaudited (TIKTOK_APP_AUDITED unset): only "Only me" goes out.
 */
describe.each(databaseKinds)('TikTok through the app on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function connectTikTok(cookie: string) {
    const { result } = await connectThroughSimulator(t.app, cookie, 'tiktok', {
      fields: { account: '__new__', username: `maple_${Date.now().toString(36)}`, decision: 'authorize' },
      checkAuthorize: (url) => {
        expect(url.searchParams.get('client_key')).toBeTruthy();
        expect(url.searchParams.has('code_challenge')).toBe(false);
      },
    });
    expect(result).toMatchObject({ type: 'OAUTH_SUCCESS', platform: 'tiktok' });
    return result['account-id'] as string;
  }

  it('tells the composer what the creator may post, for the caller’s TikTok account only', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const accountId = await connectTikTok(workspace.cookie);
    const creator = await user.get(`/api/user/social-accounts/${accountId}/tiktok-creator`);
    expect(creator.statusCode).toBe(200);
    expect(creator.json()).toMatchObject({
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      appAudited: false,
      canDirectPost: true,
      maxVideoPostDurationSec: 180,
    });
    const x = await connectX(t.app, workspace.cookie);
    const notTikTok = await user.get(`/api/user/social-accounts/${x.result['account-id']}/tiktok-creator`);
    expect(notTikTok.statusCode).toBe(400);
    expect(notTikTok.json().error.message).toBe('Only a TikTok account has creator info.');
    const other = await newWorkspace(t);
    expect(
      (await asUser(t.app, other.cookie).get(`/api/user/social-accounts/${accountId}/tiktok-creator`))
        .statusCode,
    ).toBe(404);
    expect((await user.get('/api/user/social-accounts/nope/tiktok-creator')).statusCode).toBe(400);
  });

  it('refuses bad TikTok options with a 400, then publishes a photo post pulled from the app’s links', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const accountId = await connectTikTok(workspace.cookie);
    const image = await uploadImage(t.app, workspace.cookie, 'jpeg', { width: 1080, height: 1350 });
    const compose = (tiktok: Record<string, unknown>) =>
      user.post('/api/posts/compose', {
        content: 'Fresh croissants this morning',
        title: 'Morning bake',
        media: [{ id: image.id }],
        platformOptions: { tiktok },
        targets: [{ platform: 'tiktok', socialAccountId: accountId, postType: 'carousel' }],
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
    const branded = await compose({ privacyLevel: 'SELF_ONLY', brandedContent: true });
    expect(branded.statusCode).toBe(400);
    expect(JSON.stringify(branded.json())).toContain('Branded content cannot be private');
    expect((await compose({ privacyLevel: 'EVERYONE' })).statusCode).toBe(400);

    const scheduled = await compose({ privacyLevel: 'SELF_ONLY', autoAddMusic: true });
    expect(scheduled.statusCode).toBe(201);
    const post = scheduled.json().posts[0];
    const stored = await postRow(t, post.id);
    const at = new Date((stored.scheduledAt as Date).getTime() + 1000);
    expect(await publishPost(t.ctx, { postId: post.id, version: stored.publishVersion }, at)).toBe(
      'published',
    );
    const row = await postRow(t, post.id);
    expect(row.externalUrl).toContain(`/sandbox/tiktok/@maple_`);
    expect(row.externalUrl).toContain(`/photo/${row.externalId}`);
    const [published] = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(and(eq(sandboxPosts.platform, 'tiktok'), eq(sandboxPosts.externalId, row.externalId as string)));
    expect(published?.text).toBe('Fresh croissants this morning');
    expect(published?.media).toHaveLength(1);
  });
});
