import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPosts } from '../../src/server/db/schema';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { uploadFile, uploadImage } from '../factories/media';
import { asUser } from '../factories/posts';
import { newWorkspace, postRow } from '../factories/publishing';
import { connectThroughSimulator, connectX } from '../factories/sandbox';
import { readFixture } from '../factories/video';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/**
 * YouTube through the app: the quota shown to composers, the publish checks (title, made for
 * kids, the thumbnail's owner), and a Short uploaded by the engine through the real adapter and
 * the simulator, with its custom thumbnail.
 */
describe.each(databaseKinds)('YouTube through the app on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function connectYouTube(cookie: string) {
    const { result } = await connectThroughSimulator(t.app, cookie, 'youtube', {
      fields: { account: '__new__', username: `bakery_${Date.now().toString(36)}`, decision: 'authorize' },
      checkAuthorize: (url) => {
        expect(url.searchParams.get('access_type')).toBe('offline');
        expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      },
    });
    expect(result).toMatchObject({ type: 'OAUTH_SUCCESS', platform: 'youtube' });
    return result['account-id'] as string;
  }

  it("shows what today's quota allows, for YouTube accounts of the caller's workspace only", async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const accountId = await connectYouTube(workspace.cookie);
    const answer = await user.get(`/api/user/social-accounts/${accountId}/quota`);
    expect(answer.statusCode, answer.body).toBe(200);
    const quota = answer.json();
    expect(quota.unitsLimit).toBe(10_000);
    expect(quota.unitsUsed).toBeGreaterThan(0); // the connect read the channel
    expect(quota.uploadsLeft).toBe(Math.floor((10_000 - quota.unitsUsed) / 1_610));
    expect(Date.parse(quota.resetsAt)).toBeGreaterThan(Date.now());

    const x = await connectX(t.app, workspace.cookie);
    const notYouTube = await user.get(`/api/user/social-accounts/${x.result['account-id']}/quota`);
    expect(notYouTube.statusCode).toBe(400);
    const other = await newWorkspace(t);
    expect(
      (await asUser(t.app, other.cookie).get(`/api/user/social-accounts/${accountId}/quota`)).statusCode,
    ).toBe(404);
  });

  it('refuses an upload without its title or audience, or with another workspace’s thumbnail; publishes a Short', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const accountId = await connectYouTube(workspace.cookie);
    const uploaded = await uploadFile(t.app, workspace.cookie, readFixture('vertical'), {
      fileName: 'short.mp4',
      contentType: 'video/mp4',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const video = uploaded.json();
    const thumbnail = await uploadImage(t.app, workspace.cookie, 'jpeg', { width: 1280, height: 720 });
    const foreign = await uploadImage(t.app, (await newWorkspace(t)).cookie, 'jpeg', {
      width: 1280,
      height: 720,
    });
    const compose = (fields: Record<string, unknown>) =>
      user.post('/api/posts/compose', {
        content: 'Laminating croissant dough in 3 seconds.',
        media: [{ id: video.id }],
        targets: [{ platform: 'youtube', socialAccountId: accountId }],
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
        ...fields,
      });

    const untitled = await compose({ platformOptions: { youtube: { madeForKids: false } } });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.message).toContain('needs a title: YouTube shows it with the video');
    const noAudience = await compose({ title: 'Croissant dough', platformOptions: { youtube: {} } });
    expect(noAudience.statusCode).toBe(400);
    expect(noAudience.json().error.message).toContain('made for kids');
    const stolen = await compose({
      title: 'Croissant dough',
      platformOptions: { youtube: { madeForKids: false, thumbnailMediaId: foreign.id } },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toContain('thumbnail');

    const scheduled = await compose({
      title: 'Croissant dough',
      platformOptions: {
        youtube: {
          madeForKids: false,
          privacy: 'unlisted',
          tags: ['baking'],
          categoryId: '26',
          thumbnailMediaId: thumbnail.id,
        },
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const post = scheduled.json().posts[0];
    const stored = await postRow(t, post.id);
    const at = new Date((stored.scheduledAt as Date).getTime() + 1000);
    expect(await publishPost(t.ctx, { postId: post.id, version: stored.publishVersion }, at)).toBe(
      'published',
    );
    const row = await postRow(t, post.id);
    expect(row.externalUrl).toContain(`/sandbox/youtube/shorts/${row.externalId}`);
    const [sent] = await t.ctx.database.db
      .select()
      .from(sandboxPosts)
      .where(
        and(eq(sandboxPosts.platform, 'youtube'), eq(sandboxPosts.externalId, row.externalId as string)),
      );
    expect(sent?.text).toBe('Laminating croissant dough in 3 seconds.');
    expect(sent?.media[0]).toMatchObject({
      title: 'Croissant dough',
      privacyStatus: 'unlisted',
      madeForKids: false,
      tags: ['baking'],
      categoryId: '26',
      width: 540,
      height: 960,
      thumbnail: true,
    });
  });
});
