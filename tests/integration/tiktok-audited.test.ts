import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { uploadImage } from '../factories/media';
import { asUser } from '../factories/posts';
import { newWorkspace, postRow } from '../factories/publishing';
import { connectThroughSimulator } from '../factories/sandbox';
import { buildTestApp, type TestApp } from '../setup/app';

/**
 * TIKTOK_APP_AUDITED=true (issue 28): the composer is told the app is audited, and a post to
 * everyone goes out (the adapter and the pretend TikTok both read the flag). On PGlite only: the
 * flag is about the app, not the database.
 */
describe('TikTok with an audited app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { TIKTOK_APP_AUDITED: 'true' });
  });
  afterAll(() => t.close());

  it('publishes a photo post to everyone', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const { result } = await connectThroughSimulator(t.app, workspace.cookie, 'tiktok', {
      fields: { account: '__new__', username: `open_${Date.now().toString(36)}`, decision: 'authorize' },
    });
    const accountId = result['account-id'] as string;
    const creator = (await user.get(`/api/user/social-accounts/${accountId}/tiktok-creator`)).json();
    expect(creator).toMatchObject({ appAudited: true });

    const image = await uploadImage(t.app, workspace.cookie, 'jpeg', { width: 1080, height: 1350 });
    const scheduled = await user.post('/api/posts/compose', {
      content: 'Open to everyone: our new menu',
      media: [{ id: image.id }],
      platformOptions: {
        tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE', allowComments: true, brandOrganic: true },
      },
      targets: [{ platform: 'tiktok', socialAccountId: accountId, postType: 'carousel' }],
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(scheduled.statusCode).toBe(201);
    const post = scheduled.json().posts[0];
    const stored = await postRow(t, post.id);
    const at = new Date((stored.scheduledAt as Date).getTime() + 1000);
    expect(await publishPost(t.ctx, { postId: post.id, version: stored.publishVersion }, at)).toBe(
      'published',
    );
    expect((await postRow(t, post.id)).externalUrl).toMatch(/\/sandbox\/tiktok\/@open_\w+\/photo\/\d+$/);
  });
});
