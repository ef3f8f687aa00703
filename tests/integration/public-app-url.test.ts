import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import { socialAccounts } from '../../src/server/db/schema';
import { uploadImage } from '../factories/media';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { insertAccount, newWorkspace } from '../factories/publishing';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Instagram and Facebook download images from APP_URL (decision 041). /api/health says whether it
 * looks public; with a real account on those platforms and a private APP_URL, the account list
 * says why image posts will fail, and scheduling one answers 400 with that reason instead of
 * failing at its time. TEST_APP_URL (http://kitepost.test) is not public.
 */

const REAL_INSTAGRAM = { INSTAGRAM_APP_ID: 'ig-app', INSTAGRAM_APP_SECRET: 'ig-secret' };

async function realAccount(t: TestApp, workspaceId: string, platform: PublishingPlatform) {
  const row = await insertAccount(t, workspaceId, { platform });
  await t.ctx.database.db.update(socialAccounts).set({ sandbox: false }).where(eq(socialAccounts.id, row.id));
  return row;
}

describe.each(databaseKinds)('a private APP_URL and the platforms that download media, on %s', (kind) => {
  let t: TestApp;
  let publicApp: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    publicApp = await buildTestApp(kind, { APP_URL: 'https://kitepost.example.com' });
  });
  afterAll(async () => {
    await t.close();
    await publicApp.close();
  });

  it('/api/health says whether APP_URL looks public, answering 200 either way', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().checks.publicUrl).toEqual({
      status: 'unreachable',
      detail: expect.stringContaining('kitepost.test is a local name'),
    });
    // Only the simulator downloads here (in-process): nothing is degraded by it.
    expect(health.json().status).toBe('ok');
    const fine = await publicApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(fine.json().checks.publicUrl).toEqual({ status: 'ok' });
  });

  it('/api/health is degraded (still 200) while a real Instagram app is configured on a private APP_URL', async () => {
    const real = await buildTestApp(kind, { ...REAL_INSTAGRAM, APP_URL: 'http://192.168.1.20:5000' });
    try {
      const health = await real.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({
        status: 'degraded',
        checks: { publicUrl: { status: 'unreachable', detail: expect.stringContaining('private') } },
      });
    } finally {
      await real.close();
    }
  });

  it('the account list says why image posts to a real Instagram or Facebook account will fail', async () => {
    const { cookie, workspaceId } = await newWorkspace(t);
    const instagram = await realAccount(t, workspaceId, 'instagram');
    const facebook = await realAccount(t, workspaceId, 'facebook');
    const x = await realAccount(t, workspaceId, 'twitter');
    const sandboxInstagram = await insertAccount(t, workspaceId, { platform: 'instagram' });
    const list = (await asUser(t.app, cookie).get('/api/user/social-accounts')).json() as {
      id: string;
      mediaWarning: string | null;
    }[];
    const warningOf = (id: string) => list.find((account) => account.id === id)?.mediaWarning;
    expect(warningOf(instagram.id)).toMatch(/^Image posts to Instagram will fail: .*kitepost\.test.*APP_URL/);
    expect(warningOf(facebook.id)).toMatch(/^Image posts to Facebook will fail/);
    expect(warningOf(x.id)).toBeNull();
    expect(warningOf(sandboxInstagram.id)).toBeNull();
  });

  it('scheduling an image post to a real Instagram account answers 400 with the reason', async () => {
    const { cookie, workspaceId } = await newWorkspace(t);
    const account = await realAccount(t, workspaceId, 'instagram');
    const image = await uploadImage(t.app, cookie, 'jpeg');
    const api = asUser(t.app, cookie);
    const composed = await api.post('/api/posts/compose', {
      content: 'Fresh croissants',
      mediaIds: [image.id],
      targets: [{ platform: 'instagram', socialAccountId: account.id }],
      scheduledAt: daysFromNow(1),
    });
    expect(composed.statusCode).toBe(400);
    expect(composed.json().error.message).toMatch(/^Image posts to Instagram will fail: .*Set APP_URL/);

    // A draft may be kept; scheduling it (to the account, or to the platform: the account may be
    // chosen) is refused the same way.
    const draft = await createPost(t.app, cookie, { platform: 'instagram', content: 'Draft', hashtags: [] });
    expect((await api.patch(`/api/posts/${draft.id}`, { mediaIds: [image.id] })).statusCode).toBe(200);
    for (const socialAccountId of [account.id, null]) {
      const scheduled = await api.post(`/api/posts/${draft.id}/schedule`, {
        scheduledAt: daysFromNow(1),
        socialAccountId,
      });
      expect(scheduled.statusCode).toBe(400);
      expect(scheduled.json().error.message).toContain('Image posts to Instagram will fail');
    }
  });

  it('lets the same post through with a sandbox account, or a public APP_URL', async () => {
    for (const app of [t, publicApp]) {
      const { cookie, workspaceId } = await newWorkspace(app);
      const account =
        app === t
          ? await insertAccount(app, workspaceId, { platform: 'instagram' })
          : await realAccount(app, workspaceId, 'instagram');
      const image = await uploadImage(app.app, cookie, 'jpeg');
      const composed = await asUser(app.app, cookie).post('/api/posts/compose', {
        content: 'Fresh croissants',
        mediaIds: [image.id],
        targets: [{ platform: 'instagram', socialAccountId: account.id }],
        scheduledAt: daysFromNow(1),
      });
      expect(composed.statusCode, app.config.appUrl).toBe(201);
    }
  });
});
